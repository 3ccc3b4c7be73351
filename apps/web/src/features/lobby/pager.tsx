import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { pagerItems } from './pagination';

const cell =
  'grid h-9 min-w-9 place-items-center rounded-full px-2 text-sm font-semibold tabular-nums transition disabled:pointer-events-none disabled:opacity-35';

const Step = ({
  label,
  testId,
  disabled,
  onClick,
  children,
}: {
  label: string;
  testId: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    data-testid={testId}
    disabled={disabled}
    onClick={onClick}
    className={cx(cell, 'text-fg/80 ring-1 ring-line hover:text-brand hover:ring-brand/60')}
  >
    {children}
  </button>
);

/** First, previous, the page numbers (range 3, margin 1), next and last (spec §2). */
export const Pager = ({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation('lobby');
  if (totalPages <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <nav aria-label={t('pager.label')} data-testid="pager" className="flex justify-center pt-2">
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        <li>
          <Step label={t('pager.first')} testId="pager-first" disabled={atStart} onClick={() => onPage(1)}>
            <ChevronsLeft aria-hidden="true" className="size-4" />
          </Step>
        </li>
        <li>
          <Step
            label={t('pager.previous')}
            testId="pager-prev"
            disabled={atStart}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Step>
        </li>
        {pagerItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="grid h-9 w-5 place-items-center text-muted">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                data-testid="pager-page"
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: item.page })}
                onClick={() => onPage(item.page)}
                className={cx(
                  cell,
                  item.page === page
                    ? 'bg-brand text-brand-fg shadow-[0_6px_16px_-8px_var(--brand)]'
                    : 'text-fg/80 hover:bg-surface-2 hover:text-brand',
                )}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <Step label={t('pager.next')} testId="pager-next" disabled={atEnd} onClick={() => onPage(page + 1)}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Step>
        </li>
        <li>
          <Step
            label={t('pager.last')}
            testId="pager-last"
            disabled={atEnd}
            onClick={() => onPage(totalPages)}
          >
            <ChevronsRight aria-hidden="true" className="size-4" />
          </Step>
        </li>
      </ul>
    </nav>
  );
};
