import { type ContractKind, OVERVIEW_RANGES, type OverviewRange } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { Card, Chips, Empty, percent, Stat, useMoney } from './parts';

/** Team betting, or the members' profit and loss: the team's play per member over a range. */
export const TeamPlay = ({ view }: { view: 'betting' | 'profit' }) => {
  const { t } = useTranslation('agency');
  const money = useMoney();
  const [range, setRange] = useState<OverviewRange>('today');
  const q = useQuery({
    queryKey: ['agency-team-play', range],
    queryFn: () => callApi('agencyTeamPlay', { query: { range } }),
  });
  return (
    <Card title={t(view === 'betting' ? 'menu.betting' : 'menu.profit')} testId={`agency-${view}`}>
      <Chips
        label={t('overview.range')}
        value={range}
        onChange={setRange}
        options={OVERVIEW_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
      />
      <div className="mt-3 flex flex-col gap-2">
        {q.data && q.data.rows.length === 0 ? <Empty>{t('play.none')}</Empty> : null}
        {q.data?.rows.map((r) => (
          <div
            key={r.account}
            className="grid grid-cols-3 gap-2 rounded-xl bg-surface-2/70 p-3 text-sm ring-1 ring-line"
            data-testid="agency-play-row"
          >
            <span className="truncate font-semibold">{r.account}</span>
            <span className="text-right tabular-nums">
              {view === 'betting' ? `${r.bets} · ${money(r.turnoverMinor)}` : money(r.payoutMinor)}
            </span>
            <span
              className={`text-right font-semibold tabular-nums ${BigInt(r.profitMinor) < 0n ? 'text-red-600' : 'text-emerald-600'}`}
            >
              {view === 'betting' ? money(r.payoutMinor) : money(r.profitMinor)}
            </span>
          </div>
        ))}
      </div>
    </Card>
  );
};

/** My income (every kind), or one kind's statement (dividend record, daily wages, hourly, real-time). */
export const Income = ({ kind }: { kind?: ContractKind }) => {
  const { t, i18n } = useTranslation('agency');
  const money = useMoney();
  const q = useQuery({
    queryKey: ['agency-income', kind ?? 'all'],
    queryFn: () => callApi('agencyIncome', { query: { kind } }),
  });
  const title = kind ? t(`menu.${kind}`) : t('menu.income');
  return (
    <Card title={title} testId={kind ? `agency-income-${kind}` : 'agency-income'}>
      {!kind && q.data ? (
        <dl className="mb-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label={t('income.total')} value={money(q.data.totalPaidMinor)} testId="agency-income-total" />
          <Stat label={t('income.pending')} value={money(q.data.pendingMinor)} />
          {q.data.byKind
            .filter((k) => k.paidMinor !== '0')
            .map((k) => (
              <Stat key={k.kind} label={t(`kind.${k.kind}`)} value={money(k.paidMinor)} />
            ))}
        </dl>
      ) : null}
      <div className="flex flex-col gap-2">
        {q.data && q.data.items.length === 0 ? <Empty>{t('income.none')}</Empty> : null}
        {q.data?.items.map((b) => (
          <article
            key={b.id}
            className="rounded-xl bg-surface-2/70 p-3 text-sm ring-1 ring-line"
            data-testid="agency-bill"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">
                {t(`kind.${b.kind}`)} · {new Date(b.periodStart).toLocaleString(i18n.language)}
              </span>
              <span className="font-bold tabular-nums" data-testid="agency-bill-amount">
                {money(b.amountMinor)}
              </span>
            </div>
            <p className="mt-1 text-xs text-muted">
              {t('income.line', {
                turnover: money(b.kind === 'dividend' ? b.teamGgrMinor : b.teamTurnoverMinor),
                active: b.activeMembers,
                rate: percent(b.rateBp),
                gross: money(b.grossMinor),
                children: money(b.childrenMinor),
              })}
              {b.carryInMinor !== '0' ? ` · ${t('income.carry', { carry: money(b.carryInMinor) })}` : ''} ·{' '}
              {t(`bill.${b.state}`)}
            </p>
          </article>
        ))}
      </div>
    </Card>
  );
};
