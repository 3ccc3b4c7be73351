import type { RouteValue } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type BoRoutes, callBo } from '../shared/api';
import { changeLanguage, errorText, type Lang, SUPPORTED } from '../shared/i18n';
import { hasToken, ME_KEY, saveToken } from '../shared/session';
import { setTheme, useTheme } from '../shared/theme';
import { Button, Field, Input, Select } from '../shared/ui/controls';

type Enrolment = Extract<RouteValue<BoRoutes['boLogin']>, { step: 'enrol' }>;
type Step = 'password' | 'code' | 'enrol';

/** Draws the otpauth URL as a QR code for an authenticator app. */
const QrImage = ({ text, label }: { text: string; label: string }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img
      src={src}
      alt={label}
      width={220}
      height={220}
      className="rounded bg-white p-2"
      data-testid="totp-qr"
    />
  ) : (
    <div className="size-[220px] animate-pulse rounded bg-surface-2" />
  );
};

/**
 * Staff sign-in: password, then the authenticator code (both sent together: the server never
 * says whether a password alone was right). An account without a secret gets the enrolment step.
 */
export const LoginPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const theme = useTheme();
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const expired = params.get('expired') === '1';
  const next = params.get('next');

  useEffect(() => {
    if (hasToken() && !expired) navigate('/', { replace: true });
  }, [expired, navigate]);

  const enter = (token: string) => {
    saveToken(token);
    client.removeQueries({ queryKey: ME_KEY });
    navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
  };

  const run = async (fn: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(false);
    }
  };

  const signIn = (totp?: string) =>
    run(async () => {
      const answer = await callBo('boLogin', { body: { username, password, ...(totp ? { totp } : {}) } });
      if (answer.step === 'session') return enter(answer.token);
      setEnrolment(answer);
      setCode('');
      setStep('enrol');
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'password') {
      if (!username.trim() || !password) {
        setError(t('login.fill'));
        return;
      }
      setError(null);
      setStep('code');
      return;
    }
    if (!/^[0-9]{6}$/.test(code)) {
      setError(t('login.codeFormat'));
      return;
    }
    if (step === 'code') void signIn(code);
    else if (enrolment)
      void run(async () => {
        const session = await callBo('boTotpEnrol', { body: { enrolToken: enrolment.enrolToken, code } });
        enter(session.token);
      });
  };

  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <div className="mb-3 flex justify-end gap-2">
          <Select
            aria-label={t('language')}
            value={i18n.language}
            onChange={(e) => void changeLanguage(e.target.value as Lang)}
            className="w-auto"
          >
            {SUPPORTED.map((l) => (
              <option key={l} value={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </Select>
          <Button variant="ghost" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
            {t(theme === 'dark' ? 'themeLight' : 'themeDark')}
          </Button>
        </div>
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-6"
          data-testid="bo-login"
        >
          <div className="flex items-center gap-2">
            {step === 'password' ? (
              <KeyRound className="size-5 text-accent" />
            ) : (
              <ShieldCheck className="size-5 text-accent" />
            )}
            <h1 className="font-semibold text-lg">{t('appName')}</h1>
          </div>
          {expired && step === 'password' && (
            <p className="rounded bg-surface-2 p-2 text-sm" role="status" data-testid="session-expired">
              {t('login.expired')}
            </p>
          )}
          {step === 'password' && (
            <>
              <Field label={t('login.username')}>
                <Input
                  name="username"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoFocus
                />
              </Field>
              <Field label={t('login.password')}>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
            </>
          )}
          {step === 'enrol' && enrolment && (
            <div className="flex flex-col items-center gap-3 text-sm" data-testid="totp-enrol">
              <p>{t('login.enrolIntro')}</p>
              <QrImage text={enrolment.otpauthUrl} label={t('login.qrLabel')} />
              <p className="text-muted">{t('login.enrolSecret')}</p>
              <code className="break-all rounded bg-surface-2 px-2 py-1 font-mono" data-testid="totp-secret">
                {enrolment.secret}
              </code>
            </div>
          )}
          {step !== 'password' && (
            <Field label={t(step === 'enrol' ? 'login.enrolCode' : 'login.code')} hint={t('login.codeHint')}>
              <Input
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                autoFocus
              />
            </Field>
          )}
          {error && (
            <p role="alert" className="text-danger text-sm" data-testid="login-error">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary" pending={pending} data-testid="login-submit">
            {t(step === 'password' ? 'login.continue' : 'login.signIn')}
          </Button>
          {step === 'code' && (
            <div className="flex flex-col gap-1 text-sm">
              <button
                type="button"
                className="text-left text-accent underline"
                disabled={pending}
                onClick={() => void signIn()}
                data-testid="login-first-time"
              >
                {t('login.firstTime')}
              </button>
              <button
                type="button"
                className="text-left text-muted underline"
                onClick={() => {
                  setStep('password');
                  setCode('');
                  setError(null);
                }}
              >
                {t('login.back')}
              </button>
            </div>
          )}
        </form>
      </div>
    </div>
  );
};
