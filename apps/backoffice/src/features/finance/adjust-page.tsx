import { endpoints, IDEMPOTENCY_HEADER } from '@khela/contract/browser';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoApiError } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { parseAmount } from '../../shared/money';
import { KEYS, readSession } from '../../shared/storage';
import { Button, Card, Field, Input, PageTitle, Select, TextArea } from '../../shared/ui/controls';
import { confirmAction, toast } from '../../shared/ui/feedback';
import { FinanceTabs, Money } from './shared';

type AdjustValue = { transactionId: string; replayed: boolean; balance: string; balanceMinor: string };

/** Posts the adjustment with its idempotency key (the shared client sends no custom headers). */
const postAdjust = async (body: unknown, key: string): Promise<AdjustValue> => {
  const token = readSession(KEYS.token);
  const response = await fetch(endpoints.boAdjust.path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json;charset=UTF-8',
      [IDEMPOTENCY_HEADER]: key,
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => undefined)) as
    | { success?: boolean; value?: AdjustValue; errorCode?: string; message?: string }
    | undefined;
  if (!response.ok || !payload?.success || !payload.value)
    throw new BoApiError(
      response.status,
      payload?.errorCode ?? 'system.error',
      payload?.message ?? 'error.system.error',
    );
  return payload.value;
};

/**
 * Manual adjustment: credit (house → member main wallet) or debit (member → house) with a
 * mandatory reason; audited by the server. One idempotency key per intended adjustment, so a
 * double click or a retry after a dropped connection posts once.
 */
export const AdjustPage = () => {
  const { t } = useTranslation('finance');
  const [form, setForm] = useState({ memberId: '', direction: 'credit', amount: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ memberId: number; value: AdjustValue } | null>(null);
  const key = useRef<{ fingerprint: string; key: string } | null>(null);
  const set = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    const memberId = Number(form.memberId);
    if (!Number.isSafeInteger(memberId) || memberId <= 0) found.memberId = t('adjust.memberIdFormat');
    const amount = parseAmount(form.amount);
    if (!amount.ok) found.amount = t(`amountError.${amount.problem}`);
    const reason = form.reason.trim();
    if (reason.length < 3) found.reason = t('reasonLength');
    setErrors(found);
    if (Object.keys(found).length > 0 || !amount.ok) return;
    const body = { memberId, direction: form.direction, amount: Number(amount.minor), reason };
    const ok = await confirmAction(
      t(`adjust.confirm.${form.direction}`, { amount: form.amount, member: memberId }),
      t(`adjust.${form.direction}`),
      form.direction === 'debit',
    );
    if (!ok) return;
    const fingerprint = JSON.stringify(body);
    if (key.current?.fingerprint !== fingerprint) key.current = { fingerprint, key: crypto.randomUUID() };
    setBusy(true);
    try {
      const value = await postAdjust(body, key.current.key);
      key.current = null;
      setLast({ memberId, value });
      setForm((f) => ({ ...f, amount: '', reason: '' }));
      toast('ok', t('adjust.done'));
    } catch (error) {
      if (error instanceof BoApiError && error.status >= 400 && error.status < 500) key.current = null;
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="finance-adjust">
      <PageTitle title={t('adjust.title')} />
      <FinanceTabs />
      <Card>
        <form
          onSubmit={(event) => void submit(event)}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
          data-testid="adjust-form"
        >
          <Field label={t('adjust.memberId')} error={errors.memberId} hint={t('adjust.memberIdHint')}>
            <Input
              inputMode="numeric"
              value={form.memberId}
              onChange={(e) => set('memberId')(e.target.value)}
              data-testid="adjust-member"
            />
          </Field>
          <Field label={t('adjust.direction')}>
            <Select
              value={form.direction}
              onChange={(e) => set('direction')(e.target.value)}
              data-testid="adjust-direction"
            >
              <option value="credit">{t('adjust.credit')}</option>
              <option value="debit">{t('adjust.debit')}</option>
            </Select>
          </Field>
          <Field label={t('amount')} error={errors.amount}>
            <Input
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => set('amount')(e.target.value)}
              data-testid="adjust-amount"
            />
          </Field>
          <Field label={t('reason')} error={errors.reason} className="sm:col-span-3">
            <TextArea
              value={form.reason}
              maxLength={500}
              onChange={(e) => set('reason')(e.target.value)}
              data-testid="adjust-reason"
            />
          </Field>
          <div>
            <Button type="submit" variant="primary" pending={busy} data-testid="adjust-submit">
              {t('adjust.submit')}
            </Button>
          </div>
        </form>
        {last ? (
          <p className="mt-3 text-sm" data-testid="adjust-result">
            {t('adjust.balance', { member: last.memberId })} <Money value={last.value.balance} currency="" />{' '}
            ·{' '}
            <Link className="text-accent underline" to={`/finance/ledger?memberId=${last.memberId}`}>
              {t('tabs.ledger')}
            </Link>
          </p>
        ) : null}
      </Card>
    </div>
  );
};
