import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { CashOut } from './cash-out';
import { useOddsFormat } from './odds-format';
import { PartialCashOut } from './partial-cash-out';
import { useMyBookBets } from './queries';
import { lineText } from './slip';

/** The member's bets, open or settled, each leg with its outcome, the payout when settled. */
export const MyBookBets = ({ money }: { money: (minor: bigint) => string }) => {
  const { t } = useTranslation('sportsbook');
  const { show: showOdds } = useOddsFormat();
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const [cashedOut, setCashedOut] = useState<string | null>(null);
  const bets = useMyBookBets(true);
  const shown = (bets.data ?? []).filter((b) => b.status === tab);
  return (
    <section className="space-y-2" data-testid="book-my-bets">
      <div role="tablist" className="flex gap-1.5">
        {(['open', 'settled'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            data-testid={`my-bets-${x}`}
            onClick={() => setTab(x)}
            className={cx(
              'rounded-full px-3 py-1 text-sm font-semibold',
              tab === x ? 'bg-fg text-bg' : 'bg-surface-2 ring-1 ring-line',
            )}
          >
            {t(`bets.${x}`)}
          </button>
        ))}
      </div>
      {cashedOut ? (
        <p role="status" data-testid="cash-out-done" className="text-sm font-semibold text-emerald-700">
          {cashedOut}
        </p>
      ) : null}
      {shown.length === 0 ? <p className="text-sm text-muted">{t('bets.none')}</p> : null}
      <ul className="space-y-2">
        {shown.map((bet) => (
          <li
            key={bet.id}
            data-testid="book-bet"
            data-kind={bet.kind}
            data-result={bet.result ?? ''}
            className="space-y-1 rounded-2xl bg-surface p-3 text-sm ring-1 ring-line"
          >
            <div className="flex items-center gap-2">
              <span className="font-bold">{t(`bets.kind.${bet.kind}`)}</span>
              <span className="tabular-nums text-muted">{money(BigInt(bet.stakeMinor))}</span>
              <span
                data-testid="book-bet-result"
                className={cx(
                  'ml-auto rounded-full px-2 py-0.5 text-xs font-bold',
                  bet.status === 'open' && 'bg-amber-500/15 text-amber-700',
                  BigInt(bet.payoutMinor) > 0n && 'bg-emerald-500/15 text-emerald-700',
                  bet.status === 'settled' && BigInt(bet.payoutMinor) === 0n && 'bg-surface-2 text-muted',
                )}
              >
                {bet.status === 'open'
                  ? t('bets.open')
                  : `${t(`bets.result.${bet.result ?? 'lost'}`)} ${money(BigInt(bet.payoutMinor))}`}
              </span>
            </div>
            <ul className="space-y-0.5 text-xs text-muted">
              {bet.legs.map((l) => (
                <li key={`${bet.id}-${l.eventId}`} className="flex gap-2">
                  <span className="min-w-0 flex-1 truncate">
                    {l.event} · {t(`market.${l.marketKind}`)} · {t(`pick.${l.selectionCode}`)}{' '}
                    {lineText(l.marketKind, l.lineQ, l.selectionCode)}
                  </span>
                  <span className="tabular-nums">@{showOdds(l.odds)}</span>
                  {l.outcome ? <span>{t(`outcome.${l.outcome}`)}</span> : null}
                  {l.deadHeat ? (
                    <span data-testid="book-leg-dead-heat">
                      {t('bets.deadHeat', { places: l.deadHeat.places, tied: l.deadHeat.tied })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {bet.partialCashOuts.length > 0 ? (
              <ul className="space-y-0.5 text-xs text-muted" data-testid="book-bet-partials">
                {bet.partialCashOuts.map((p) => (
                  <li key={`${bet.id}-${p.at}-${p.stakePartMinor}`} data-testid="book-bet-partial">
                    {t('partialCashOut.history', {
                      part: money(BigInt(p.stakePartMinor)),
                      amount: money(BigInt(p.valueMinor)),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {bet.status === 'open' ? <CashOut bet={bet} money={money} onCashedOut={setCashedOut} /> : null}
            {bet.status === 'open' ? <PartialCashOut bet={bet} money={money} onDone={setCashedOut} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
