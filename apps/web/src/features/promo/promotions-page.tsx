import type { Promotion } from '@khela/contract';
import { PROMOTION_CATEGORIES } from '@khela/contract/browser';
import { ChevronRight, Gift, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAnnouncements } from '../../shared/state/site';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { BonusOffers } from './bonus-offers';
import { CategoryChip, PromoCover, PromoDates } from './promo-parts';

type Category = (typeof PROMOTION_CATEGORIES)[number];

/** The categories that have promotions, in the order of API-FACTS §2.5. */
export const categoriesOf = (promotions: Pick<Promotion, 'category'>[]): Category[] =>
  PROMOTION_CATEGORIES.filter((category) => promotions.some((p) => p.category === category));

const PromoCard = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promo');
  return (
    <li>
      <Link
        to={`/promoDetail?id=${promotion.id}`}
        data-testid="promo-card"
        data-category={promotion.category}
        className="group flex h-full flex-col overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line transition hover:-translate-y-0.5 hover:ring-brand/50 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <PromoCover promotion={promotion} />
        <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryChip category={promotion.category} />
          </div>
          <h2 className="text-base font-bold leading-snug text-balance sm:text-lg">{promotion.title}</h2>
          <PromoDates promotion={promotion} />
          <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand group-hover:underline">
            {t('details')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </span>
        </div>
      </Link>
    </li>
  );
};

/**
 * `/promotions`: the brand's promotions (announcements of kind PR) with category tabs, each as a
 * card with its cover (image of sequence 1), category, title and dates, leading to its details.
 * The category is in the address (`?category=`), so a tab can be shared and survives a reload.
 */
export const PromotionsPage = () => {
  const { t } = useTranslation('promo');
  const announcements = useAnnouncements();
  const [params, setParams] = useSearchParams();
  const promotions = announcements.data?.promotion ?? [];
  const categories = categoriesOf(promotions);
  const asked = params.get('category');
  const active = categories.find((c) => c === asked) ?? 'all';
  const shown = active === 'all' ? promotions : promotions.filter((p) => p.category === active);

  const tab = (key: Category | 'all') => (
    <button
      key={key}
      type="button"
      role="tab"
      aria-selected={active === key}
      data-testid={`promo-tab-${key}`}
      onClick={() =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            if (key === 'all') next.delete('category');
            else next.set('category', key);
            return next;
          },
          { preventScrollReset: true },
        )
      }
      className={cx(
        'shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm transition',
        active === key
          ? 'border-brand bg-brand font-semibold text-brand-fg'
          : 'border-line bg-surface text-muted hover:text-fg',
      )}
    >
      {key === 'all' ? t('all') : t(`categories.${key}`)}
    </button>
  );

  return (
    <section
      data-testid="page-promotions"
      className="mx-auto w-full max-w-[1200px] px-3 py-6 sm:px-4 sm:py-8 lg:px-6"
    >
      <header className="mb-5 flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="text-sm text-muted">{t('subtitle')}</p>
        </div>
      </header>
      <div className="mb-6">
        <BonusOffers />
      </div>

      {announcements.isPending ? (
        <div className="grid place-items-center py-20" role="status" aria-label={t('loading')}>
          <Spinner />
        </div>
      ) : announcements.isError && !announcements.data ? (
        <div role="alert" className="rounded-3xl bg-surface p-8 text-center ring-1 ring-line">
          <p className="text-muted">{t('error')}</p>
          <button
            type="button"
            className={buttonClass('secondary', 'md', 'mt-4')}
            onClick={() => void announcements.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {categories.length > 0 ? (
            <div
              role="tablist"
              aria-label={t('categoriesLabel')}
              data-testid="promo-tabs"
              className="-mx-3 mb-5 flex gap-2 overflow-x-auto px-3 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
            >
              {tab('all')}
              {categories.map(tab)}
            </div>
          ) : null}
          {shown.length > 0 ? (
            <ul data-testid="promo-list" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((promotion) => (
                <PromoCard key={promotion.id} promotion={promotion} />
              ))}
            </ul>
          ) : (
            <p
              data-testid="promo-empty"
              className="rounded-3xl bg-surface p-10 text-center text-muted ring-1 ring-line"
            >
              {t('empty')}
            </p>
          )}
        </>
      )}
    </section>
  );
};
