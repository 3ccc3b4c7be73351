import type { BoWithdrawalActionBody, BoWithdrawalRow } from '@khela/contract';
import { endpoints, WITHDRAWAL_CONFIRMATIONS, WITHDRAWAL_STATUSES } from '@khela/contract/browser';
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
type Action = BoWithdrawalActionBody['action'];
const KEY = ['bo', 'finance', 'withdrawals'] as const;
/** Actions that need a reason (written to the audit log). */
const WITH_REASON: Action[] = ['reject', 'force_receipt', 'refund'];

/** The actions finance may take on a withdrawal in its current state (spec §4). */
export const actionsFor = (row: Pick<BoWithdrawalRow, 'status' | 'confirmation'>): Action[] => {
  if (row.status === 'in_process') return ['approve', 'reject'];
  if (row.status === 'approved') return ['issue', 'reject'];
  if (row.status === 'issued' && row.confirmation === 'not_received') return ['force_receipt', 'refund'];
  return [];
};

/** The withdrawal queue: approve, reject (reason), issue (payment distributed), settle a "not received". */
export const WithdrawalsPage = () => {
  const { t, i18n } = useTranslation('finance');
  const { merchant } = useMerchant();
  const list = useListState({ filters: { status: 'in_process', confirmation: '', username: '' } });
  const [form, setForm] = useState(list.filters);
  const [asking, setAsking] = useState<{ row: BoWithdrawalRow; action: Action } | null>(null);
  const query = {
    merchant,
    status: list.filters.status || undefined,
    confirmation: list.filters.confirmation || undefined,
    username: list.filters.username || undefined,
  };
  const result = useQuery({
    queryKey: [...KEY, query, list.page, list.pageSize],
    queryFn: () =>
      requestBo<Paged<BoWithdrawalRow>>(endpoints.boWithdrawals, {
        query: { ...query, page: list.page, pageSize: list.pageSize },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const act = useAction(
    (vars: { row: BoWithdrawalRow; action: Action; reason?: string }) =>
      requestBo<BoWithdrawalRow>(endpoints.boWithdrawalAction, {
        body: { id: vars.row.id, action: vars.action, ...(vars.reason ? { reason: vars.reason } : {}) },
      }),
    {
      success: (row) => t('withdrawals.done', { status: t(`withdrawalStatus.${row.status}`) }),
      invalidate: [KEY],
      onSuccess: () => setAsking(null),
    },
  );

  const run = async (row: BoWithdrawalRow, action: Action) => {
    if (WITH_REASON.includes(action)) {
      setAsking({ row, action });
      return;
    }
    const text = t(`withdrawals.confirm.${action}`, {
      amount: row.amount,
      currency: row.currency,
      member: row.username,
    });
    if (await confirmAction(text, t(`actions_.${action}`), false)) act.mutate({ row, action });
  };

  const columns: Column<BoWithdrawalRow>[] = [
    {
      key: 'createdAt',
      label: t('time'),
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    { key: 'member', label: t('member'), render: (r) => <span className="font-medium">{r.username}</span> },
    { key: 'amount', label: t('amount'), render: (r) => <Money value={r.amount} currency={r.currency} /> },
    {
      key: 'payee',
      label: t('payee'),
      render: (r) => (
        <div className="text-xs">
          <p className="font-medium text-sm">{r.payeeName}</p>
          <p>
            {r.channel} · <code>{r.number}</code>
          </p>
        </div>
      ),
    },
    {
      key: 'status',
      label: t('status'),
      render: (r) => (
        <div className="flex flex-col items-start gap-0.5">
          <Badge value={r.status} label={t(`withdrawalStatus.${r.status}`)} testId="withdrawal-status" />
          {r.confirmation ? (
            <Badge
              value={r.confirmation}
              label={t(`confirmation.${r.confirmation}`)}
              testId="withdrawal-confirmation"
            />
          ) : null}
          {r.reason ? <span className="text-muted text-xs">{r.reason}</span> : null}
        </div>
      ),
    },
    { key: 'proof', label: t('proof'), render: (r) => (r.proofId ? <UploadButton id={r.proofId} /> : '—') },
    {
      key: 'actions',
      label: t('actions'),
      render: (r) => (
        <div className="flex flex-wrap gap-1.5">
          {actionsFor(r).map((action) => (
            <Button
              key={action}
              variant={action === 'reject' || action === 'refund' ? 'danger' : 'primary'}
              pending={act.isPending && act.variables?.row.id === r.id && act.variables.action === action}
              data-testid={`${action}-${r.id}`}
              onClick={() => void run(r, action)}
            >
              {t(`actions_.${action}`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };

  return (
    <div data-testid="finance-withdrawals">
      <PageTitle
        title={t('withdrawals.title')}
        actions={
          <CsvButton
            download={() => downloadCsv(endpoints.boWithdrawalsCsv, query, `withdrawals-${merchant}.csv`)}
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
            {WITHDRAWAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`withdrawalStatus.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('confirmationLabel')}>
          <Select
            value={form.confirmation}
            onChange={(e) => setForm({ ...form, confirmation: e.target.value })}
          >
            <option value="">{t('any')}</option>
            {WITHDRAWAL_CONFIRMATIONS.map((value) => (
              <option key={value} value={value}>
                {t(`confirmation.${value}`)}
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
        testId="withdrawals-table"
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
        open={asking !== null}
        title={asking ? t(`withdrawals.reasonTitle.${asking.action}`, { member: asking.row.username }) : ''}
        confirmLabel={asking ? t(`actions_.${asking.action}`) : ''}
        required
        danger={asking?.action !== 'force_receipt'}
        onCancel={() => setAsking(null)}
        onConfirm={async (reason) => {
          if (asking) await act.mutateAsync({ ...asking, reason }).catch(() => undefined);
        }}
      />
    </div>
  );
};
