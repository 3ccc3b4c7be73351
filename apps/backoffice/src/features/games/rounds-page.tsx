import { endpoints } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv, requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { GamesTabs, money, type RoundRow } from './shared';

const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

/** Game rounds of the merchant: by member, game, vendor, status and time; paged, CSV. */
export const RoundsPage = () => {
  const { t, i18n } = useTranslation('games');
  const { merchant } = useMerchant();
  const list = useListState({
    filters: { member: '', nodeId: '', vendor: '', status: '', from: '', to: '' },
  });
  const [form, setForm] = useState(list.filters);
  const query = {
    merchant,
    member: list.filters.member || undefined,
    nodeId: list.filters.nodeId || undefined,
    vendor: list.filters.vendor || undefined,
    status: list.filters.status || undefined,
    from: toMs(list.filters.from),
    to: toMs(list.filters.to),
  };
  const result = useQuery({
    queryKey: ['bo', 'games', 'rounds', query, list.page, list.pageSize],
    queryFn: () =>
      requestBo<{ items: RoundRow[]; total: number }>(endpoints.boGameRounds, {
        query: { ...query, page: list.page, pageSize: list.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<RoundRow>[] = [
    {
      key: 'openedAt',
      label: t('rounds.openedAt'),
      render: (r) => formatTime(r.openedAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'member',
      label: t('rounds.member'),
      render: (r) =>
        r.username ? `${r.username} (#${r.memberId})` : r.mode === 'demo' ? t('rounds.demo') : '—',
    },
    {
      key: 'game',
      label: t('rounds.game'),
      render: (r) => (
        <span className="text-xs">
          {r.vendorCode} · {r.gameType}
          <br />
          <code className="text-muted">{r.gameNodeId ?? r.externalRoundId ?? '—'}</code>
        </span>
      ),
    },
    { key: 'status', label: t('rounds.status'), render: (r) => t(`status.${r.status}`) },
    {
      key: 'stake',
      label: t('rounds.stake'),
      render: (r) => money(r.stakeMinor),
      className: 'text-right tabular-nums',
    },
    {
      key: 'payout',
      label: t('rounds.payout'),
      render: (r) => money(r.payoutMinor),
      className: 'text-right tabular-nums',
    },
    {
      key: 'balance',
      label: t('rounds.balance'),
      render: (r) => (
        <span className="whitespace-nowrap text-xs tabular-nums">
          {money(r.balanceBeforeMinor)} → {money(r.balanceAfterMinor)}
        </span>
      ),
    },
    {
      key: 'open',
      label: '',
      render: (r) => (
        <Link to={`/games/rounds/${r.id}`} className="text-accent text-sm" data-testid="bo-round-open">
          {t('rounds.detail')}
        </Link>
      ),
    },
  ];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };
  return (
    <div data-testid="bo-games-rounds">
      <PageTitle
        title={t('title')}
        actions={
          <CsvButton
            download={() => downloadCsv(endpoints.boGameRoundsCsv, query, `rounds-${merchant}.csv`)}
          />
        }
      />
      <GamesTabs />
      <form onSubmit={apply} className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-7">
        <Field label={t('rounds.member')}>
          <Input
            data-testid="bo-rounds-member"
            value={form.member}
            onChange={(e) => setForm({ ...form, member: e.target.value })}
          />
        </Field>
        <Field label={t('rounds.nodeId')}>
          <Input value={form.nodeId} onChange={(e) => setForm({ ...form, nodeId: e.target.value })} />
        </Field>
        <Field label={t('rounds.vendor')}>
          <Input
            value={form.vendor}
            onChange={(e) => setForm({ ...form, vendor: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field label={t('rounds.status')}>
          <Select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">{t('rounds.anyStatus')}</option>
            {(['open', 'settled', 'cancelled'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('rounds.from')}>
          <Input
            type="datetime-local"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
          />
        </Field>
        <Field label={t('rounds.to')}>
          <Input
            type="datetime-local"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
          />
        </Field>
        <div className="flex items-end">
          <Button type="submit" variant="primary" data-testid="bo-rounds-filter">
            {t('rounds.filter')}
          </Button>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="bo-rounds-table"
        columns={columns}
        rows={result.data?.items}
        rowKey={(r) => r.id}
        total={result.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        loading={result.isPending}
      />
    </div>
  );
};
