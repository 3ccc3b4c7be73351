import type { BoDepositRow } from '@khela/contract';
import { DEPOSIT_STATUSES, endpoints } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { Badge, FinanceTabs, Money, ReasonDialog, UploadButton } from './shared';

type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };
const KEY = ['bo', 'finance', 'deposits'] as const;

/** The deposit queue: pending first by default; approve (credits once) or reject with a reason. */
export const DepositsPage = () => {
  const { t, i18n } = useTranslation('finance');
  const { merchant } = useMerchant();
  const list = useListState({ filters: { status: 'pending', username: '' } });
  const [form, setForm] = useState(list.filters);
  const [rejecting, setRejecting] = useState<BoDepositRow | null>(null);
  const query = {
    merchant,
    status: list.filters.status || undefined,
    username: list.filters.username || undefined,
  };
  const result = useQuery({
    queryKey: [...KEY, query, list.page, list.pageSize],
    queryFn: () =>
      requestBo<Paged<BoDepositRow>>(endpoints.boDeposits, {
        query: { ...query, page: list.page, pageSize: list.pageSize },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const approve = useAction(
    (row: BoDepositRow) => requestBo<BoDepositRow>(endpoints.boDepositApprove, { body: { id: row.id } }),
    { success: t('deposits.approved'), invalidate: [KEY] },
  );
  const reject = useAction(
    (vars: { row: BoDepositRow; reason: string }) =>
      requestBo<BoDepositRow>(endpoints.boDepositReject, { body: { id: vars.row.id, reason: vars.reason } }),
    { success: t('deposits.rejected'), invalidate: [KEY], onSuccess: () => setRejecting(null) },
  );

  const columns: Column<BoDepositRow>[] = [
    {
      key: 'createdAt',
      label: t('time'),
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    { key: 'member', label: t('member'), render: (r) => <span className="font-medium">{r.username}</span> },
    { key: 'channel', label: t('channel'), render: (r) => r.channelName },
    { key: 'amount', label: t('amount'), render: (r) => <Money value={r.amount} currency={r.currency} /> },
    {
      key: 'reference',
      label: t('reference'),
      render: (r) => <code className="text-xs">{r.reference}</code>,
    },
    {
      key: 'receipt',
      label: t('receipt'),
      render: (r) => (r.receiptId ? <UploadButton id={r.receiptId} /> : '—'),
    },
    {
      key: 'status',
      label: t('status'),
      render: (r) => (
        <div className="flex flex-col gap-0.5">
          <Badge value={r.status} label={t(`depositStatus.${r.status}`)} testId="deposit-status" />
          {r.reason ? <span className="text-muted text-xs">{r.reason}</span> : null}
          {r.decidedBy ? <span className="text-muted text-xs">{r.decidedBy}</span> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      label: t('actions'),
      render: (r) =>
        r.status === 'pending' ? (
          <div className="flex gap-1.5">
            <Button
              variant="primary"
              pending={approve.isPending && approve.variables?.id === r.id}
              data-testid={`approve-${r.id}`}
              onClick={async () => {
                if (
                  await confirmAction(
                    t('deposits.confirmApprove', {
                      amount: r.amount,
                      currency: r.currency,
                      member: r.username,
                    }),
                    t('approve'),
                    false,
                  )
                )
                  approve.mutate(r);
              }}
            >
              {t('approve')}
            </Button>
            <Button variant="danger" data-testid={`reject-${r.id}`} onClick={() => setRejecting(r)}>
              {t('reject')}
            </Button>
          </div>
        ) : null,
    },
  ];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };

  return (
    <div data-testid="finance-deposits">
      <PageTitle
        title={t('deposits.title')}
        actions={
          <CsvButton
            download={() => downloadCsv(endpoints.boDepositsCsv, query, `deposits-${merchant}.csv`)}
          />
        }
      />
      <FinanceTabs />
      <form onSubmit={apply} className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Field label={t('status')}>
          <Select
            value={form.status}
            onChange={(e) => setForm({ ...form, status: e.target.value })}
            data-testid="filter-status"
          >
            <option value="">{t('any')}</option>
            {DEPOSIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`depositStatus.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('member')}>
          <Input
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            data-testid="filter-username"
          />
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="primary" data-testid="filter-apply">
            {t('search')}
          </Button>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="deposits-table"
        columns={columns}
        rows={result.data?.items}
        rowKey={(r) => r.id}
        total={result.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        loading={result.isFetching}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('deposits.rejectTitle', { member: rejecting?.username ?? '' })}
        confirmLabel={t('reject')}
        required
        danger
        onCancel={() => setRejecting(null)}
        onConfirm={async (reason) => {
          if (rejecting) await reject.mutateAsync({ row: rejecting, reason }).catch(() => undefined);
        }}
      />
    </div>
  );
};
