import { ChevronLeft, ChevronRight, CircleAlert, CircleCheck, Inbox, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DayRange,
  formatDay,
  hasNextRange,
  nextRange,
  previousRange,
  type RangeDays,
  resizeRange,
} from '../../shared/format/date-range';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';

/** A member page's heading with optional actions on the right. */
export const PageHeading = ({ title, actions }: { title: ReactNode; actions?: ReactNode }) => (
  <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
    <h3 className="text-lg font-bold tracking-tight">{title}</h3>
    {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
  </div>
);

/** A framed block inside a page. */
export const Card = ({
  title,
  children,
  className,
  testId,
  actions,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  actions?: ReactNode;
}) => (
  <section
    data-testid={testId}
    className={cx('rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line sm:p-5', className)}
  >
    {title || actions ? (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title ? <h4 className="text-[0.9375rem] font-bold">{title}</h4> : <span />}
        {actions}
      </div>
    ) : null}
    {children}
  </section>
);

const tones = {
  error: 'bg-red-500/10 text-red-700 ring-red-500/25 dark:text-red-300',
  success: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  info: 'bg-brand/8 text-fg/90 ring-brand/20',
  warning: 'bg-amber-500/10 text-amber-800 ring-amber-500/25 dark:text-amber-200',
} as const;

export const Notice = ({
  tone = 'info',
  children,
  testId,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  testId?: string;
}) => {
  const Icon = tone === 'success' ? CircleCheck : tone === 'info' ? Info : CircleAlert;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx(
        'flex items-start gap-2.5 rounded-xl px-3.5 py-3 text-sm leading-relaxed ring-1',
        tones[tone],
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
};

export const Loading = () => {
  const { t } = useTranslation('member');
  return (
    <div
      role="status"
      data-testid="member-loading"
      className="flex min-h-40 items-center justify-center gap-3 text-sm text-muted"
    >
      <Spinner className="size-6" />
      {t('loading')}
    </div>
  );
};

export const EmptyState = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <div
    data-testid={testId}
    className="flex min-h-32 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-line p-6 text-center text-sm text-muted"
  >
    <Inbox aria-hidden="true" className="size-7 opacity-60" />
    {children}
  </div>
);

export const ErrorState = ({ message, onRetry }: { message: string; onRetry: () => void }) => {
  const { t } = useTranslation('common');
  return (
    <Notice tone="error">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{message}</span>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    </Notice>
  );
};

/** Previous / next page of a list (15 a page, spec §9). */
export const Pager = ({
  pageNo,
  totalPages,
  onPage,
  busy,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) => {
  const { t } = useTranslation('member');
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={t('pager.label')}
      className="mt-4 flex items-center justify-center gap-3"
      data-testid="pager"
    >
      <button
        type="button"
        data-testid="pager-prev"
        className={buttonClass('secondary', 'sm')}
        disabled={busy || pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t('pager.prev')}
      </button>
      <span className="text-sm text-muted tabular-nums" data-testid="pager-status">
        {t('pager.status', { page: pageNo, total: totalPages })}
      </span>
      <button
        type="button"
        data-testid="pager-next"
        className={buttonClass('secondary', 'sm')}
        disabled={busy || pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('pager.next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
};

/** The 7 / 30 day switch with previous and next (spec §9), dates shown YYYY.MM.DD. */
export const RangeBar = ({ range, onRange }: { range: DayRange; onRange: (range: DayRange) => void }) => {
  const { t } = useTranslation('member');
  const spans: RangeDays[] = [7, 30];
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="range-bar">
      <fieldset className="min-w-0 flex rounded-full bg-surface-2 p-0.5 ring-1 ring-line">
        <legend className="sr-only">{t('range.span')}</legend>
        {spans.map((days) => (
          <button
            key={days}
            type="button"
            data-testid={`range-${days}`}
            aria-pressed={range.days === days}
            onClick={() => onRange(resizeRange(range, days))}
            className={cx(
              'h-8 rounded-full px-3 text-[0.8125rem] font-semibold transition',
              range.days === days ? 'bg-brand text-brand-fg shadow' : 'text-fg/75 hover:text-fg',
            )}
          >
            {t('range.days', { n: days })}
          </button>
        ))}
      </fieldset>
      <div className="flex items-center gap-1">
        <button
          type="button"
          data-testid="range-prev"
          aria-label={t('range.previous', { n: range.days })}
          title={t('range.previous', { n: range.days })}
          onClick={() => onRange(previousRange(range))}
          className="grid size-8 place-items-center rounded-full text-fg/80 ring-1 ring-line transition hover:text-brand hover:ring-brand"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <span
          className="min-w-[12.5rem] text-center text-[0.8125rem] font-medium tabular-nums"
          data-testid="range-label"
        >
          {formatDay(range.from)} – {formatDay(range.to)}
        </span>
        <button
          type="button"
          data-testid="range-next"
          aria-label={t('range.next', { n: range.days })}
          title={t('range.next', { n: range.days })}
          disabled={!hasNextRange(range)}
          onClick={() => onRange(nextRange(range))}
          className="grid size-8 place-items-center rounded-full text-fg/80 ring-1 ring-line transition hover:text-brand hover:ring-brand disabled:pointer-events-none disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
};

const badgeTones: Record<string, string> = {
  pending: 'bg-amber-500/12 text-amber-700 ring-amber-500/30 dark:text-amber-300',
  in_process: 'bg-amber-500/12 text-amber-700 ring-amber-500/30 dark:text-amber-300',
  approved: 'bg-sky-500/12 text-sky-700 ring-sky-500/30 dark:text-sky-300',
  issued: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/30 dark:text-emerald-300',
  rejected: 'bg-red-500/12 text-red-700 ring-red-500/30 dark:text-red-300',
};

export const StatusBadge = ({ status, label }: { status: string; label: string }) => (
  <span
    data-testid="status-badge"
    data-status={status}
    className={cx(
      'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1',
      badgeTones[status] ?? 'bg-surface-2 text-fg/80 ring-line',
    )}
  >
    {label}
  </span>
);
