import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useMyLotteryBets } from './queries';

/** The member's bets on this lottery, newest first, with win or loss per bet. */
export const MyBets = ({ gameCode, money }: { gameCode: string; money: (minor: bigint) => string }) => {
  const { t } = useTranslation('lottery');
  const bets = useMyLotteryBets(gameCode, true);
  return (
    <div className="space-y-2">
      <h2 className="font-bold">{t('bets.title')}</h2>
      <ul className="space-y-1.5" data-testid="lottery-my-bets">
        {(bets.data ?? []).length === 0 ? <li className="text-sm text-muted">{t('bets.none')}</li> : null}
        {(bets.data ?? []).map((bet) => (
          <li
            key={bet.id}
            data-testid="lottery-my-bet"
            data-status={bet.status}
            className="flex items-center gap-2 rounded-2xl bg-surface p-2.5 text-sm ring-1 ring-line"
          >
            <span className="w-28 shrink-0 text-xs tabular-nums text-muted">{bet.issueNo}</span>
            <span className="min-w-0 flex-1 truncate">
              {t(`betType.${bet.betType}`)} {(bet.selection.numbers ?? []).join(' ')}
              {bet.selection.side ? ` ${t(`side.${bet.selection.side}`)}` : ''}
            </span>
            <span className="tabular-nums">{money(BigInt(bet.stakeMinor))}</span>
            <span
              className={cx(
                'rounded-full px-2 py-0.5 text-xs font-bold',
                bet.status === 'won' && 'bg-emerald-500/15 text-emerald-700',
                bet.status === 'lost' && 'bg-surface-2 text-muted',
                bet.status === 'open' && 'bg-amber-500/15 text-amber-700',
                bet.status === 'void' && 'bg-surface-2 text-muted',
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
