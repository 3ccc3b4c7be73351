import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import { focusInitial, useModalTitleId } from './modal-host';

type Props = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  icon?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  closeTestId?: string;
};

const widths = { sm: 'sm:w-[26rem]', md: 'sm:w-[34rem]', lg: 'sm:w-[44rem]' } as const;

/**
 * The card a modal draws inside the host: a bottom sheet on phones, a centred card on wider
 * screens; the heading labels the dialog and the close button takes focus first.
 */
export const ModalPanel = ({
  title,
  onClose,
  children,
  icon,
  footer,
  size = 'md',
  testId,
  closeTestId,
}: Props) => {
  const { t } = useTranslation('common');
  const titleId = useModalTitleId();
  const ref = useRef<HTMLElement>(null);

  // The panel may arrive after the dialog opened (lazy modal chunks): take focus in then.
  useEffect(() => {
    const dialog = ref.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog && (document.activeElement === dialog || !dialog.contains(document.activeElement)))
      focusInitial(dialog);
  }, []);

  return (
    <section
      ref={ref}
      data-testid={testId}
      className={cx(
        'flex max-h-[88dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-raised text-fg shadow-2xl ring-1 ring-line sm:max-h-[82dvh] sm:rounded-3xl',
        widths[size],
      )}
    >
      <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 rounded-full bg-line sm:hidden" />
      <header className="flex items-center gap-3 px-5 pt-3 pb-3 sm:pt-5">
        {icon}
        <h2 id={titleId} className="min-w-0 flex-1 text-lg leading-snug font-bold">
          {title}
        </h2>
        <button
          type="button"
          data-testid={closeTestId}
          data-autofocus
          onClick={onClose}
          aria-label={t('close')}
          className="grid size-9 shrink-0 place-items-center rounded-full text-muted transition hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
      {footer ? <footer className="border-t border-line bg-surface-2/60 px-5 py-3">{footer}</footer> : null}
    </section>
  );
};
