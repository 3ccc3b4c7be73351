import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import type { ModalComponentProps } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** "This area is being updated", with a warning icon (the left bar's entry, spec §2). */
    updating: Record<string, never>;
  }
}

export const UpdatingModal = ({ close }: ModalComponentProps<'updating'>) => {
  const { t } = useTranslation('shell');
  return (
    <ModalPanel
      testId="updating-modal"
      size="sm"
      title={t('updating.title')}
      onClose={close}
      footer={
        <div className="flex justify-end">
          <button type="button" className={buttonClass('primary', 'md', 'min-w-28')} onClick={close}>
            {t('updating.ok')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-amber-500/15 text-amber-500 ring-8 ring-amber-500/5">
          <TriangleAlert data-testid="updating-warning-icon" aria-hidden="true" className="size-8" />
        </span>
        <p className="text-sm leading-relaxed text-fg/85">{t('updating.body')}</p>
      </div>
    </ModalPanel>
  );
};
