import { Gamepad2, Trophy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/money';
import { useSystemStatus } from '../../shared/state/site';
import { cx } from '../../shared/ui/cx';
import { useWinnerBoard, type Winner } from './winner-board-query';

type Props = {
  /** A catalogue image path as a URL on the site's image CDN (the lobby's `useImageUrl`). */
  imageUrl?: (path: string | null) => string | null;
  className?: string;
};

const ROW_PLACEHOLDERS = ['a', 'b', 'c', 'd'];

const medal = (rank: number) =>
  rank === 1
    ? 'bg-amber-400 text-black'
    : rank === 2
      ? 'bg-slate-300 text-black'
      : rank === 3
        ? 'bg-orange-400 text-black'
        : 'bg-surface-2 text-muted ring-1 ring-line';

/** The game's icon, or a neutral tile when it has none or it fails to load. */
const GameIcon = ({ src }: { src: string | null }) => {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted ring-1 ring-line">
        <Gamepad2 aria-hidden="true" className="size-5" />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-10 shrink-0 rounded-xl bg-surface-2 object-cover ring-1 ring-line"
    />
  );
};

const WinnerRow = ({
  winner,
  rank,
  amount,
  icon,
}: {
  winner: Winner;
  rank: number;
  amount: string;
  icon: string | null;
}) => (
  <li
    data-testid="winner-row"
    data-name={winner.customerName}
    data-node-id={winner.nodeId}
    data-minor={winner.winMinor.toString()}
    className="flex min-w-0 items-center gap-3 rounded-2xl bg-bg/60 px-3 py-2 ring-1 ring-line/60"
  >
    <span
      className={cx(
        'grid size-6 shrink-0 place-items-center rounded-full text-[0.7rem] font-bold tabular-nums',
        medal(rank),
      )}
    >
      {rank}
    </span>
    <GameIcon src={icon} />
    <span className="min-w-0 flex-1">
      <span data-testid="winner-name" className="block truncate text-sm font-semibold text-fg">
        {winner.customerName}
      </span>
      <span className="block truncate text-xs text-muted">{winner.gameName}</span>
    </span>
    <span
      data-testid="winner-amount"
      className="shrink-0 text-right text-sm font-black text-brand tabular-nums sm:text-base"
    >
      {amount}
    </span>
  </li>
);

/**
 * The winner board (spec §4, §7; API-FACTS §2.4): the biggest real wins of the last days, names
 * masked by the server, sorted by amount, each amount in the merchant's currency like the header
 * balance. Refreshed every minute, and at once when a game page closes (frame.ts). Its own chunk,
 * shown on the home page and on /rng.
 */
export const WinnerBoard = ({ imageUrl, className }: Props) => {
  const { t, i18n } = useTranslation('game');
  const board = useWinnerBoard();
  const symbol = useSystemStatus().data?.info.merchant.currencySymbol;
  const winners = board.data ?? [];
  const amounts = useMemo(
    () => winners.map((w) => formatMoney(w.winMinor, i18n.language, symbol)),
    [winners, i18n.language, symbol],
  );

  return (
    <section
      data-testid="winner-board"
      data-state={board.isPending ? 'loading' : winners.length > 0 ? 'list' : 'empty'}
      aria-labelledby="winner-board-title"
      className={cx('rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5', className)}
    >
      <header className="mb-3 flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-amber-400/15 text-amber-500 ring-1 ring-amber-400/30">
          <Trophy aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0">
          <h2 id="winner-board-title" className="text-lg leading-tight font-black tracking-tight sm:text-xl">
            {t('winners.title')}
          </h2>
          <p className="text-xs text-muted">{t('winners.hint')}</p>
        </span>
      </header>
      {board.isPending ? (
        <ul aria-hidden="true" className="grid gap-2 lg:grid-cols-2">
          {ROW_PLACEHOLDERS.map((key) => (
            <li key={key} className="h-14 animate-pulse rounded-2xl bg-surface-2" />
          ))}
        </ul>
      ) : winners.length === 0 ? (
        <p
          data-testid="winner-board-empty"
          className="rounded-2xl bg-surface-2/60 px-4 py-6 text-center text-sm text-muted"
        >
          {board.isError ? t('winners.unavailable') : t('winners.empty')}
        </p>
      ) : (
        <ol
          aria-label={t('winners.title')}
          className="grid max-h-[26rem] [scrollbar-width:thin] gap-2 overflow-y-auto overscroll-contain pr-0.5 lg:grid-cols-2"
        >
          {winners.map((winner, index) => (
            <WinnerRow
              key={`${winner.nodeId}-${winner.winTime}-${winner.customerName}-${winner.winAmount}`}
              winner={winner}
              rank={index + 1}
              amount={amounts[index] ?? ''}
              icon={imageUrl ? imageUrl(winner.iconUrl) : winner.iconUrl}
            />
          ))}
        </ol>
      )}
    </section>
  );
};
