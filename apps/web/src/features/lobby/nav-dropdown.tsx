import { ChevronRight, Flame } from 'lucide-react';
import { type RefObject, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner';
import { useImageUrl } from './images';
import { LANES_OF, LOBBY_ROUTE, type NavCode, navCategories, splitDropdown, vendorHref } from './nav-rules';
import { useGameVendors } from './use-game-vendors';

type Props = {
  code: NavCode;
  anchor: RefObject<HTMLLIElement | null>;
  onEnter: () => void;
  onLeave: () => void;
  onPick: () => void;
};

/** Where the panel hangs: right under the header, across the header's content column. */
const useTop = (anchor: RefObject<HTMLLIElement | null>) => {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const header = anchor.current?.closest('header');
    const place = () => setTop(header ? header.getBoundingClientRect().bottom : 0);
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [anchor]);
  return top;
};

/** A category's vendor drop-down (spec §2): up to 11 vendors, hot ones badged, then 'more'. */
export const NavDropdown = ({ code, anchor, onEnter, onLeave, onPick }: Props) => {
  const { t } = useTranslation(['lobby', 'shell']);
  const lanes = useGameVendors().data;
  const image = useImageUrl();
  const top = useTop(anchor);
  if (top === null) return null;
  const category = lanes ? navCategories(lanes).find((c) => c.code === code) : undefined;
  const { shown, more } = splitDropdown(category?.cards ?? []);
  const laneOf = (gameType: string) =>
    LANES_OF[code].find((lane) => lane === gameType) ?? LANES_OF[code][0] ?? 'RNG';
  const key = code.toLowerCase();

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: hover keeps the panel open; keyboard users reach it by Tab
    <div
      data-testid="nav-dropdown"
      data-category={code}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      style={{ top }}
      className="fixed inset-x-0 z-40 hidden px-6 lg:block"
    >
      <div className="mx-auto max-w-[1200px] overflow-hidden rounded-b-3xl border border-t-0 border-line bg-raised/95 shadow-2xl backdrop-blur-xl">
        <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-3">
          <p className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
            {t('lobby:nav.vendorsOf', { category: t(`shell:nav.${key}`) })}
          </p>
          <Link
            to={LOBBY_ROUTE[code]}
            onClick={onPick}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
          >
            {t('lobby:nav.allOf', { category: t(`shell:nav.${key}`) })}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {!lanes ? (
          <div className="grid h-32 place-items-center">
            <Spinner />
          </div>
        ) : (
          <ul className="grid grid-cols-6 gap-2 p-4">
            {shown.map((card) => {
              const logo = image(card.lagerIcon ?? card.smallIcon);
              return (
                <li key={`${card.gameType}-${card.vassalage}`}>
                  <Link
                    to={vendorHref(card, laneOf(card.gameType))}
                    onClick={onPick}
                    data-testid="nav-vendor"
                    className="group/vendor relative flex h-full items-center gap-3 rounded-2xl px-3 py-2.5 ring-1 ring-transparent transition hover:bg-surface-2 hover:ring-line"
                  >
                    <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line">
                      {logo ? (
                        <img
                          src={logo}
                          alt=""
                          loading="lazy"
                          width={40}
                          height={40}
                          className="size-full object-cover"
                        />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-fg group-hover/vendor:text-brand">
                        {card.displayName}
                      </span>
                      <span className="block truncate text-xs text-muted">
                        {t('lobby:vendor.games', { count: card.gameCount })}
                      </span>
                    </span>
                    {card.isHot ? (
                      <span
                        data-testid="hot-badge"
                        className="absolute -top-1 right-1 inline-flex items-center gap-0.5 rounded-full bg-gradient-to-r from-orange-500 to-rose-500 px-1.5 py-0.5 text-[0.625rem] font-bold text-white shadow"
                      >
                        <Flame aria-hidden="true" className="size-3" />
                        {t('lobby:badge.hot')}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
            {more ? (
              <li>
                <Link
                  to={LOBBY_ROUTE[code]}
                  onClick={onPick}
                  data-testid="nav-more"
                  className="flex h-full items-center justify-center gap-1.5 rounded-2xl border border-dashed border-line px-3 py-2.5 text-sm font-semibold text-muted transition hover:border-brand hover:text-brand"
                >
                  {t('lobby:nav.more', { count: (category?.cards.length ?? 0) - shown.length })}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>,
    document.body,
  );
};
