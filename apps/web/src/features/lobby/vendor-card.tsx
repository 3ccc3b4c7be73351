import type { GameCard as VendorCardData } from '@khela/contract';
import { ChevronRight, Flame, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useImageUrl } from './images';
import { useLaunch } from './launch';
import { LazyImage } from './lazy-image';

/**
 * A vendor card of a lobby: a VASSALAGE vendor opens the popup list of its games, a GAME vendor
 * (a sports book, a lottery lobby) launches its game.
 */
export const VendorCard = ({ card, active }: { card: VendorCardData; active?: boolean }) => {
  const { t } = useTranslation('lobby');
  const image = useImageUrl();
  const launch = useLaunch();
  const opensList = card.isGame === 'VASSALAGE';
  return (
    <button
      type="button"
      data-testid="vendor-card"
      data-vendor={card.vassalage}
      data-kind={card.isGame}
      aria-current={active ? 'true' : undefined}
      onClick={() => launch({ ...card, vendor: card.vassalage })}
      className={cx(
        'group/vendor relative isolate flex w-full items-center gap-2.5 overflow-hidden rounded-2xl bg-surface p-2.5 text-left sm:gap-3 sm:p-4 shadow-card ring-1 transition duration-300 hover:-translate-y-0.5 hover:shadow-xl',
        active ? 'ring-2 ring-brand' : 'ring-line hover:ring-brand/50',
      )}
    >
      <span
        aria-hidden="true"
        className="absolute -top-10 -right-10 -z-10 size-28 rounded-full bg-brand/10 blur-2xl transition group-hover/vendor:bg-brand/20"
      />
      <span className="size-11 shrink-0 overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line sm:size-16 sm:rounded-2xl">
        <LazyImage src={image(card.lagerIcon ?? card.smallIcon)} alt="" testId="vendor-logo" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-[0.8125rem] font-bold sm:text-base">{card.displayName}</span>
          {card.isHot ? (
            <span
              data-testid="hot-badge"
              className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-gradient-to-r from-orange-500 to-rose-500 px-1.5 py-0.5 text-[0.625rem] font-bold text-white"
            >
              <Flame aria-hidden="true" className="size-3" />
              {t('badge.hot')}
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 block truncate text-xs text-muted">
          {opensList ? t('vendor.games', { count: card.gameCount }) : t('vendor.enter')}
        </span>
      </span>
      <span className="hidden size-9 shrink-0 place-items-center rounded-full bg-surface-2 sm:grid text-fg/70 ring-1 ring-line transition group-hover/vendor:bg-brand group-hover/vendor:text-brand-fg group-hover/vendor:ring-brand">
        {opensList ? (
          <ChevronRight aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4 fill-current" />
        )}
      </span>
    </button>
  );
};
