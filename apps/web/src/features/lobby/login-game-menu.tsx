import type { GameCard, GameType } from '@khela/contract';
import { Flame } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../shared/ui/cx';
import { placeholderKeys } from './format';
import { useImageUrl } from './images';
import { loginMenuTarget, type NavCode, navCategories } from './nav-rules';
import { useGameVendors } from './use-game-vendors';

type Entry = { card: GameCard; lane: GameType };
type Tab = 'HOT' | NavCode;

/**
 * The login modal's game menu (spec §2): a 'hot' tab of hot vendors plus one tab per category
 * with vendors; a hot or slot vendor goes to `/rng?vassalage=`, a fishing vendor to `/fish`, any
 * other vendor opens `/login` in a 1300x900 popup window. `onPick` closes the modal.
 */
export const LoginGameMenu = ({ onPick }: { onPick: () => void }) => {
  const { t } = useTranslation(['lobby', 'shell']);
  const lanes = useGameVendors().data;
  const image = useImageUrl();
  const [tab, setTab] = useState<Tab>('HOT');
  const categories = lanes ? navCategories(lanes) : [];
  const laneOf = new Map<GameCard, GameType>();
  for (const lane of lanes ?? []) for (const card of lane.cards) laneOf.set(card, lane.title);
  const hot: Entry[] = (lanes ?? []).flatMap((lane) =>
    lane.title === 'RNG' ? lane.cards.filter((c) => c.isHot).map((card) => ({ card, lane: lane.title })) : [],
  );
  const entries: Entry[] =
    tab === 'HOT'
      ? hot
      : (categories.find((c) => c.code === tab)?.cards ?? []).map((card) => ({
          card,
          lane: laneOf.get(card) ?? card.gameType,
        }));

  const chip = (active: boolean) =>
    cx(
      'flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold ring-1 transition',
      active
        ? 'bg-fg text-bg ring-fg'
        : 'bg-surface-2 text-fg/80 ring-line hover:text-brand hover:ring-brand/50',
    );

  return (
    <nav
      aria-label={t('lobby:loginMenu.label')}
      data-testid="login-game-menu"
      className="-mx-5 mb-4 border-b border-line pb-3"
    >
      <div role="tablist" className="scrollbar-none flex gap-2 overflow-x-auto px-5">
        <button
          type="button"
          role="tab"
          data-testid="login-menu-tab"
          data-code="HOT"
          aria-selected={tab === 'HOT'}
          onClick={() => setTab('HOT')}
          className={cx(chip(tab === 'HOT'), tab !== 'HOT' && 'text-orange-600 dark:text-orange-300')}
        >
          <Flame aria-hidden="true" className="size-3.5" />
          {t('lobby:loginMenu.hot')}
        </button>
        {categories.map((c) => (
          <button
            key={c.code}
            type="button"
            role="tab"
            data-testid="login-menu-tab"
            data-code={c.code}
            aria-selected={tab === c.code}
            onClick={() => setTab(c.code)}
            className={chip(tab === c.code)}
          >
            {t(`shell:nav.${c.code.toLowerCase()}`)}
          </button>
        ))}
      </div>
      <ul className="scrollbar-none mt-3 flex min-h-[4.25rem] gap-2 overflow-x-auto px-5">
        {!lanes
          ? placeholderKeys(5).map((key) => (
              <li key={key} className="h-[4.25rem] w-16 shrink-0 animate-pulse rounded-2xl bg-surface-2" />
            ))
          : entries.map(({ card, lane }) => {
              const logo = image(card.smallIcon ?? card.lagerIcon);
              const target = loginMenuTarget(card, lane, tab === 'HOT');
              const body = (
                <>
                  <span className="grid size-11 place-items-center overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-line transition group-hover/v:ring-brand">
                    {logo ? (
                      <img
                        src={logo}
                        alt=""
                        width={44}
                        height={44}
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    ) : null}
                  </span>
                  <span className="w-full truncate text-[0.6875rem] font-medium text-fg/80 group-hover/v:text-brand">
                    {card.displayName}
                  </span>
                </>
              );
              const common = {
                'data-testid': 'login-menu-vendor',
                'data-vendor': card.vassalage,
                'data-target': target.kind,
                className: 'group/v flex w-full flex-col items-center gap-1 text-center',
              };
              return (
                <li key={`${card.gameType}-${card.vassalage}`} className="w-16 shrink-0">
                  {target.kind === 'route' ? (
                    <Link to={target.href} onClick={onPick} {...common}>
                      {body}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      {...common}
                      onClick={() => {
                        window.open(target.href, '_blank', target.features);
                        onPick();
                      }}
                    >
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
      </ul>
    </nav>
  );
};
