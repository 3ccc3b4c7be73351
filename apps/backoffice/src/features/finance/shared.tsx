import { endpoints } from '@khela/contract/browser';
import { Image } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BoApiError } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { KEYS, readSession } from '../../shared/storage';
import { Button, Field, TextArea } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { toast } from '../../shared/ui/feedback';

const TABS = ['deposits', 'withdrawals', 'channels', 'adjust', 'ledger'] as const;

/** The finance sub-navigation: queues, channels and limits, adjustment, member ledger. */
export const FinanceTabs = () => {
  const { t } = useTranslation('finance');
  return (
    <nav aria-label={t('nav')} className="mb-4 flex flex-wrap gap-1 border-line border-b">
      {TABS.map((tab) => (
        <NavLink
          key={tab}
          to={`/finance/${tab}`}
          data-testid={`finance-tab-${tab}`}
          className={({ isActive }) =>
            cx(
              '-mb-px border-b-2 px-3 py-2 font-medium text-sm',
              isActive ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg',
            )
          }
        >
          {t(`tabs.${tab}`)}
        </NavLink>
      ))}
    </nav>
  );
};

/** An amount from the server (decimal string) with the currency code. */
export { Money } from '../../shared/ui/money';

const tones: Record<string, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  in_process: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  approved: 'bg-accent/15 text-accent',
  issued: 'bg-ok/15 text-ok',
  rejected: 'bg-danger/15 text-danger',
  not_received: 'bg-danger/15 text-danger',
};

export const Badge = ({ value, label, testId }: { value: string; label: string; testId?: string }) => (
  <span
    data-testid={testId}
    data-value={value}
    className={cx(
      'inline-block rounded px-1.5 py-0.5 font-medium text-xs',
      tones[value] ?? 'bg-surface-2 text-muted',
    )}
  >
    {label}
  </span>
);

/** Opens a receipt or proof image in a new tab (fetched with the staff token). */
export const UploadButton = ({ id }: { id: string }) => {
  const { t } = useTranslation('finance');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    // Opened first (inside the click) so pop-up blockers allow it; filled when the bytes arrive.
    const target = window.open('', '_blank');
    try {
      const url = new URL(endpoints.boUpload.path, window.location.origin);
      url.searchParams.set('id', id);
      const token = readSession(KEYS.token);
      const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
      if (!response.ok) throw new BoApiError(response.status, 'not.found', 'error.not.found');
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      if (target) target.location.href = objectUrl;
      else window.location.assign(objectUrl);
    } catch (error) {
      target?.close();
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="ghost"
      pending={busy}
      onClick={() => void open()}
      data-testid="view-upload"
      className="px-2"
    >
      <Image className="size-4" />
      {t('view')}
    </Button>
  );
};

/**
 * Asks for the reason of an action (reject, refund, force receipt, adjustment note): at least 3
 * characters, sent with the action and written to the audit log by the server.
 */
export const ReasonDialog = ({
  open,
  title,
  confirmLabel,
  required,
  danger,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  required: boolean;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) => {
  const { t } = useTranslation('finance');
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if ((required || text) && (text.length < 3 || text.length > 500)) {
      setError(t('reasonLength'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={ref}
      data-testid="reason-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(92vw,30rem)] rounded-lg border border-line bg-surface p-5 text-fg backdrop:bg-[var(--cover)]"
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <h2 className="font-semibold">{title}</h2>
        <Field label={required ? t('reason') : t('reasonOptional')} error={error}>
          <TextArea
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            data-testid="reason-input"
            required={required}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            pending={busy}
            data-testid="reason-confirm"
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
};
