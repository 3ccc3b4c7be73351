import { CircleCheck, KeyRound, LogIn, ShieldCheck, TriangleAlert, UserPlus } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import { type ModalComponentProps, useModal } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';
import { ChangePasswordForm } from './change-password-form';
import { ForgetForm } from './forget-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SocialFinishBody } from './social-finish';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** loginPopupModal (spec §2). */
    login: Record<string, never>;
    /** registerModal. */
    register: Record<string, never>;
    /** forgetPassModal. */
    forget: Record<string, never>;
    /** changePassModal: `provenPassword` when the member has just logged in with it. */
    changePassword: { provenPassword?: string };
    /** A short message with a confirm button (sent password, SMS failure, invalid invitation code). */
    authNotice: { tone: 'success' | 'warning'; message: string };
    /** A trial (free-play) account was refused a real-money action: register a real account. */
    trialNotice: Record<string, never>;
    /** Back from Google / Facebook: `outcome` of the callback (`ok`, `failed`, `cancelled`). */
    socialFinish: { outcome: string };
  }
}

const HeadIcon = ({ children }: { children: React.ReactNode }) => (
  <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand/12 text-brand">
    {children}
  </span>
);

/** The lobby's game picker over the login form (spec §2), handed in by app/ (app/modals.ts). */
export type LoginGameMenuPart = ComponentType<{ onPick: () => void }>;

export const LoginModal = ({
  close,
  GameMenu,
}: {
  close: ModalComponentProps<'login'>['close'];
  GameMenu: LoginGameMenuPart;
}) => {
  const { t } = useTranslation('auth');
  return (
    <ModalPanel
      testId="login-modal"
      closeTestId="login-close"
      size="sm"
      title={t('login.title')}
      icon={
        <HeadIcon>
          <LogIn aria-hidden="true" className="size-5" />
        </HeadIcon>
      }
      onClose={close}
    >
      <GameMenu onPick={close} />
      <LoginForm close={close} />
    </ModalPanel>
  );
};

export const RegisterModal = ({ close }: ModalComponentProps<'register'>) => {
  const { t } = useTranslation('auth');
  return (
    <ModalPanel
      testId="register-modal"
      closeTestId="register-close"
      size="sm"
      title={t('register.title')}
      icon={
        <HeadIcon>
          <UserPlus aria-hidden="true" className="size-5" />
        </HeadIcon>
      }
      onClose={close}
    >
      <RegisterForm close={close} />
    </ModalPanel>
  );
};

export const ForgetModal = ({ close }: ModalComponentProps<'forget'>) => {
  const { t } = useTranslation('auth');
  return (
    <ModalPanel
      testId="forget-modal"
      size="sm"
      title={t('forget.title')}
      icon={
        <HeadIcon>
          <KeyRound aria-hidden="true" className="size-5" />
        </HeadIcon>
      }
      onClose={close}
    >
      <ForgetForm close={close} />
    </ModalPanel>
  );
};

export const ChangePasswordModal = ({ close, provenPassword }: ModalComponentProps<'changePassword'>) => {
  const { t } = useTranslation('auth');
  return (
    <ModalPanel
      testId="change-password-modal"
      size="sm"
      title={t('changePassword.title')}
      icon={
        <HeadIcon>
          <KeyRound aria-hidden="true" className="size-5" />
        </HeadIcon>
      }
      onClose={close}
    >
      <ChangePasswordForm close={close} {...(provenPassword ? { provenPassword } : {})} />
    </ModalPanel>
  );
};

export const AuthNoticeModal = ({ close, tone, message }: ModalComponentProps<'authNotice'>) => {
  const { t } = useTranslation('auth');
  const Icon = tone === 'success' ? CircleCheck : TriangleAlert;
  return (
    <ModalPanel
      testId="auth-notice"
      size="sm"
      title={t(tone === 'success' ? 'notice.successTitle' : 'notice.warningTitle')}
      onClose={close}
      footer={
        <div className="flex justify-end">
          <button
            type="button"
            data-testid="auth-notice-ok"
            className={buttonClass('primary', 'md', 'min-w-28')}
            onClick={close}
          >
            {t('notice.confirm')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span
          className={
            tone === 'success'
              ? 'grid size-14 place-items-center rounded-full bg-emerald-500/15 text-emerald-500 ring-8 ring-emerald-500/5'
              : 'grid size-14 place-items-center rounded-full bg-amber-500/15 text-amber-500 ring-8 ring-amber-500/5'
          }
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <p data-testid="auth-notice-message" className="text-sm leading-relaxed text-fg/85">
          {message}
        </p>
      </div>
    </ModalPanel>
  );
};

export const TrialNoticeModal = ({ close }: ModalComponentProps<'trialNotice'>) => {
  const { t } = useTranslation('auth');
  const modal = useModal();
  return (
    <ModalPanel
      testId="trial-notice"
      size="sm"
      title={t('trial.title')}
      onClose={close}
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary', 'md', 'min-w-24')} onClick={close}>
            {t('trial.later')}
          </button>
          <button
            type="button"
            data-testid="trial-register"
            className={buttonClass('primary', 'md', 'min-w-28')}
            onClick={() => {
              close();
              modal.open('register', {});
            }}
          >
            {t('trial.register')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-amber-500/15 text-amber-500 ring-8 ring-amber-500/5">
          <UserPlus aria-hidden="true" className="size-7" />
        </span>
        <p data-testid="trial-notice-message" className="text-sm leading-relaxed text-fg/85">
          {t('trial.message')}
        </p>
      </div>
    </ModalPanel>
  );
};

export const SocialFinishModal = ({ close, outcome }: ModalComponentProps<'socialFinish'>) => {
  const { t } = useTranslation('auth');
  return (
    <ModalPanel
      testId="social-finish-modal"
      size="sm"
      title={t('social.title')}
      icon={
        <HeadIcon>
          <ShieldCheck aria-hidden="true" className="size-5" />
        </HeadIcon>
      }
      onClose={close}
    >
      <SocialFinishBody outcome={outcome} close={close} />
    </ModalPanel>
  );
};
