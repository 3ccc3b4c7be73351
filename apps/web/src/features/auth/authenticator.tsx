import type { MemberTotpStarted, MemberTotpStatus } from '@khela/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { importChunk } from '../../shared/chunk';
import { dayKey, formatDay } from '../../shared/format/date-range';
import { buttonClass } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { FormAlert, PasswordField, SubmitButton, TextField, useErrorText, useFieldText } from './form-ui';
import { type FieldMessages, serverFieldMessages } from './rules';
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
  const fieldText = useFieldText();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<MemberTotpStarted | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      setStarted(await callApi('memberTotpStart'));
      setCode('');
      setErrors({});
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!/^[0-9]{6}$/.test(code)) {
      setErrors({ code: { key: code ? 'invalid_verification_code' : 'code_required' } });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const next = await callApi('memberTotpConfirm', { body: { code } });
      queryClient.setQueryData<MemberTotpStatus>(TOTP_KEY, next);
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorText(error));
      if (error instanceof ApiError && error.errorCode === 'totp.enrol.expired') setStarted(null);
    } finally {
      setBusy(false);
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
    <form
      noValidate
      onSubmit={(event) => void confirm(event)}
      className="flex flex-col gap-4"
      data-testid="totp-enrol"
    >
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
        value={code}
        onValue={(value) => setCode(codeOnly(value))}
        error={fieldText(errors.code)}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        required
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton busy={busy} testId="totp-confirm">
          {t('totp.confirm')}
        </SubmitButton>
        <button
          type="button"
          onClick={() => setStarted(null)}
          className={buttonClass('secondary', 'lg', 'w-full sm:w-auto')}
        >
          {t('totp.cancel')}
        </button>
      </div>
    </form>
  );
};

/** On: when it was enrolled, and the form that turns it off (login password and a current code). */
const DisableForm = ({ status }: { status: MemberTotpStatus }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found: FieldMessages = {};
    if (!password.trim()) found.password = { key: 'password_required' };
    if (!/^[0-9]{6}$/.test(code)) found.code = { key: code ? 'invalid_verification_code' : 'code_required' };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const next = await callSealed('memberTotpDisable', { body: { password: password.trim(), code } });
      queryClient.setQueryData<MemberTotpStatus>(TOTP_KEY, next);
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      data-testid="totp-disable-form"
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
          value={password}
          onValue={setPassword}
          error={fieldText(errors.password)}
          autoComplete="current-password"
          required
        />
        <TextField
          name="totpDisableCode"
          label={t('totp.code')}
          value={code}
          onValue={(value) => setCode(codeOnly(value))}
          error={fieldText(errors.code)}
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
    </form>
  );
};
