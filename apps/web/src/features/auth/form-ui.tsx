import { ChevronDown, Eye, EyeOff, RefreshCw, TriangleAlert } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { countdownSeconds, createThrottle, THROTTLE_MS, useCountdown } from './countdown';
import { type FieldMessage, fillBounds } from './rules';

/** The text of a field message: `reg_pattern_<id>` texts and the other field keys, bounds filled in. */
export const useFieldText = () => {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: FieldMessage | null | undefined) => {
      if (!message) return undefined;
      const key = message.key.startsWith('reg_pattern_')
        ? `pattern.${message.key}`
        : `fieldError.${message.key}`;
      return fillBounds(t(key, { defaultValue: t('fieldError.invalid_value') }), message.min, message.max);
    },
    [t],
  );
};

/** The translated text of a refused call (the errors namespace keys `error.<code>`). */
export const useErrorText = () => {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const key = error instanceof ApiError ? error.message : 'error.system.error';
      return t(key.startsWith('error.') ? key : `error.${key}`, { defaultValue: t('error.system.error') });
    },
    [t],
  );
};

const inputClass = (invalid: boolean) =>
  cx(
    'h-11 w-full min-w-0 rounded-xl bg-surface-2 px-3.5 text-[0.9375rem] text-fg ring-1 transition outline-none placeholder:text-muted/80',
    'focus:bg-raised focus:ring-2',
    invalid ? 'ring-red-500/70 focus:ring-red-500' : 'ring-line hover:ring-brand/40 focus:ring-brand',
  );

type FieldShellProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
  name: string;
};

/** Label, control and the first error under it (spec §5). */
export const FieldShell = ({ id, label, error, required, hint, children, name }: FieldShellProps) => (
  <div className="flex flex-col gap-1.5" data-field={name}>
    <label htmlFor={id} className="flex items-center gap-1 text-[0.8125rem] font-medium text-fg/80">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-500">
          *
        </span>
      ) : null}
    </label>
    {children}
    {error ? (
      <p
        id={`${id}-error`}
        role="alert"
        data-testid={`error-${name}`}
        className="text-xs leading-snug text-red-600 dark:text-red-400"
      >
        {error}
      </p>
    ) : hint ? (
      <p className="text-xs text-muted">{hint}</p>
    ) : null}
  </div>
);

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> & {
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  trailing?: ReactNode;
  hint?: ReactNode;
};

export const TextField = ({
  name,
  label,
  value,
  onValue,
  error,
  required,
  trailing,
  hint,
  ...rest
}: TextFieldProps) => {
  const id = useId();
  return (
    <FieldShell id={id} name={name} label={label} error={error} required={required ?? false} hint={hint}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(Boolean(error))}
          {...rest}
        />
        {trailing}
      </div>
    </FieldShell>
  );
};

export const PasswordField = (props: Omit<TextFieldProps, 'type' | 'trailing'>) => {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  const id = useId();
  const { name, label, value, onValue, error, required, hint, ...rest } = props;
  return (
    <FieldShell id={id} name={name} label={label} error={error} required={required ?? false} hint={hint}>
      <div className="relative">
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cx(inputClass(Boolean(error)), 'pr-11')}
          {...rest}
        />
        <button
          type="button"
          data-testid={`toggle-${name}`}
          onClick={() => setShown((s) => !s)}
          aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
          aria-pressed={shown}
          className="absolute inset-y-0 right-1 my-auto grid size-9 place-items-center rounded-lg text-muted transition hover:text-fg"
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="size-[1.1rem]" />
          ) : (
            <Eye aria-hidden="true" className="size-[1.1rem]" />
          )}
        </button>
      </div>
    </FieldShell>
  );
};

type PhoneFieldProps = {
  name?: string;
  label: ReactNode;
  dialCodes: string[];
  dialCode: string;
  onDialCode: (code: string) => void;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
};

/** Country dialling code picker (native select) beside the number. */
export const PhoneField = ({
  name = 'mobileNum',
  label,
  dialCodes,
  dialCode,
  onDialCode,
  value,
  onValue,
  error,
  required,
}: PhoneFieldProps) => {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <FieldShell id={id} name={name} label={label} error={error} required={required ?? false}>
      <div className="flex gap-2">
        <span className="relative shrink-0">
          <select
            data-testid="dial-code"
            aria-label={t('form.dialCode')}
            value={dialCode}
            onChange={(event) => onDialCode(event.target.value)}
            className={cx(
              inputClass(false),
              'w-[5.75rem] cursor-pointer appearance-none pr-7 font-medium tabular-nums',
            )}
          >
            {dialCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-2 my-auto size-4 text-muted"
          />
        </span>
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(Boolean(error))}
          placeholder={t('form.mobilePlaceholder')}
        />
      </div>
    </FieldShell>
  );
};

type SmsCodeFieldProps = {
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Checks the number first (shows its error) and returns false to send nothing. */
  validateMobile: () => boolean;
  /** Sends the code; answers the minutes the code lives. */
  request: () => Promise<{ expiredMinutes: number }>;
  onError: (error: unknown) => void;
};

/** SMS code with the get-code button: throttled to 1/s, counts down 60 s x expiredMinutes after a send. */
export const SmsCodeField = ({
  value,
  onValue,
  error,
  validateMobile,
  request,
  onError,
}: SmsCodeFieldProps) => {
  const { t } = useTranslation('auth');
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const throttle = useRef(createThrottle());
  const handleClick = async () => {
    if (sending || left > 0 || !throttle.current()) return;
    if (!validateMobile()) return;
    setSending(true);
    try {
      const answer = await request();
      setSent(true);
      start(countdownSeconds(answer.expiredMinutes));
    } catch (caught) {
      onError(caught);
    } finally {
      setSending(false);
    }
  };
  return (
    <TextField
      name="verificationCode"
      label={t('form.smsCode')}
      value={value}
      onValue={onValue}
      error={error}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      placeholder={t('form.smsCodePlaceholder')}
      hint={sent && left > 0 ? t('form.smsSent') : undefined}
      trailing={
        <button
          type="button"
          data-testid="btn-get-code"
          onClick={() => void handleClick()}
          disabled={sending || left > 0}
          className={buttonClass('outline', 'md', 'h-11 min-w-[7.5rem] shrink-0 rounded-xl tabular-nums')}
        >
          {sending ? <Spinner /> : left > 0 ? t('form.resendIn', { seconds: left }) : t('form.getCode')}
        </button>
      }
    />
  );
};

type CaptchaFieldProps = {
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Changing this number loads a new image (after a refused try). */
  reloadKey?: number;
};

/** Image captcha (base64 PNG of `/wps/captcha`); a click loads a new one, at most once a second. */
export const CaptchaField = ({ value, onValue, error, reloadKey = 0 }: CaptchaFieldProps) => {
  const { t } = useTranslation('auth');
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const lastLoad = useRef(Number.NEGATIVE_INFINITY);
  const load = useCallback(async (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastLoad.current < THROTTLE_MS) return;
    lastLoad.current = now;
    try {
      const png = await callApi('captcha');
      setImage(`data:image/png;base64,${png}`);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reloadKey is the trigger
  useEffect(() => {
    void load(true);
  }, [load, reloadKey]);
  return (
    <TextField
      name="captcha"
      label={t('form.captcha')}
      value={value}
      onValue={onValue}
      error={error}
      required
      inputMode="numeric"
      autoComplete="off"
      maxLength={32}
      placeholder={t('form.captchaPlaceholder')}
      trailing={
        <button
          type="button"
          data-testid="captcha-image"
          onClick={() => void load(false)}
          aria-label={t('form.captchaRefresh')}
          title={t('form.captchaRefresh')}
          className="group relative grid h-11 w-[7.5rem] shrink-0 place-items-center overflow-hidden rounded-xl bg-white ring-1 ring-line"
        >
          {image ? (
            <img src={image} alt={t('form.captchaImage')} className="h-full w-full object-contain" />
          ) : failed ? (
            <RefreshCw aria-hidden="true" className="size-4 text-slate-500" />
          ) : (
            <Spinner />
          )}
          <span className="absolute inset-0 grid place-items-center bg-black/35 opacity-0 transition group-hover:opacity-100">
            <RefreshCw aria-hidden="true" className="size-4 text-white" />
          </span>
        </button>
      }
    />
  );
};

export const CheckboxField = ({
  name,
  checked,
  onChecked,
  children,
  error,
}: {
  name: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
}) => {
  const id = useId();
  return (
    <div data-field={name}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          name={name}
          data-testid={`check-${name}`}
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-[1.05rem] shrink-0 cursor-pointer rounded accent-[var(--brand)]"
        />
        <label htmlFor={id} className="text-[0.8125rem] leading-snug text-fg/80">
          {children}
        </label>
      </div>
      {error ? (
        <p
          role="alert"
          data-testid={`error-${name}`}
          className="mt-1 pl-7 text-xs text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
};

/** A message over the form (a refused call that names no field). */
export const FormAlert = ({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success';
}) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    data-testid={tone === 'error' ? 'form-error' : 'form-success'}
    className={cx(
      'flex items-start gap-2 rounded-xl px-3 py-2.5 text-[0.8125rem] leading-snug ring-1',
      tone === 'error'
        ? 'bg-red-500/8 text-red-700 ring-red-500/25 dark:text-red-300'
        : 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
    )}
  >
    {tone === 'error' ? <TriangleAlert aria-hidden="true" className="mt-px size-4 shrink-0" /> : null}
    <span>{children}</span>
  </div>
);

export const SubmitButton = ({
  busy,
  children,
  testId,
}: {
  busy: boolean;
  children: ReactNode;
  testId: string;
}) => (
  <button
    type="submit"
    data-testid={testId}
    disabled={busy}
    className={buttonClass('primary', 'lg', 'w-full')}
  >
    {busy ? <Spinner /> : null}
    {children}
  </button>
);

/** Two-way tab switch (login and registration modes, forgot-password methods). */
export const Tabs = <T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  label: string;
}) => (
  <div
    role="tablist"
    aria-label={label}
    className="grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-surface-2 p-1 ring-1 ring-line"
  >
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        role="tab"
        data-testid={`tab-${option.value}`}
        aria-selected={value === option.value}
        onClick={() => onChange(option.value)}
        className={cx(
          'h-9 rounded-full px-3 text-sm font-semibold transition',
          value === option.value
            ? 'bg-raised text-fg shadow-sm ring-1 ring-line'
            : 'text-muted hover:text-fg',
        )}
      >
        {option.label}
      </button>
    ))}
  </div>
);
