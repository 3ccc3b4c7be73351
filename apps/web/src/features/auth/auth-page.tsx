import { KeyRound, LogIn, type LucideIcon, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { useModal } from '../../shared/ui/modal-host';
import { ChangePasswordForm } from './change-password-form';
import { ForgetForm } from './forget-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthPageKind = 'login' | 'register' | 'forget' | 'changePassword';

const META: Record<AuthPageKind, { icon: LucideIcon; title: string; lead: string }> = {
  login: { icon: LogIn, title: 'login.title', lead: 'login.lead' },
  register: { icon: UserPlus, title: 'register.title', lead: 'register.lead' },
  forget: { icon: KeyRound, title: 'forget.title', lead: 'forget.lead' },
  changePassword: { icon: KeyRound, title: 'changePassword.title', lead: 'changePassword.lead' },
};

/** The change-password page needs a session: without one the login modal opens (a protected action). */
const SignInFirst = () => {
  const { t } = useTranslation('auth');
  const modal = useModal();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    modal.open('login', {});
  }, [modal]);
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <p className="text-sm text-muted">{t('guard.loginFirst')}</p>
      <button type="button" className={buttonClass('primary', 'md')} onClick={() => modal.open('login', {})}>
        {t('login.submit')}
      </button>
    </div>
  );
};

/** /login, /register, /forget and /changePassword: the same forms as the modals, in the page frame. */
export const AuthPage = ({ kind }: { kind: AuthPageKind }) => {
  const { t } = useTranslation('auth');
  const { token } = useSessionState();
  const { icon: Icon, title, lead } = META[kind];
  if (token && kind !== 'changePassword') return <Navigate to="/" replace />;
  return (
    <div data-testid={`page-${kind}`} className="relative mx-auto w-full max-w-[30rem] px-3 py-6 sm:py-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-56 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--brand)_22%,transparent),transparent)]"
      />
      <section className="rounded-3xl bg-raised p-5 shadow-[0_20px_50px_-30px_rgb(0_0_0/0.45)] ring-1 ring-line sm:p-7">
        <header className="mb-5 flex items-center gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-brand/12 text-brand">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl leading-tight font-bold">{t(title)}</h1>
            <p className="mt-0.5 text-[0.8125rem] text-muted">{t(lead)}</p>
          </div>
        </header>
        {kind === 'login' ? <LoginForm /> : null}
        {kind === 'register' ? <RegisterForm /> : null}
        {kind === 'forget' ? <ForgetForm /> : null}
        {kind === 'changePassword' ? token ? <ChangePasswordForm /> : <SignInFirst /> : null}
      </section>
    </div>
  );
};
