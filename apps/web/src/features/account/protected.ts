import { useMember } from '../../shared/state/session';
import { useModal } from '../../shared/ui/modal-host';

/**
 * Wraps a member-only action (spec §6): without a token the login modal opens instead; a trial
 * account (type 4) is refused with `in_need_true_account`.
 */
export const useProtectedAction = () => {
  const modal = useModal();
  const { loggedIn, isTrial } = useMember();
  return <T>(action: () => T): T | undefined => {
    if (!loggedIn) {
      modal.open('login', {});
      return undefined;
    }
    if (isTrial) {
      modal.open('trialNotice', {});
      return undefined;
    }
    return action();
  };
};
