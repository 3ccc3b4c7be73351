import { Clock3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../shared/state/session';
import { placeholderKeys } from './format';
import { GameCard } from './game-card';
import { useRecentGames } from './queries';

/** The recent-games panel of the lobbies: only for a signed-in (real) member (spec §2). */
export const RecentGamesPanel = () => {
  const { t } = useTranslation('lobby');
  const { loggedIn, isTrial } = useMember();
  const recent = useRecentGames('', loggedIn && !isTrial);
  if (!loggedIn || isTrial) return null;
  const games = recent.data?.slice(0, 12);
  return (
    <section
      data-testid="recent-panel"
      aria-labelledby="recent-panel-title"
      className="mx-auto w-full max-w-[1200px] px-3 pb-6 sm:px-4 lg:px-6"
    >
      <div className="rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5">
        <h2 id="recent-panel-title" className="mb-3 flex items-center gap-2 text-base font-bold">
          <span className="grid size-8 place-items-center rounded-xl bg-brand/12 text-brand">
            <Clock3 aria-hidden="true" className="size-4" />
          </span>
          {t('recent.title')}
        </h2>
        {!games ? (
          <div className="flex gap-3 overflow-hidden" aria-hidden="true">
            {placeholderKeys(6).map((key) => (
              <div
                key={key}
                className="aspect-square w-24 shrink-0 animate-pulse rounded-2xl bg-surface-2 sm:w-28"
              />
            ))}
          </div>
        ) : games.length === 0 ? (
          <p data-testid="recent-empty" className="text-sm text-muted">
            {t('recent.empty')}
          </p>
        ) : (
          <ul className="scrollbar-none -mx-1 flex gap-3 overflow-x-auto px-1 pb-1">
            {games.map((game) => (
              <li key={game.nodeId} className="w-24 shrink-0 sm:w-28">
                <GameCard game={game} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
