import type { MemberTotpStarted, MemberTotpStatus } from '@khela/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, callApi } from '../../shared/api/client';
import { importChunk } from '../../shared/chunk';
import {
  type FieldMessages,
  FormAlert,
  KitForm,
  PasswordField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { dayKey, formatDay } from '../../shared/format/date-range';
import { buttonClass } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { callSealed } from './sealed';

/**
 * The member centre's "authenticator app" (security centre): enrol an authenticator (the server
 * makes the secret; a QR code and the secret as text; confirmed with a code) and turn it off (the
 * login password and a current code). An enrolled authenticator is one of the ways to confirm a
 * sign-in from a new network (ADR 015).
 */
export const TOTP_KEY = ['member-totp'] as const;

const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const QrImage = ({ text }: { text: string }) => {
  const { t } = useTranslation('auth');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    importChunk(() => import('qrcode'))
      .then((qrcode) =>
        qrcode.toDataURL(text, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 360,
          color: { dark: '#111111ff', light: '#ffffffff' },
        }),
      )
      .then(
        (url) => {
          if (!cancelled) setSrc(url);
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [text]);
  return src ? (
    <img
      src={src}
      alt={t('totp.qrAlt')}
      width={180}
      height={180}
      data-testid="totp-qr"
      className="size-[180px] shrink-0 rounded-xl bg-white ring-1 ring-black/5"
    />
  ) : (
    <div
      role="status"
      aria-label={t('totp.qrLoading')}
      className="size-[180px] shrink-0 animate-pulse rounded-xl bg-line"
    />
  );
};

const codeOnly = (value: string) => value.replace(/[^0-9]/g, '').slice(0, 6);

/** A current six-digit code of the authenticator app. */
const codeMessage = (code: string) =>
  /^[0-9]{6}$/.test(code) ? null : { key: code ? 'invalid_verification_code' : 'code_required' };

/** The server names the fields `code` and `password`; the forms name them apart. */
const renamed = (fields: FieldMessages, names: Record<string, string>): FieldMessages =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [names[name] ?? name, message]));

type EnrolValues = { totpCode: string };
type DisableValues = { totpPassword: string; totpDisableCode: string };
const enrolSchema = withChecks(z.object({ totpCode: z.string() }), (values, put) =>
  put('totpCode', codeMessage(values.totpCode)),
);
const disableSchema = withChecks(
  z.object({ totpPassword: z.string(), totpDisableCode: z.string() }),
  (values, put) => {
    if (!values.totpPassword.trim()) put('totpPassword', { key: 'password_required' });
    put('totpDisableCode', codeMessage(values.totpDisableCode));
  },
);

export const AuthenticatorCard = () => {
  const { t } = useTranslation('auth');
  const status = useQuery({ queryKey: TOTP_KEY, queryFn: () => callApi('memberTotp') });
  return (
    <section
      data-testid="authenticator"
      className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line sm:p-5"
      aria-labelledby="authenticator-title"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h4 id="authenticator-title" className="flex items-center gap-2 text-[0.9375rem] font-bold">
          <span className="grid size-7 place-items-center rounded-full bg-brand/12 text-brand">
            <Smartphone aria-hidden="true" className="size-4" />
          </span>
          {t('totp.title')}
        </h4>
        {status.data?.enabled ? (
          <span
            data-testid="totp-on"
            className="rounded-full bg-emerald-500/12 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300"
          >
            {t('totp.on')}
          </span>
        ) : null}
      </div>
      {status.isPending ? (
        <div className="grid min-h-20 place-items-center">
          <Spinner />
        </div>
      ) : status.isError ? (
        <StatusError error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data.enabled ? (
        <DisableForm status={status.data} />
      ) : (
        <Enrol />
      )}
    </section>
  );
};

const StatusError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  return (
    <div className="flex flex-col gap-2">
      <FormAlert>{errorText(error)}</FormAlert>
      <button type="button" className={buttonClass('secondary', 'sm', 'self-start')} onClick={onRetry}>
        {t('totp.retry')}
      </button>
    </div>
  );
};

/** Off: a set-up button, then the QR code, the secret and the code that confirms it. */
const Enrol = () => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<MemberTotpStarted | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useKitForm<EnrolValues>(enrolSchema, { defaultValues: { totpCode: '' } });

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      setStarted(await callApi('memberTotpStart'));
      form.reset({ totpCode: '' });
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async ({ totpCode }: EnrolValues) => {
    setFormError(null);
    try {
      const next = await callApi('memberTotpConfirm', { body: { code: totpCode } });
      queryClient.setQueryData<MemberTotpStatus>(TOTP_KEY, next);
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0) showFieldMessages(form, renamed(fields, { code: 'totpCode' }));
      else setFormError(errorText(error));
      if (error instanceof ApiError && error.errorCode === 'totp.enrol.expired') setStarted(null);
    }
  };

  if (!started) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm leading-relaxed text-muted">{t('totp.intro')}</p>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <button
          type="button"
          data-testid="totp-start"
          onClick={() => void start()}
          disabled={busy}
          className={buttonClass('primary', 'md', 'self-start')}
        >
          {busy ? <Spinner /> : <ShieldCheck aria-hidden="true" className="size-4" />}
          {t('totp.setUp')}
        </button>
      </div>
    );
  }

  return (
    <KitForm form={form} onSubmit={confirm} look="sunken" className="flex flex-col gap-4" testId="totp-enrol">
      <ol className="list-decimal space-y-1 pl-5 text-sm leading-relaxed text-fg/85">
        <li>{t('totp.step1')}</li>
        <li>{t('totp.step2')}</li>
        <li>{t('totp.step3', { minutes: started.expiredMinutes })}</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrImage text={started.otpauthUrl} />
        <div className="flex w-full min-w-0 flex-col gap-1">
          <p className="text-xs text-muted">{t('totp.secretLabel')}</p>
          <code
            data-testid="totp-secret"
            data-secret={started.secret}
            className="block break-all rounded-xl bg-raised px-3 py-2.5 font-mono text-sm tracking-wider ring-1 ring-line select-all"
          >
            {grouped(started.secret)}
          </code>
        </div>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        name="totpCode"
        label={t('totp.code')}
        onValue={(value) => form.setValue('totpCode', codeOnly(value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        required
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton testId="totp-confirm">{t('totp.confirm')}</SubmitButton>
        <button
          type="button"
          onClick={() => setStarted(null)}
          className={buttonClass('secondary', 'lg', 'w-full sm:w-auto')}
        >
          {t('totp.cancel')}
        </button>
      </div>
    </KitForm>
  );
};

/** On: when it was enrolled, and the form that turns it off (login password and a current code). */
const DisableForm = ({ status }: { status: MemberTotpStatus }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useKitForm<DisableValues>(disableSchema, {
    defaultValues: { totpPassword: '', totpDisableCode: '' },
  });
  const busy = form.formState.isSubmitting;

  const submit = async ({ totpPassword, totpDisableCode }: DisableValues) => {
    setFormError(null);
    try {
      const next = await callSealed('memberTotpDisable', {
        body: { password: totpPassword.trim(), code: totpDisableCode },
      });
      queryClient.setQueryData<MemberTotpStatus>(TOTP_KEY, next);
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0)
        showFieldMessages(form, renamed(fields, { code: 'totpDisableCode', password: 'totpPassword' }));
      else setFormError(errorText(error));
    }
  };

  return (
    <KitForm
      form={form}
      onSubmit={submit}
      look="sunken"
      className="flex flex-col gap-4"
      testId="totp-disable-form"
    >
      <p className="text-sm leading-relaxed text-muted">
        {t('totp.enabledSince', {
          date: status.enabledAt ? formatDay(dayKey(new Date(status.enabledAt))) : '—',
        })}
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          name="totpPassword"
          label={t('totp.password')}
          autoComplete="current-password"
          required
        />
        <TextField
          name="totpDisableCode"
          label={t('totp.code')}
          onValue={(value) => form.setValue('totpDisableCode', codeOnly(value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          required
        />
      </div>
      <button
        type="submit"
        data-testid="totp-disable"
        disabled={busy}
        className={buttonClass('secondary', 'lg', 'w-full sm:w-auto sm:self-start')}
      >
        {busy ? <Spinner /> : null}
        {t('totp.disable')}
      </button>
    </KitForm>
  );
};
