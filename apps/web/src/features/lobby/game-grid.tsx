import { type ReactNode, useEffect } from 'react';
import { placeholderKeys } from './format';
import { CardActionsProvider, type CardGame, GameCard } from './game-card';
import { markGridShown } from './marks';

/** The tile grid: 3 across on phones, 5 from tablets up (15 a page fills whole rows). */
export const gridClass = 'grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-5 sm:gap-x-4 sm:gap-y-5';

export const GameGridSkeleton = ({ count = 15 }: { count?: number }) => (
  <div className={gridClass} aria-hidden="true">
    {placeholderKeys(count).map((key) => (
      <div key={key} className="space-y-2">
        <div className="aspect-square animate-pulse rounded-2xl bg-surface-2 ring-1 ring-line/60" />
        <div className="h-3 w-3/4 animate-pulse rounded-full bg-surface-2" />
        <div className="h-2.5 w-1/2 animate-pulse rounded-full bg-surface-2" />
      </div>
    ))}
  </div>
);

export const EmptyState = ({ icon, title, body }: { icon: ReactNode; title: string; body?: string }) => (
  <div
    data-testid="games-empty"
    className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line px-6 py-14 text-center"
  >
    <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted ring-1 ring-line">
      {icon}
    </span>
    <p className="text-base font-bold">{title}</p>
    {body ? <p className="max-w-sm text-sm text-muted">{body}</p> : null}
  </div>
);

/** A page of games, or the loading placeholders, with a polite busy state for screen readers. */
export const GameGrid = ({
  games,
  loading,
  vendorNames,
  empty,
}: {
  games: readonly CardGame[] | undefined;
  loading: boolean;
  vendorNames?: ReadonlyMap<string, string>;
  empty: ReactNode;
}) => {
  const shown = games !== undefined;
  useEffect(() => {
    if (shown) markGridShown();
  }, [shown]);
  if (!games) return <GameGridSkeleton />;
  if (games.length === 0 && !loading) return <>{empty}</>;
  return (
    <div aria-busy={loading} className={loading ? 'opacity-60 transition' : 'transition'}>
      <div data-testid="game-grid" className={gridClass}>
        <CardActionsProvider>
          {games.map((game) => (
            <GameCard key={game.nodeId} game={game} vendorName={vendorNames?.get(game.vendor)} />
          ))}
        </CardActionsProvider>
      </div>
    </div>
  );
};
