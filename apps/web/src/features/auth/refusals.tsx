import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { setRefusalHandler } from '../../shared/api/client';
import { useModal } from '../../shared/ui/modal-host';
import { holdChangePassword, isChangePasswordShown } from './pending-change';

/**
 * Mounted once under the modal host (kept tiny: it is in the first download). A member call
 * refused with `password.change.required` reopens the change-password modal; one refused with
 * `in_need_true_account` (a trial account) shows the register-a-real-account notice. Back from
 * Google / Facebook (`?social=<outcome>`), it opens the sign-in finish modal.
 */
export const AuthRefusals = () => {
  const modal = useModal();
  const [params, setParams] = useSearchParams();
  const social = params.get('social');

  useEffect(() => {
    let trialShown = false;
    setRefusalHandler((error) => {
      if (error.errorCode === 'password.change.required') {
        if (!isChangePasswordShown()) modal.open('changePassword', {}, { onClose: holdChangePassword() });
        return;
      }
      if (trialShown) return;
      trialShown = true;
      modal.open('trialNotice', {}, { onClose: () => (trialShown = false) });
    });
    return () => setRefusalHandler(null);
  }, [modal]);

  useEffect(() => {
    if (!social) return;
    setParams(
      (current) => {
        current.delete('social');
        return current;
      },
      { replace: true },
    );
    modal.open('socialFinish', { outcome: social });
  }, [social, modal, setParams]);

  return null;
};
