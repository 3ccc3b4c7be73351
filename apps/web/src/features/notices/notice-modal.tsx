import type { Notice } from '@khela/contract';
import { ChevronLeft, ChevronRight, Megaphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import type { ModalComponentProps } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';
import { RichText } from '../../shared/ui/rich-text';
import { formatNoticeDate } from './format';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** The player notices, opened at the one the visitor tapped. */
    notice: { items: Notice[]; index: number };
  }
}

/** One notice at a time with previous/next (arrow keys too) and its position in the list. */
export const NoticeModal = ({ items, index, close }: ModalComponentProps<'notice'>) => {
  const { t, i18n } = useTranslation('shell');
  const last = items.length - 1;
  const [current, setCurrent] = useState(() => Math.min(Math.max(index, 0), Math.max(last, 0)));
  const item = items[current];

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setCurrent((value) => Math.max(value - 1, 0));
      if (event.key === 'ArrowRight') setCurrent((value) => Math.min(value + 1, last));
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [last]);

  return (
    <ModalPanel
      testId="notice-modal"
      title={t('notices.title')}
      onClose={close}
      icon={
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand/15 text-brand">
          <Megaphone aria-hidden="true" className="size-5" />
        </span>
      }
      footer={
        <div className="flex items-center justify-between gap-3">
          <button
            type="button"
            data-testid="notice-prev"
            className={buttonClass('secondary', 'sm')}
            disabled={current === 0}
            onClick={() => setCurrent(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t('notices.previous')}
          </button>
          <span className="text-sm font-medium text-muted tabular-nums" aria-live="polite">
            {t('notices.position', { index: current + 1, count: items.length })}
          </span>
          <button
            type="button"
            data-testid="notice-next"
            className={buttonClass('secondary', 'sm')}
            disabled={current >= last}
            onClick={() => setCurrent(current + 1)}
          >
            {t('notices.next')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      }
    >
      {item ? (
        <article data-testid="notice-modal-item" data-index={current} className="space-y-3">
          <h3 className="text-base leading-snug font-bold text-fg sm:text-lg">{item.title}</h3>
          <time className="block text-xs text-muted" dateTime={new Date(item.createdAt).toISOString()}>
            {formatNoticeDate(item.createdAt, i18n.language)}
          </time>
          <RichText html={item.content} className="text-[0.95rem] text-fg/85" testId="notice-modal-body" />
        </article>
      ) : null}
    </ModalPanel>
  );
};
