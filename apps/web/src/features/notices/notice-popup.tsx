import type { Popup } from '@khela/contract';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import type { ModalComponentProps } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';
import { RichText } from '../../shared/ui/rich-text';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** The notice popups of this phase (before login: execution B). */
    noticePopup: { items: Popup[] };
  }
}

/** The notice popups: titles as tabs when there are several, then "next" until the last one. */
export const NoticePopupModal = ({ items, close }: ModalComponentProps<'noticePopup'>) => {
  const { t } = useTranslation('shell');
  const [current, setCurrent] = useState(0);
  const item = items[current];
  const isLast = current >= items.length - 1;
  return (
    <ModalPanel
      testId="notice-popup"
      closeTestId="popup-close"
      title={t('notices.popupTitle')}
      onClose={close}
      icon={
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
      }
      footer={
        <div className="flex justify-end">
          <button
            type="button"
            className={buttonClass('primary', 'md', 'min-w-28')}
            onClick={() => (isLast ? close() : setCurrent(current + 1))}
          >
            {isLast ? t('notices.gotIt') : t('notices.next')}
          </button>
        </div>
      }
    >
      {items.length > 1 ? (
        <div
          role="tablist"
          aria-label={t('notices.popupTabs')}
          className="scrollbar-none -mx-1 mb-4 flex gap-1.5 overflow-x-auto px-1"
        >
          {items.map((popup, index) => (
            <button
              key={popup.id}
              type="button"
              role="tab"
              aria-selected={index === current}
              onClick={() => setCurrent(index)}
              className={cx(
                'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium transition',
                index === current
                  ? 'bg-brand text-brand-fg'
                  : 'bg-surface-2 text-muted ring-1 ring-line hover:text-fg',
              )}
            >
              {popup.title}
            </button>
          ))}
        </div>
      ) : null}
      {item ? (
        <article role={items.length > 1 ? 'tabpanel' : undefined} className="space-y-3">
          {item.imageUrl ? (
            <img src={item.imageUrl} alt="" className="aspect-[3/1] w-full rounded-2xl object-cover" />
          ) : null}
          <h3 className="text-lg leading-snug font-bold">{item.title}</h3>
          <RichText html={item.content} className="text-fg/85" testId="notice-popup-body" />
        </article>
      ) : null}
    </ModalPanel>
  );
};
