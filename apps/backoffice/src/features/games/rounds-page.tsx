import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { GamesTabs, money, type RoundRow } from './shared';

const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

/** Game rounds of the merchant: by member, game, vendor, status and time; paged, CSV. */
export const RoundsPage = () => {
  const { t, i18n } = useTranslation('games');
  const { merchant } = useMerchant();
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
  return (
    <ListScreen
      testId="bo-games-rounds"
      tableTestId="bo-rounds-table"
      title={t('title')}
      tabs={<GamesTabs />}
      state={{ filters: { member: '', nodeId: '', vendor: '', status: '', from: '', to: '' } }}
      queryKey={['bo', 'games', 'rounds']}
      query={(list) => ({
        merchant,
        member: list.filters.member || undefined,
        nodeId: list.filters.nodeId || undefined,
        vendor: list.filters.vendor || undefined,
        status: list.filters.status || undefined,
        from: toMs(list.filters.from),
        to: toMs(list.filters.to),
      })}
      fetch={(query, page) =>
        requestBo<{ items: RoundRow[]; total: number }>(endpoints.boGameRounds, {
          query: { ...query, ...page },
        })
      }
      csv={(query) => downloadCsv(endpoints.boGameRoundsCsv, query, `rounds-${merchant}.csv`)}
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-7"
      filters={({ draft, set }) => (
        <>
          <Field label={t('rounds.member')}>
            <Input
              data-testid="bo-rounds-member"
              value={draft.member}
              onChange={(e) => set({ member: e.target.value })}
            />
          </Field>
          <Field label={t('rounds.nodeId')}>
            <Input value={draft.nodeId} onChange={(e) => set({ nodeId: e.target.value })} />
          </Field>
          <Field label={t('rounds.vendor')}>
            <Input value={draft.vendor} onChange={(e) => set({ vendor: e.target.value.toUpperCase() })} />
          </Field>
          <Field label={t('rounds.status')}>
            <Select value={draft.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">{t('rounds.anyStatus')}</option>
              {(['open', 'settled', 'cancelled'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('rounds.from')}>
            <Input type="datetime-local" value={draft.from} onChange={(e) => set({ from: e.target.value })} />
          </Field>
          <Field label={t('rounds.to')}>
            <Input type="datetime-local" value={draft.to} onChange={(e) => set({ to: e.target.value })} />
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" data-testid="bo-rounds-filter">
              {t('rounds.filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
