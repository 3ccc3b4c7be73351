import { endpoints } from '@khela/contract/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoApiError, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { KEYS, readSession } from '../../shared/storage';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { ProtectionTabs } from './shared';

type KycRow = {
  id: number;
  memberId: number;
  username: string;
  merchant: string;
  kind: string;
  mime: string;
  sizeBytes: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  createdAt: number;
};

/** Opens the document as uploaded in a new tab (fetched with the staff token, shown from a blob). */
const openDocument = async (id: number) => {
  const url = new URL(endpoints.boProtectionKycDocument.path, window.location.origin);
  url.searchParams.set('id', String(id));
  const token = readSession(KEYS.token);
  const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
  if (!response.ok) throw new BoApiError(response.status, 'not.found', 'error.not.found');
  window.open(URL.createObjectURL(await response.blob()), '_blank', 'noopener');
};

/** One pending document's decision: approve with the date of birth read off it, or reject with a reason. */
const Review = ({ row }: { row: KycRow }) => {
  const { t } = useTranslation('protection');
  const [birthDate, setBirthDate] = useState('');
  const [reason, setReason] = useState('');
  const review = useAction(
    (body: Record<string, unknown>) => requestBo<{ ok: true }>(endpoints.boProtectionKycReview, { body }),
    { success: t('kyc.reviewed'), invalidate: [['bo', 'protection', 'kyc']] },
  );
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid={`bo-kyc-review-${row.id}`}>
      <Field label={t('kyc.birthDate')}>
        <Input
          type="date"
          value={birthDate}
          data-testid="bo-kyc-birth"
          onChange={(e) => setBirthDate(e.target.value)}
        />
      </Field>
      <Button
        variant="primary"
        data-testid="bo-kyc-approve"
        disabled={!birthDate || review.isPending}
        onClick={() => review.mutate({ id: row.id, decision: 'approve', birthDate })}
      >
        {t('kyc.approve')}
      </Button>
      <Field label={t('kyc.reason')}>
        <Input value={reason} data-testid="bo-kyc-reason" onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Button
        data-testid="bo-kyc-reject"
        disabled={reason.trim().length < 3 || review.isPending}
        onClick={() => review.mutate({ id: row.id, decision: 'reject', reason })}
      >
        {t('kyc.reject')}
      </Button>
    </div>
  );
};

/** The KYC queue: members' identity documents by status, oldest pending first; open, approve, reject. */
export const KycPage = () => {
  const { t, i18n } = useTranslation('protection');
  const { merchant } = useMerchant();
  const can = useCan();
  const columns: Column<KycRow>[] = [
    { key: 'member', label: t('register.member'), render: (r) => `${r.username} (#${r.memberId})` },
    {
      key: 'document',
      label: t('kyc.document'),
      render: (r) => (
        <button
          type="button"
          className="text-brand underline"
          data-testid={`bo-kyc-open-${r.id}`}
          onClick={() => void openDocument(r.id)}
        >
          {t(`kyc.kind.${r.kind}`)} · {r.mime.replace(/^.*\//, '').toUpperCase()} ·{' '}
          {Math.ceil(r.sizeBytes / 1024)} KB
        </button>
      ),
    },
    {
      key: 'createdAt',
      label: t('kyc.sent'),
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      label: t('register.state'),
      render: (r) =>
        r.status === 'pending' && can('protection.write') ? (
          <Review row={r} />
        ) : (
          <span data-testid="bo-kyc-status">
            {t(`kyc.status.${r.status}`)}
            {r.reason ? ` · ${r.reason}` : ''}
          </span>
        ),
    },
  ];
  return (
    <ListScreen
      testId="page-bo-protection-kyc"
      tableTestId="bo-kyc-table"
      title={t('title')}
      tabs={<ProtectionTabs />}
      state={{ filters: { status: 'pending' } }}
      queryKey={['bo', 'protection', 'kyc']}
      query={(list) => ({ merchant, status: list.filters.status || 'pending' })}
      fetch={(query, page) =>
        requestBo<{ items: KycRow[]; total: number }>(endpoints.boProtectionKyc, {
          query: { ...query, ...page },
        })
      }
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
      filters={({ draft, set }) => (
        <>
          <Field label={t('register.state')}>
            <Select
              value={draft.status}
              data-testid="bo-kyc-filter-status"
              onChange={(e) => set({ status: e.target.value })}
            >
              {(['pending', 'approved', 'rejected'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`kyc.status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary">
              {t('register.filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
