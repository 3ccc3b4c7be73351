import { RefreshCw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { TextField } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { countdownSeconds, createThrottle, THROTTLE_MS, useCountdown } from './countdown';

type SmsCodeFieldProps = {
  /** Checks the number first (shows its error) and answers false to send nothing. */
  validateMobile: () => Promise<boolean>;
  /** Sends the code; answers the minutes the code lives. */
  request: () => Promise<{ expiredMinutes: number }>;
  onError: (error: unknown) => void;
};

/**
 * The form field `verificationCode` with the get-code button: throttled to 1/s, counts down
 * 60 s x expiredMinutes after a send.
 */
export const SmsCodeField = ({ validateMobile, request, onError }: SmsCodeFieldProps) => {
  const { t } = useTranslation('auth');
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const throttle = useRef(createThrottle());
  const handleClick = async () => {
    if (sending || left > 0 || !throttle.current()) return;
    if (!(await validateMobile())) return;
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

/**
 * The form field `captcha` with its image (base64 PNG of `/wps/captcha`); a click loads a new one,
 * at most once a second; a new `reloadKey` (after a refused try) too.
 */
export const CaptchaField = ({ reloadKey = 0 }: { reloadKey?: number }) => {
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
