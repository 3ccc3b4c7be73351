import type { Promotion } from '@khela/contract';
import { CalendarDays, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/locale';
import { cx } from '../../shared/ui/cx';

/** The cover of a promotion: the image of sequence 1 (API-FACTS §2.5), else the lowest sequence. */
export const coverOf = (promotion: Pick<Promotion, 'announcementImages'>) =>
  [...promotion.announcementImages].sort((a, b) => a.sequence - b.sequence).find((image) => image.url)?.url ??
  null;

/** A date of a promotion in the page language (day, month, year). */
export const formatPromoDate = (epochMs: number, language: string) => formatDate(epochMs, language, 'date');

/** "1 Jan 2026 – 31 Dec 2030", "From 1 Jan 2026", "Until …", or "Ongoing". */
export const PromoDates = ({ promotion, className }: { promotion: Promotion; className?: string }) => {
  const { t, i18n } = useTranslation('promo');
  const { startDate, endDate } = promotion;
  const start = startDate === null ? null : formatPromoDate(startDate, i18n.language);
  const end = endDate === null ? null : formatPromoDate(endDate, i18n.language);
  const text =
    start && end
      ? t('dates.range', { start, end })
      : start
        ? t('dates.from', { start })
        : end
          ? t('dates.until', { end })
          : t('dates.ongoing');
  return (
    <p
      data-testid="promo-dates"
      className={cx('inline-flex items-center gap-1.5 text-xs text-muted', className)}
    >
      <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
      {startDate !== null || endDate !== null ? (
        <span>
          {text}
          {startDate !== null ? <time hidden dateTime={new Date(startDate).toISOString()} /> : null}
          {endDate !== null ? <time hidden dateTime={new Date(endDate).toISOString()} /> : null}
        </span>
      ) : (
        <span>{text}</span>
      )}
    </p>
  );
};

/** The category of a promotion as a small label. */
export const CategoryChip = ({ category }: { category: Promotion['category'] }) => {
  const { t } = useTranslation('promo');
  return (
    <span
      data-testid="promo-category"
      className="inline-flex items-center rounded-full bg-brand/15 px-2.5 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide text-fg ring-1 ring-brand/30"
    >
      {t(`categories.${category}`)}
    </span>
  );
};

/** The cover image, or a brand-coloured panel with a gift when the promotion has none. */
export const PromoCover = ({
  promotion,
  className,
  eager = false,
}: {
  promotion: Promotion;
  className?: string;
  eager?: boolean;
}) => {
  const cover = coverOf(promotion);
  return cover ? (
    <img
      src={cover}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-testid="promo-cover"
      className={cx('aspect-[16/7] w-full bg-surface-2 object-cover', className)}
    />
  ) : (
    <div
      aria-hidden="true"
      data-testid="promo-cover-empty"
      className={cx(
        'grid aspect-[16/7] w-full place-items-center bg-gradient-to-br from-brand to-brand-2 text-brand-fg',
        className,
      )}
    >
      <Gift className="size-10 opacity-80" />
    </div>
  );
};
