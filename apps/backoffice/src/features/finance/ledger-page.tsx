import { endpoints } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { Button, Card, Field, Input, PageTitle } from '../../shared/ui/controls';
import { type Column, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { FinanceTabs, Money } from './shared';

type Line = {
  entryId: string;
  kind: string;
  account: string;
  vendorCode: string | null;
  amount: string;
  balanceAfter: string;
  createdAt: number;
  metadata: Record<string, unknown>;
};
type Ledger = {
  items: Line[];
  total: number;
  page: number;
  pageSize: number;
  memberId: number;
  username: string;
  currency: string;
  balances: { account: string; balance: string }[];
};

/** A member's ledger: every account's balance and the journal lines, newest first, with a kind filter. */
export const LedgerPage = () => {
  const { t, i18n } = useTranslation('finance');
  const list = useListState({ filters: { memberId: '', kind: '' } });
  const [form, setForm] = useState(list.filters);
  const memberId = Number(list.filters.memberId);
  const valid = Number.isSafeInteger(memberId) && memberId > 0;
  const ledger = useQuery({
    queryKey: ['bo', 'finance', 'ledger', memberId, list.filters.kind, list.page, list.pageSize],
    queryFn: () =>
      requestBo<Ledger>(endpoints.boMemberLedger, {
        query: { memberId, kind: list.filters.kind || undefined, page: list.page, pageSize: list.pageSize },
      }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const currency = ledger.data?.currency ?? '';
  const columns: Column<Line>[] = [
    {
      key: 'time',
      label: t('time'),
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    { key: 'kind', label: t('ledger.kind'), render: (r) => <code className="text-xs">{r.kind}</code> },
    {
      key: 'account',
      label: t('ledger.account'),
      render: (r) => `${r.account}${r.vendorCode ? `:${r.vendorCode}` : ''}`,
    },
    { key: 'amount', label: t('amount'), render: (r) => <Money value={r.amount} currency={currency} /> },
    {
      key: 'after',
      label: t('ledger.after'),
      render: (r) => <Money value={r.balanceAfter} currency={currency} />,
    },
    {
      key: 'note',
      label: t('ledger.note'),
      render: (r) => {
        const reason = r.metadata.reason;
        return typeof reason === 'string' ? (
          <span className="text-xs">{reason}</span>
        ) : (
          <span className="text-muted text-xs">{r.entryId.slice(0, 8)}</span>
        );
      },
    },
  ];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };
  return (
    <div data-testid="finance-ledger" className="flex flex-col gap-3">
      <div>
        <PageTitle title={t('ledger.title')} />
        <FinanceTabs />
        <form onSubmit={apply} className="grid grid-cols-1 gap-2 sm:grid-cols-4">
          <Field label={t('adjust.memberId')}>
            <Input
              inputMode="numeric"
              value={form.memberId}
              onChange={(e) => setForm({ ...form, memberId: e.target.value })}
              data-testid="ledger-member"
            />
          </Field>
          <Field label={t('ledger.kind')}>
            <Input
              value={form.kind}
              placeholder="deposit"
              onChange={(e) => setForm({ ...form, kind: e.target.value })}
            />
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" data-testid="ledger-search">
              {t('search')}
            </Button>
          </div>
        </form>
      </div>
      {ledger.isError ? (
        <p role="alert" className="text-danger text-sm">
          {errorText(ledger.error)}
        </p>
      ) : null}
      {ledger.data ? (
        <Card title={t('ledger.balances', { member: ledger.data.username, id: ledger.data.memberId })}>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="ledger-balances">
            {ledger.data.balances.map((b) => (
              <div key={b.account} className="rounded border border-line p-2">
                <dt className="text-muted text-xs">{b.account}</dt>
                <dd className="font-medium">
                  <Money value={b.balance} currency={currency} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      {valid ? (
        <DataTable
          testId="ledger-table"
          columns={columns}
          rows={ledger.data?.items}
          rowKey={(r) => `${r.entryId}-${r.account}-${r.vendorCode ?? ''}`}
          total={ledger.data?.total ?? 0}
          page={list.page}
          pageSize={list.pageSize}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          loading={ledger.isFetching}
        />
      ) : (
        <p className="text-muted text-sm">{t('ledger.pick')}</p>
      )}
    </div>
  );
};
