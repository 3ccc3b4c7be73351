import { ArrowRight, Sparkles } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../shared/format/locale';
import { useSessionState } from '../../shared/state/session';
import { flagsOf, useSystemStatus } from '../../shared/state/site';
import { buttonClass } from '../../shared/ui/button';
import { GAME_CATEGORIES } from './nav-items';

/** A number in the page language's digits and grouping (১০,০০০ in Bangla). */
export const formatCount = (value: number, language: string) => formatNumber(value, language);

/** The marketing strip: the slot-game count from the brand config and the way in. */
export const HomeHero = () => {
  const { t, i18n } = useTranslation('shell');
  const status = useSystemStatus();
  const brand = status.data?.info.brand;
  const canRegister = flagsOf(status.data).DIRECTREG3 === true;
  const { token } = useSessionState();
  if (!brand) return null;
  return (
    <section
      data-testid="home-hero"
      className="relative isolate overflow-hidden rounded-3xl bg-[#12131a] px-5 py-6 text-white shadow-card ring-1 ring-white/5 sm:px-10 sm:py-10"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(120%_140%_at_100%_0%,color-mix(in_oklab,var(--brand)_55%,transparent)_0%,transparent_55%),radial-gradient(90%_120%_at_0%_100%,color-mix(in_oklab,var(--brand-2)_45%,transparent)_0%,transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-10 -right-8 -z-10 size-48 rounded-full border-[18px] border-white/5"
      />
      <div
        aria-hidden="true"
        className="absolute right-24 -bottom-16 -z-10 size-40 rounded-full border-[14px] border-white/5"
      />
      <div className="flex flex-col gap-6 xl:flex-row xl:items-end xl:justify-between">
        <div className="max-w-2xl space-y-3">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-white/90 ring-1 ring-white/15 backdrop-blur">
            <Sparkles aria-hidden="true" className="size-3.5 text-brand" />
            {t('home.eyebrow', { brand: brand.name })}
          </p>
          <h1 className="text-[1.75rem] leading-[1.15] font-black tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {t('home.slotsHeadline', { count: formatCount(brand.marketing.slotGameCount, i18n.language) })}
          </h1>
          <p className="max-w-xl text-sm leading-relaxed text-white/75 sm:text-base">{t('home.heroBody')}</p>
        </div>
        <div className="flex flex-wrap gap-3 xl:shrink-0 xl:flex-nowrap">
          <Link to="/rng" className={buttonClass('primary', 'lg')}>
            {t('home.playSlots')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {token ? null : (
            <Link
              to={canRegister ? '/register' : '/login'}
              className={buttonClass(
                'ghost',
                'lg',
                'bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/20',
              )}
            >
              {t(canRegister ? 'home.joinNow' : 'home.signIn')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
};

/** One tile per game category, each linking to its lobby. */
export const CategoryTiles = () => {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="home-categories" className="space-y-4">
      <div className="flex items-end justify-between gap-4">
        <h2 id="home-categories" className="text-xl font-black tracking-tight sm:text-2xl">
          {t('home.categories')}
        </h2>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {GAME_CATEGORIES.map(({ key, to, icon: Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid="category-tile"
              style={{ '--from': tone[0], '--to': tone[1] } as CSSProperties}
              className="group relative isolate flex h-full min-h-32 flex-col justify-between overflow-hidden rounded-3xl bg-[linear-gradient(135deg,var(--from),var(--to))] p-4 text-white shadow-card transition duration-300 hover:-translate-y-0.5 hover:shadow-xl sm:min-h-40 sm:p-5"
            >
              <Icon
                aria-hidden="true"
                className="absolute -right-3 -bottom-3 -z-10 size-24 text-white/15 transition duration-500 group-hover:scale-110 group-hover:-rotate-6 sm:size-28"
              />
              <span className="grid size-10 place-items-center rounded-2xl bg-white/20 ring-1 ring-white/25 backdrop-blur sm:size-11">
                <Icon aria-hidden="true" className="size-5 sm:size-6" />
              </span>
              <span className="mt-4 space-y-1">
                <span className="flex items-center gap-1 text-base leading-tight font-bold sm:text-lg">
                  {t(`nav.${key}`)}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 opacity-0 transition group-hover:translate-x-0.5 group-hover:opacity-100"
                  />
                </span>
                <span className="line-clamp-2 block text-xs leading-snug text-white/80 sm:text-[0.8125rem]">
                  {t(`categoryBlurb.${key}`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};

/**
 * Home page body under the frame's banner; `notices` is the notice bar the page group places on
 * top, `winners` the winner board it places under the categories (a lazy chunk of the game feature).
 */
export const HomePage = ({ notices, winners }: { notices?: ReactNode; winners?: ReactNode }) => (
  <div data-testid="page-home">
    {notices}
    <div className="mx-auto w-full max-w-[1200px] space-y-8 px-3 pt-4 pb-4 sm:px-4 sm:pt-6 lg:px-6">
      <HomeHero />
      <CategoryTiles />
      {winners}
    </div>
  </div>
);
