import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client';
import { clearSession } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import type { ModalComponentProps } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';
import { Spinner } from '../../shared/ui/spinner';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** 'Sure to sign out?' with cancel and confirm (spec §4 logout). */
    confirmLogout: Record<string, never>;
  }
}

/**
 * Sign out: the logout call revokes the session on the server; session storage is cleared with
 * merchant and merchantCode re-set, and the visitor lands on `/` (also when the call fails).
 */
export const LogoutModal = ({ close }: ModalComponentProps<'confirmLogout'>) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await callApi('logout', { body: {} });
    } catch {
      // The session is dropped here whatever the server answered (it may already be gone).
    }
    clearSession();
    queryClient.removeQueries({ queryKey: ['member-info'] });
    close();
    void navigate('/');
  };
  return (
    <ModalPanel
      testId="logout-modal"
      size="sm"
      title={t('logout.title')}
      onClose={close}
      footer={
        <div className="flex justify-end gap-2">
          <button
            type="button"
            data-testid="logout-cancel"
            className={buttonClass('secondary', 'md', 'min-w-24')}
            onClick={close}
          >
            {t('logout.cancel')}
          </button>
          <button
            type="button"
            data-testid="logout-confirm"
            disabled={busy}
            className={buttonClass('primary', 'md', 'min-w-24')}
            onClick={() => void confirm()}
          >
            {busy ? <Spinner className="size-4 border-2" /> : null}
            {t('logout.confirm')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand/12 text-brand ring-8 ring-brand/5">
          <LogOut aria-hidden="true" className="size-7" />
        </span>
        <p data-testid="logout-message" className="text-sm leading-relaxed text-fg/85">
          {t('logout.message')}
        </p>
      </div>
    </ModalPanel>
  );
};
