import type { LoginInfo } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signIn } from '../../shared/state/session';
import { flagsOf, useSystemStatus } from '../../shared/state/site';
import { useModal } from '../../shared/ui/modal-host';
import { holdChangePassword, isChangePasswordShown } from './pending-change';

export type AuthForm = 'login' | 'register' | 'forget' | 'changePassword';

const PAGE_PATHS: Record<AuthForm, string> = {
  login: '/login',
  register: '/register',
  forget: '/forget',
  changePassword: '/changePassword',
};

/**
 * Where an auth form lives: in its modal (`close` given) or on its page. Switching to another
 * form replaces the modal, or goes to that form's page.
 */
export const useAuthFlow = (close?: () => void) => {
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const switchTo = (form: AuthForm) => {
    if (close) {
      close();
      modal.open(form, {});
    } else {
      void navigate(PAGE_PATHS[form]);
    }
  };

  /**
   * A successful login or registration: token stored (member info follows through its query),
   * the form closes and the visitor lands on `/` (or `to`); a pending password change (an
   * operator-set or expired password, or the first login of an account someone else made) opens
   * its modal.
   */
  const finish = (
    info: LoginInfo,
    { provenPassword, to = '/' }: { provenPassword?: string; to?: string } = {},
  ) => {
    signIn(info);
    void queryClient.invalidateQueries({ queryKey: ['member-info'] });
    close?.();
    void navigate(to);
    if (info.mustChangePassword && !isChangePasswordShown()) {
      modal.open('changePassword', provenPassword ? { provenPassword } : {}, {
        onClose: holdChangePassword(),
      });
    }
  };

  return { switchTo, finish, inModal: Boolean(close) };
};

/** Brand flags, dialling codes and register rules the auth forms read from the permission call. */
export const useAuthSite = () => {
  const status = useSystemStatus();
  const flags = flagsOf(status.data);
  const merchant = status.data?.info.merchant;
  const dialCodes = [
    ...new Set(
      [merchant?.dialCode, ...(status.data?.info.merchants ?? []).map((m) => m.dialCode)].filter(Boolean),
    ),
  ] as string[];
  return {
    status: status.data,
    flags,
    dialCode: merchant?.dialCode ?? dialCodes[0] ?? '+880',
    dialCodes: dialCodes.length > 0 ? dialCodes : ['+880'],
    rules: status.data?.info.register ?? {},
  };
};
