import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAnnouncements } from '../../shared/state/site';
import { buttonClass } from '../../shared/ui/button';
import { RichText } from '../../shared/ui/rich-text';
import { Spinner } from '../../shared/ui/spinner';
import { CategoryChip, PromoCover, PromoDates } from './promo-parts';

/**
 * `/promoDetail?id=`: one promotion in full: cover, category, dates and its rules as rich text
 * from the back office, sanitised (no scripts, handlers, styles, forms or frames). Taking part
 * comes with a later issue, so the page offers no claim button.
 */
export const PromoDetailPage = () => {
  const { t } = useTranslation('promo');
  const [params] = useSearchParams();
  const announcements = useAnnouncements();
  const id = Number(params.get('id'));
  const promotion = announcements.data?.promotion.find((p) => p.id === id);

  const back = (
    <Link to="/promotions" data-testid="promo-back" className={buttonClass('ghost', 'sm', '-ml-2 mb-3')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('back')}
    </Link>
  );

  if (announcements.isPending)
    return (
      <div className="grid flex-1 place-items-center py-24" role="status" aria-label={t('loading')}>
        <Spinner />
      </div>
    );

  return (
    <section
      data-testid="page-promoDetail"
      className="mx-auto w-full max-w-[860px] px-3 py-6 sm:px-4 sm:py-8"
    >
      {back}
      {announcements.isError && !announcements.data ? (
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
      ) : !promotion ? (
        <div data-testid="promo-missing" className="rounded-3xl bg-surface p-10 text-center ring-1 ring-line">
          <h1 className="text-xl font-bold">{t('missingTitle')}</h1>
          <p className="mt-2 text-sm text-muted">{t('missing')}</p>
          <Link to="/promotions" className={buttonClass('primary', 'md', 'mt-6')}>
            {t('all')}
          </Link>
        </div>
      ) : (
        <article
          data-testid="promo-detail"
          className="overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line"
        >
          <PromoCover promotion={promotion} eager />
          <div className="space-y-3 p-5 sm:p-8">
            <CategoryChip category={promotion.category} />
            <h1 className="text-2xl font-black tracking-tight text-balance sm:text-3xl">{promotion.title}</h1>
            <PromoDates promotion={promotion} className="text-sm" />
            <RichText
              html={promotion.content}
              testId="promo-content"
              className="border-t border-line pt-4 text-sm sm:text-base"
            />
          </div>
        </article>
      )}
    </section>
  );
};
