import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../shared/api/client';
import {
  KitForm,
  SelectField,
  SubmitButton,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { Note, type Outcome, PROTECTION_KEY } from './parts';

type Values = { kind: string; period: string; amount: string };
const MONEY = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;

/**
 * Sets a limit: deposit, net loss or wager per day/week/month (an amount), or the session time
 * (minutes); empty removes it. A lower limit is in force at once; a higher one or a removal after
 * the cooling-off and a confirmation (ADR 030).
 */
export const LimitsForm = () => {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const schema = withChecks(
    z.object({ kind: z.string(), period: z.string(), amount: z.string() }),
    (v, put) => {
      const amount = v.amount.trim();
      if (amount === '') return;
      if (v.kind === 'session') {
        const minutes = Number(amount);
        if (!Number.isInteger(minutes) || minutes < 10 || minutes > 1440)
          put('amount', { key: 'minutes', text: t('limits.minutesRange') });
      } else if (!MONEY.test(amount) || Number(amount) <= 0)
        put('amount', { key: 'money', text: t('limits.amountInvalid') });
    },
  );
  const form = useKitForm<Values>(schema, { defaultValues: { kind: 'deposit', period: 'day', amount: '' } });
  const kind = form.watch('kind');

  const submit = async (values: Values) => {
    setOutcome(null);
    const text = values.amount.trim();
    const amount =
      text === '' ? null : values.kind === 'session' ? Number(text) : Math.round(Number(text) * 100);
    try {
      const body =
        values.kind === 'session'
          ? { kind: 'session' as const, period: 'session' as const, amount }
          : {
              kind: values.kind as 'deposit' | 'loss' | 'wager',
              period: values.period as 'day' | 'week' | 'month',
              amount,
            };
      const state = await callApi('protectionLimitSet', { body });
      queryClient.setQueryData(PROTECTION_KEY, state);
      const row = state.limits.find(
        (l) => l.kind === values.kind && (values.kind === 'session' || l.period === values.period),
      );
      setOutcome({ tone: 'success', text: t(row?.pending ? 'limits.pendingSaved' : 'limits.saved') });
      form.reset({ ...values, amount: '' });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <KitForm form={form} onSubmit={submit} className="grid gap-3 sm:grid-cols-4" testId="rg-limit-form">
      <SelectField
        name="kind"
        label={t('limits.kind')}
        options={['deposit', 'loss', 'wager', 'session'].map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      {kind === 'session' ? null : (
        <SelectField
          name="period"
          label={t('limits.period')}
          options={['day', 'week', 'month'].map((p) => ({ value: p, label: t(`period.${p}`) }))}
        />
      )}
      <TextField
        name="amount"
        label={kind === 'session' ? t('limits.minutes') : t('limits.amount')}
        hint={t('limits.emptyRemoves')}
        inputMode={kind === 'session' ? 'numeric' : 'decimal'}
        autoComplete="off"
      />
      <div className="flex items-end">
        <SubmitButton testId="rg-limit-submit">{t('limits.save')}</SubmitButton>
      </div>
      {outcome ? (
        <div className="sm:col-span-4">
          <Note tone={outcome.tone} testId="rg-limit-result">
            {outcome.text}
          </Note>
        </div>
      ) : null}
    </KitForm>
  );
};
