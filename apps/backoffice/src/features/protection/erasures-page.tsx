import { endpoints } from '@khela/contract/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { ProtectionTabs } from './shared';

const STATUSES = ['retained', 'done'] as const;

type ErasureRow = {
  memberId: number;
  username: string;
  merchant: string;
  status: (typeof STATUSES)[number];
  requestedAt: number;
  requestedBy: number | null;
  retainedUntil: number | null;
  finishedAt: number | null;
};

const ERASURES_KEY = ['bo', 'protection', 'erasures'];

/** Staff erase a closed account on the member's behalf: the member id, how they asked, a confirmation. */
const EraseForm = () => {
  const { t } = useTranslation('protection');
  const [form, setForm] = useState({ memberId: '', reason: '' });
  const erase = useAction(
    (body: Record<string, unknown>) => requestBo<ErasureRow>(endpoints.boProtectionErase, { body }),
    {
      success: t('erasure.done'),
      invalidate: [ERASURES_KEY],
      onSuccess: () => setForm({ memberId: '', reason: '' }),
    },
  );
  const submit = async () => {
    if (!(await confirmAction(t('erasure.confirm'), t('erasure.submit')))) return;
    erase.mutate({ memberId: Number(form.memberId), reason: form.reason });
  };
  return (
    <Card title={t('erasure.title')} className="mt-4">
      <p className="mb-2 text-muted text-sm">{t('erasure.explain')}</p>
      <form
        className="grid grid-cols-1 gap-2 sm:grid-cols-3"
        data-testid="bo-erase-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('exclude.memberId')}>
          <Input
            inputMode="numeric"
            required
            data-testid="bo-erase-member"
            value={form.memberId}
            onChange={(e) => setForm({ ...form, memberId: e.target.value.replace(/[^0-9]/g, '') })}
          />
        </Field>
        <Field label={t('erasure.reason')}>
          <Input
            required
            minLength={3}
            data-testid="bo-erase-reason"
            value={form.reason}
            onChange={(e) => setForm({ ...form, reason: e.target.value })}
          />
        </Field>
        <div className="flex items-end">
          <Button type="submit" variant="primary" data-testid="bo-erase-submit" disabled={erase.isPending}>
            {erase.isPending ? t('erasure.working') : t('erasure.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/**
 * Erasures (issue 16, ADR 052, 057): every erased account, retained (AML records kept until a date)
 * or done, filterable by state and member; staff with `protection.write` erase a closed account on
 * the member's behalf.
 */
export const ErasuresPage = () => {
  const { t, i18n } = useTranslation('protection');
  const { merchant } = useMerchant();
  const can = useCan();
  const when = (at: number | null) => (at === null ? '—' : formatTime(at, i18n.language));
  const columns: Column<ErasureRow>[] = [
    { key: 'member', label: t('register.member'), render: (r) => `${r.username} (#${r.memberId})` },
    {
      key: 'requestedAt',
      label: t('erasure.requested'),
      render: (r) =>
        `${when(r.requestedAt)} · ${r.requestedBy === null ? t('erasure.byMember') : t('erasure.byStaff')}`,
    },
    {
      key: 'status',
      label: t('register.state'),
      render: (r) => (
        <span data-testid="bo-erasure-status">
          {r.status === 'retained'
            ? t('erasure.retainedUntil', { date: when(r.retainedUntil) })
            : t('erasure.doneAt', { date: when(r.finishedAt) })}
        </span>
      ),
    },
  ];
  return (
    <>
      <ListScreen
        testId="page-bo-protection-erasures"
        tableTestId="bo-erasures-table"
        title={t('title')}
        tabs={<ProtectionTabs />}
        state={{ filters: { status: '', memberId: '' } }}
        queryKey={ERASURES_KEY}
        query={(list) => ({
          merchant,
          status: (list.filters.status || undefined) as ErasureRow['status'] | undefined,
          memberId: list.filters.memberId ? Number(list.filters.memberId) : undefined,
        })}
        fetch={(query, page) =>
          requestBo<{ items: ErasureRow[]; total: number }>(endpoints.boProtectionErasures, {
            query: { ...query, ...page },
          })
        }
        columns={columns}
        rowKey={(r) => r.memberId}
        empty={t('erasure.none')}
        filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3"
        filters={({ draft, set }) => (
          <>
            <Field label={t('register.state')}>
              <Select
                value={draft.status}
                data-testid="bo-erasures-filter-status"
                onChange={(e) => set({ status: e.target.value })}
              >
                <option value="">{t('register.anyState')}</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`erasure.status.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('exclude.memberId')}>
              <Input
                inputMode="numeric"
                value={draft.memberId}
                data-testid="bo-erasures-filter-member"
                onChange={(e) => set({ memberId: e.target.value.replace(/[^0-9]/g, '') })}
              />
            </Field>
            <div className="flex items-end">
              <Button type="submit" variant="primary" data-testid="bo-erasures-filter-submit">
                {t('register.filter')}
              </Button>
            </div>
          </>
        )}
      />
      {can('protection.write') ? <EraseForm /> : null}
    </>
  );
};
