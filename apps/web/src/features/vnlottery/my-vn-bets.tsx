import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useMyVnBets } from './queries';

/** The member's Vietnamese lottery bets, newest first, with win or loss per bet. */
export const MyVnBets = ({ money }: { money: (minor: bigint) => string }) => {
  const { t } = useTranslation('vnlottery');
  const bets = useMyVnBets(true);
  return (
    <div className="space-y-2 rounded-3xl bg-surface p-4 ring-1 ring-line">
      <h2 className="font-bold">{t('bets.title')}</h2>
      <ul className="space-y-1.5" data-testid="vn-my-bets">
        {(bets.data ?? []).length === 0 ? <li className="text-sm text-muted">{t('bets.none')}</li> : null}
        {(bets.data ?? []).map((bet) => (
          <li
            key={bet.id}
            data-testid="vn-my-bet"
            data-status={bet.status}
            className="flex items-center gap-2 rounded-2xl bg-surface-2 p-2.5 text-sm"
          >
            <span className="w-28 shrink-0 text-xs tabular-nums text-muted">{bet.issueNo}</span>
            <span className="min-w-0 flex-1 truncate">
              {t(`betType.${bet.betType}`)} {bet.numbers.join(' ')}
            </span>
            <span className="tabular-nums">{money(BigInt(bet.stakeMinor))}</span>
            <span
              className={cx(
                'rounded-full px-2 py-0.5 text-xs font-bold',
                bet.status === 'won' && 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
                bet.status === 'lost' && 'bg-surface text-muted',
                bet.status === 'open' && 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
                bet.status === 'void' && 'bg-surface text-muted',
              )}
            >
              {bet.status === 'won' ? `+${money(BigInt(bet.payoutMinor))}` : t(`bets.status.${bet.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
