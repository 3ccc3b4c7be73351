import type { Game } from '@khela/contract';
import { Flame, Play, Sparkles, Star } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useFavourites } from './favourites';
import { useImageUrl } from './images';
import { useLaunch } from './launch';
import { LazyImage } from './lazy-image';

export type CardGame = Pick<
  Game,
  | 'nodeId'
  | 'vendor'
  | 'gameType'
  | 'displayName'
  | 'showIcon'
  | 'iconUrl'
  | 'minBet'
  | 'isHot'
  | 'isNew'
  | 'gameCode'
  | 'defaultPlayType'
> &
  Partial<Pick<Game, 'gameClassify'>>;

/** What every card of a list shares: the favourites, the launch, the image address. */
type CardActions = {
  favourites: ReturnType<typeof useFavourites>;
  launch: ReturnType<typeof useLaunch>;
  image: ReturnType<typeof useImageUrl>;
};

const useCardActions = (): CardActions => ({
  favourites: useFavourites(),
  launch: useLaunch(),
  image: useImageUrl(),
});

const CardActionsContext = createContext<CardActions | null>(null);

/**
 * Gives the cards below one set of favourite, launch and image hooks: a page of 15 cards then
 * subscribes to those queries once instead of 15 times (the first paint of /rng renders them all).
 */
export const CardActionsProvider = ({ children }: { children: ReactNode }) => (
  <CardActionsContext.Provider value={useCardActions()}>{children}</CardActionsContext.Provider>
);

type CardProps = { game: CardGame; vendorName?: string | undefined };

const StandaloneGameCard = (props: CardProps) => <GameCardView {...props} actions={useCardActions()} />;

/**
 * A game tile: lazy icon, hot/new badge, favourite star (with a loader while it saves), vendor
 * and minimum bet, and the launch button (the whole picture, and a Play pill on hover). Inside a
 * CardActionsProvider it uses the shared hooks; alone, its own.
 */
export const GameCard = (props: CardProps) => {
  const shared = useContext(CardActionsContext);
  return shared ? <GameCardView {...props} actions={shared} /> : <StandaloneGameCard {...props} />;
};

const GameCardView = ({ game, vendorName, actions }: CardProps & { actions: CardActions }) => {
  const { t } = useTranslation('lobby');
  const { image, favourites, launch } = actions;
  const saved = favourites.isFavourite(game.nodeId);
  const saving = favourites.isPending(game.nodeId);
  const open = () => launch({ ...game, isGame: 'GAME' });

  return (
    <article
      data-testid="game-card"
      data-node-id={game.nodeId}
      data-classify={game.gameClassify?.join(' ')}
      className="group/card relative flex min-w-0 flex-col gap-2"
    >
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-surface-2 shadow-card ring-1 ring-line/70 transition duration-300 group-hover/card:-translate-y-0.5 group-hover/card:shadow-xl">
        <button
          type="button"
          data-testid="game-launch"
          onClick={open}
          aria-label={t('game.play', { name: game.displayName })}
          className="absolute inset-0 block"
        >
          <LazyImage key={game.nodeId} src={image(game.showIcon ?? game.iconUrl)} alt="" />
          <span
            aria-hidden="true"
            className="absolute inset-0 hidden place-items-center bg-black/45 opacity-0 backdrop-blur-[1px] transition group-hover/card:opacity-100 [@media(hover:hover)]:grid"
          >
            <span className="inline-flex items-center gap-1.5 rounded-full bg-brand px-4 py-2 text-sm font-bold text-brand-fg shadow-lg">
              <Play aria-hidden="true" className="size-4 fill-current" />
              {t('game.playShort')}
            </span>
          </span>
        </button>
        {game.isHot || game.isNew ? (
          <span
            className={cx(
              'pointer-events-none absolute top-2 left-2 inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-[0.625rem] font-bold tracking-wide text-white uppercase shadow',
              game.isHot
                ? 'bg-gradient-to-r from-orange-500 to-rose-500'
                : 'bg-gradient-to-r from-emerald-500 to-teal-500',
            )}
          >
            {game.isHot ? (
              <Flame aria-hidden="true" className="size-3" />
            ) : (
              <Sparkles aria-hidden="true" className="size-3" />
            )}
            {t(game.isHot ? 'badge.hot' : 'badge.new')}
          </span>
        ) : null}
        <button
          type="button"
          data-testid="favourite-toggle"
          aria-pressed={saved}
          aria-busy={saving}
          disabled={saving}
          onClick={() => favourites.toggle(game)}
          aria-label={t(saved ? 'favourite.remove' : 'favourite.add', { name: game.displayName })}
          className={cx(
            'absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-full backdrop-blur transition active:scale-90',
            saved ? 'bg-white/90 text-amber-500 shadow' : 'bg-black/35 text-white hover:bg-black/55',
          )}
        >
          {saving ? (
            <span
              data-testid="favourite-loader"
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : (
            <Star aria-hidden="true" className={cx('size-4', saved && 'fill-current')} />
          )}
        </button>
      </div>
      <div className="min-w-0 px-0.5">
        <h3
          data-testid="game-name"
          className="truncate text-[0.8125rem] leading-tight font-semibold sm:text-sm"
        >
          {game.displayName}
        </h3>
        <p className="mt-0.5 flex items-center gap-1.5 truncate text-[0.6875rem] text-muted sm:text-xs">
          <span className="truncate">{vendorName ?? game.vendor}</span>
          {Number(game.minBet) > 0 ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="shrink-0">{t('game.minBet', { value: game.minBet })}</span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
};
