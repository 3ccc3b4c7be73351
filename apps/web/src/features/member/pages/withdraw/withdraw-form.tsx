import type { WithdrawInfoValue } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import {
  KitForm,
  PasswordField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../../shared/form';
import { minorToDecimal } from '../../../../shared/format/money';
import { refreshBalanceEverywhere } from '../../../../shared/state/balance';
import { buttonClass } from '../../../../shared/ui/button';
import { useAmountCheck, useMoney, useMoneySubmit } from '../../hooks';
import { CASHIER_KEY } from '../../queries';
import { Card, Notice } from '../../ui';
import { formatStamp } from './format';

type Values = { amount: string; paymentPassword: string };

/** The withdrawal request: an amount within the limits and the withdrawable balance, the payment password. */
export const WithdrawForm = ({ info }: { info: WithdrawInfoValue }) => {
  const { t, i18n } = useTranslation('member');
  const money = useMoney();
  const queryClient = useQueryClient();
  const checkAmount = useAmountCheck();
  const errorText = useErrorText();
  const { submit } = useMoneySubmit();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const symbol = info.currencySymbol;
  const account = info.payoutAccount;
  const lockedUntil = info.paymentPasswordLockedUntil;
  const limits = {
    minMinor: info.minMinor,
    maxMinor: info.maxMinor,
    availableMinor: info.withdrawableMinor,
    symbol,
  };
  const schema = withChecks(z.object({ amount: z.string(), paymentPassword: z.string() }), (values, put) => {
    const check = checkAmount(values.amount, limits);
    if (!check.ok) put('amount', { key: 'amount', text: check.message });
    if (!values.paymentPassword) put('paymentPassword', { key: 'required', text: t('form.required') });
  });
  const form = useKitForm<Values>(schema, { defaultValues: { amount: '', paymentPassword: '' } });

  const handleSubmit = async (values: Values) => {
    setResult(null);
    const check = checkAmount(values.amount, limits);
    if (!check.ok) return;
    const amountMinor = check.minor.toString();
    try {
      const row = await submit(`withdraw:${amountMinor}`, (headers) =>
        callApi('withdrawCreate', {
          headers,
          body: {
            amount: Number(check.minor),
            paymentPassword: values.paymentPassword,
            currency: info.currency,
          },
        }),
      );
      if (!row) return;
      form.reset({ amount: '', paymentPassword: '' });
      setResult({
        tone: 'success',
        text: t('withdraw.submitted', { amount: money(row.amountMinor, symbol) }),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      showFieldMessages(form, serverFieldMessages(error, 'member'));
      setResult({ tone: 'error', text: errorText(error) });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    }
  };

  return (
    <Card title={t('withdraw.request')} testId="withdraw-form">
      <KitForm form={form} onSubmit={handleSubmit} className="flex flex-col gap-4">
        {account ? (
          <div className="rounded-xl bg-raised p-3 text-sm ring-1 ring-line" data-testid="withdraw-account">
            <p className="text-xs text-muted">{t('withdraw.to')}</p>
            <p className="font-semibold">
              {account.payeeName} · {t(`channel.${account.channel}`)} · {account.numberMasked}
            </p>
          </div>
        ) : null}
        {lockedUntil && lockedUntil > Date.now() ? (
          <Notice tone="error">
            {t('withdraw.locked', { time: formatStamp(lockedUntil, i18n.language) })}
          </Notice>
        ) : null}
        <TextField
          name="amount"
          label={t('form.amount')}
          inputMode="decimal"
          autoComplete="off"
          leading={symbol}
          hint={t('form.limits', { min: money(info.minMinor, symbol), max: money(info.maxMinor, symbol) })}
          trailing={
            <button
              type="button"
              data-testid="withdraw-all"
              className={buttonClass('secondary', 'md', 'shrink-0')}
              onClick={() => form.setValue('amount', minorToDecimal(info.withdrawableMinor))}
            >
              {t('form.all')}
            </button>
          }
          required
        />
        <PasswordField name="paymentPassword" label={t('form.paymentPassword')} autoComplete="off" required />
        {result ? (
          <Notice tone={result.tone} testId="withdraw-result">
            {result.text}
          </Notice>
        ) : null}
        <SubmitButton testId="withdraw-submit">{t('withdraw.submit')}</SubmitButton>
      </KitForm>
    </Card>
  );
};
