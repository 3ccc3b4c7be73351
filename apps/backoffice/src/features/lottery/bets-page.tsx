import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { downloadCsv, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { type BetRow, GAME_CODES, LotteryTabs, money } from './shared';

/** Lottery bets of the merchant: by game, issue, member and status; paged. */
export const BetsPage = () => {
  const { t, i18n } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const columns: Column<BetRow>[] = [
    {
      key: 'placedAt',
      label: t('bets.placedAt'),
      render: (r) => formatTime(r.placedAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    { key: 'member', label: t('bets.member'), render: (r) => `#${r.memberId}` },
    { key: 'issue', label: t('bets.issue'), render: (r) => `${r.gameCode} ${r.issueNo}` },
    {
      key: 'bet',
      label: t('bets.bet'),
      render: (r) => (
        <code className="text-xs">
          {r.betType} {JSON.stringify(r.selection)}
        </code>
      ),
    },
    { key: 'status', label: t('bets.status'), render: (r) => t(`status.${r.status}`) },
    {
      key: 'stake',
      label: t('bets.stake'),
      render: (r) => money(r.stakeMinor),
      className: 'text-right tabular-nums',
    },
    {
      key: 'payout',
      label: t('bets.payout'),
      render: (r) => money(r.payoutMinor),
      className: 'text-right tabular-nums',
    },
  ];
  return (
    <ListScreen
      testId="bo-lottery-bets"
      tableTestId="bo-lottery-bets-table"
      title={t('title')}
      tabs={<LotteryTabs />}
      state={{ filters: { gameCode: '', issueNo: '', memberId: '', status: '' } }}
      queryKey={['bo', 'lottery', 'bets']}
      query={(list) => ({
        merchant,
        gameCode: list.filters.gameCode || undefined,
        issueNo: list.filters.issueNo || undefined,
        memberId: list.filters.memberId || undefined,
        status: list.filters.status || undefined,
      })}
      fetch={(query, page) =>
        requestBo<{ items: BetRow[]; total: number }>(endpoints.boLotteryBets, {
          query: { ...query, ...page },
        })
      }
      csv={(query) => downloadCsv(endpoints.boLotteryBetsCsv, query, `lottery-bets-${merchant}.csv`)}
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-5"
      filters={({ draft, set }) => (
        <>
          <Field label={t('bets.game')}>
            <Select value={draft.gameCode} onChange={(e) => set({ gameCode: e.target.value })}>
              <option value="">{t('bets.anyGame')}</option>
              {GAME_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('bets.issue')}>
            <Input value={draft.issueNo} onChange={(e) => set({ issueNo: e.target.value })} />
          </Field>
          <Field label={t('bets.member')}>
            <Input
              inputMode="numeric"
              value={draft.memberId}
              onChange={(e) => set({ memberId: e.target.value })}
            />
          </Field>
          <Field label={t('bets.status')}>
            <Select value={draft.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">{t('bets.anyStatus')}</option>
              {(['open', 'won', 'lost', 'void'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary">
              {t('bets.filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
