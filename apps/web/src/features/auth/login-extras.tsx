import type { LoginChallenge, LoginInfo, LoginVerificationMethod, SocialProvider } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { Gamepad2, KeyRound, Landmark, Mail, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, callApi } from '../../shared/api/client';
import {
  FormAlert,
  KitForm,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { useCountdown } from './countdown';
import { withHuman } from './human';
import { callSealed } from './sealed';

/**
 * The login modal's extra ways in (ADR 013, ADR 015): the new-IP verification step (LOGINIPVERF3),
 * free play (FREEPLAY3, a trial account) and Google / Facebook sign-in (OIDC, when the server
 * offers it).
 */

type Answers = { ipCode: string; ipTotp: string; ipAccountName: string };
const answerField = (method: LoginVerificationMethod): keyof Answers =>
  method === 'bank' ? 'ipAccountName' : method === 'totp' ? 'ipTotp' : 'ipCode';

const METHOD_ICONS = { sms: Smartphone, email: Mail, bank: Landmark, totp: KeyRound } as const;

/**
 * The second step of a login from a new network: the member picks one of the methods the server
 * offers (an SMS or email code, sent only when asked for; the holder name of the bound payout
 * account; an authenticator app code) and answers it. Wrong answers of every method share 5 tries.
 */
export const IpVerifyStep = ({
  challenge,
  onDone,
  onBack,
}: {
  challenge: LoginChallenge;
  onDone: (info: LoginInfo) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [method, setMethod] = useState<LoginVerificationMethod>(challenge.methods[0]?.method ?? 'sms');
  const [sent, setSent] = useState<Partial<Record<'sms' | 'email', { target: string; minutes: number }>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | null>(null);
  const resend = useCountdown();
  const isCode = method !== 'bank';
  const field = answerField(method);
  // A six-digit code for sms, email and totp; the holder name for bank (spec §5, ADR 015).
  const schema = withChecks(z.object({}), (values, put) => {
    const typed = String(values[field] ?? '').trim();
    if (method === 'bank' ? typed.length === 0 : !/^[0-9]{6}$/.test(typed))
      put(field, {
        key: !typed
          ? method === 'bank'
            ? 'account_name_required'
            : 'code_required'
          : 'invalid_verification_code',
      });
  });
  const form = useKitForm<Answers>(schema as unknown as z.ZodType<Answers, Answers>, {
    defaultValues: { ipCode: '', ipTotp: '', ipAccountName: '' },
  });
  const codeSent = method === 'sms' || method === 'email' ? sent[method] : undefined;

  const choose = (next: LoginVerificationMethod) => {
    setMethod(next);
    form.clearErrors();
    setFormError(null);
  };

  /** Digits only (at most 6) for a code; at most 128 characters for a name. */
  const keepAnswer = (value: string) =>
    form.setValue(field, method === 'bank' ? value.slice(0, 128) : value.replace(/[^0-9]/g, '').slice(0, 6));

  const send = async () => {
    if (busy || (method !== 'sms' && method !== 'email') || resend.left > 0) return;
    setBusy('send');
    setFormError(null);
    try {
      const answer = await callApi('loginVerificationSend', {
        body: { challengeId: challenge.challengeId, method },
      });
      setSent((current) => ({
        ...current,
        [method]: { target: answer.target, minutes: answer.expiredMinutes },
      }));
      resend.start(answer.resendAfter);
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const submit = async (values: Answers) => {
    setFormError(null);
    const answer = values[field];
    try {
      onDone(
        await callSealed('loginVerification', {
          body: {
            challengeId: challenge.challengeId,
            method,
            answer: method === 'bank' ? answer : answer.trim(),
          },
        }),
      );
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      const { answer: refused, ...others } = fields;
      if (Object.keys(fields).length > 0)
        showFieldMessages(form, refused ? { ...others, [field]: refused } : others);
      else setFormError(errorText(error));
    }
  };

  const label = (m: LoginChallenge['methods'][number]) =>
    t(`ipVerify.method.${m.method}`, { target: m.target ?? '' });

  return (
    <KitForm
      form={form}
      onSubmit={submit}
      look="sunken"
      className="flex flex-col gap-4 pt-1"
      testId="ip-verify-form"
    >
      <div className="flex items-start gap-3 rounded-xl bg-brand/8 p-3 ring-1 ring-brand/20">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <div className="min-w-0 text-[0.8125rem] leading-relaxed text-fg/85">
          <p className="font-semibold text-fg">{t('ipVerify.title')}</p>
          <p>{t(challenge.methods.length > 1 ? 'ipVerify.leadChoose' : 'ipVerify.leadOne')}</p>
        </div>
      </div>
      {challenge.methods.length > 1 ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">{t('ipVerify.methods')}</legend>
          {challenge.methods.map((m) => {
            const Icon = METHOD_ICONS[m.method];
            const selected = m.method === method;
            return (
              <label
                key={m.method}
                data-testid={`ip-method-${m.method}`}
                className={cx(
                  'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-left text-[0.8125rem] ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                  selected
                    ? 'bg-brand/10 font-semibold text-fg ring-2 ring-brand'
                    : 'bg-surface-2 text-fg/80 ring-line hover:ring-brand/50',
                )}
              >
                <input
                  type="radio"
                  name="ipMethod"
                  value={m.method}
                  checked={selected}
                  onChange={() => choose(m.method)}
                  className="sr-only"
                />
                <Icon
                  aria-hidden="true"
                  className={cx('size-4.5 shrink-0', selected ? 'text-brand' : 'text-muted')}
                />
                <span className="min-w-0 break-words">{label(m)}</span>
              </label>
            );
          })}
        </fieldset>
      ) : (
        <p className="text-sm font-semibold" data-testid={`ip-method-${method}`}>
          {challenge.methods[0] ? label(challenge.methods[0]) : null}
        </p>
      )}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        key={method}
        name={field}
        label={t(`ipVerify.answer.${method}`)}
        onValue={keepAnswer}
        hint={
          codeSent ? (
            <span data-testid="ip-verify-target">
              {t(method === 'sms' ? 'ipVerify.sentSms' : 'ipVerify.sentEmail', {
                target: codeSent.target,
                minutes: codeSent.minutes,
              })}
            </span>
          ) : (
            t(`ipVerify.hint.${method}`)
          )
        }
        {...(isCode
          ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', placeholder: '000000' }
          : { autoComplete: 'name', autoCapitalize: 'words' })}
        required
        trailing={
          method === 'sms' || method === 'email' ? (
            <button
              type="button"
              data-testid="btn-ip-send"
              onClick={() => void send()}
              disabled={busy !== null || resend.left > 0}
              className={buttonClass('outline', 'md', 'h-11 min-w-[7.5rem] shrink-0 rounded-xl tabular-nums')}
            >
              {busy === 'send' ? (
                <Spinner />
              ) : resend.left > 0 ? (
                t('form.resendIn', { seconds: resend.left })
              ) : (
                t('form.getCode')
              )}
            </button>
          ) : undefined
        }
      />
      <SubmitButton testId="btn-submit-ip-verify">{t('ipVerify.submit')}</SubmitButton>
      <button
        type="button"
        onClick={onBack}
        data-testid="btn-ip-verify-back"
        className="text-center text-[0.8125rem] font-medium text-brand hover:underline"
      >
        {t('ipVerify.back')}
      </button>
    </KitForm>
  );
};

const GoogleMark = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4.5">
    <path
      fill="#4285F4"
      d="M22.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h5.9a5.05 5.05 0 0 1-2.2 3.3v2.75h3.55c2.08-1.92 3.25-4.74 3.25-8.08Z"
    />
    <path
      fill="#34A853"
      d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.75c-.98.66-2.24 1.05-3.72 1.05-2.86 0-5.29-1.93-6.15-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
    />
    <path fill="#FBBC05" d="M5.85 14.1a6.6 6.6 0 0 1 0-4.2V7.07H2.18a11 11 0 0 0 0 9.87l3.67-2.84Z" />
    <path
      fill="#EA4335"
      d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.97 10.97 0 0 0 2.18 7.07L5.85 9.9C6.71 7.3 9.14 5.38 12 5.38Z"
    />
  </svg>
);

const FacebookMark = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4.5">
    <path
      fill="#1877F2"
      d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z"
    />
  </svg>
);

/**
 * Free play and Google / Facebook sign-in, under the login button. Free play shows where the brand
 * turns FREEPLAY3 on; each provider where the server offers it.
 */
export const LoginAlternatives = ({
  freePlay,
  needsHuman,
  onDone,
}: {
  freePlay: boolean;
  needsHuman: boolean;
  onDone: (info: LoginInfo) => void;
}) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const providers = useQuery({
    queryKey: ['social-providers'],
    queryFn: () => callApi('socialProviders'),
    staleTime: 5 * 60_000,
  });
  const [busy, setBusy] = useState<'free' | SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (!freePlay && list.length === 0) return null;

  const playFree = async () => {
    setBusy('free');
    setError(null);
    try {
      onDone(
        await withHuman(needsHuman, (human) =>
          callApi('freePlay', { body: { os: navigator.platform || 'web', platform: 'W', ...human } }),
        ),
      );
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const signInWith = async (provider: SocialProvider) => {
    setBusy(provider);
    setError(null);
    try {
      const { url } = await callApi('socialStart', { body: { provider } });
      window.location.assign(url);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="login-alternatives">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {list.length > 0 ? (
        <>
          <div className="flex items-center gap-3 text-[0.75rem] text-muted">
            <span className="h-px flex-1 bg-line" />
            {t('login.orWith')}
            <span className="h-px flex-1 bg-line" />
          </div>
          <div className="grid grid-cols-2 gap-2">
            {list.map(({ provider }) => (
              <button
                key={provider}
                type="button"
                data-testid={`btn-social-${provider}`}
                disabled={busy !== null}
                onClick={() => void signInWith(provider)}
                className={buttonClass('secondary', 'md', 'w-full')}
              >
                {busy === provider ? <Spinner /> : provider === 'google' ? <GoogleMark /> : <FacebookMark />}
                {t(provider === 'google' ? 'login.google' : 'login.facebook')}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {freePlay ? (
        <button
          type="button"
          data-testid="btn-free-play"
          disabled={busy !== null}
          onClick={() => void playFree()}
          className={buttonClass('outline', 'md', 'w-full')}
        >
          {busy === 'free' ? <Spinner /> : <Gamepad2 aria-hidden="true" className="size-4.5" />}
          {t('login.freePlay')}
        </button>
      ) : null}
    </div>
  );
};
