import { PAYMENT_PASSWORD_MAX, PAYMENT_PASSWORD_MIN } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import {
  type FieldMessages,
  KitForm,
  PasswordField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../../shared/form';
import { CASHIER_KEY } from '../../queries';
import { Card, Notice } from '../../ui';
import { type Result, SectionTitle } from './shared';

type Values = { oldPaymentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string };
const EMPTY: Values = { oldPaymentPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' };
/** The server's field names (`paymentPasswordBody`) → this form's. */
const FORM_NAMES: Record<string, keyof Values> = {
  oldPassword: 'oldPaymentPassword',
  newPassword: 'newPaymentPassword',
  confirmPassword: 'confirmPaymentPassword',
};
const renamed = (fields: FieldMessages): FieldMessages =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [FORM_NAMES[name] ?? name, message]));

const lengthOk = (value: string) =>
  value.length >= PAYMENT_PASSWORD_MIN && value.length <= PAYMENT_PASSWORD_MAX;

/** Sets (or, with the current one, changes) the payment password: the contract's length, twice alike. */
export const PaymentPasswordForm = ({ isSet }: { isSet: boolean }) => {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [result, setResult] = useState<Result>(null);
  const lengthText = t('security.paymentPasswordLength', {
    min: PAYMENT_PASSWORD_MIN,
    max: PAYMENT_PASSWORD_MAX,
  });
  const required = { key: 'required', text: t('form.required') };
  const schema = withChecks(
    z.object({
      oldPaymentPassword: z.string(),
      newPaymentPassword: z.string(),
      confirmPaymentPassword: z.string(),
    }),
    (values, put) => {
      if (isSet && !values.oldPaymentPassword) put('oldPaymentPassword', required);
      if (!values.newPaymentPassword) put('newPaymentPassword', required);
      else if (!lengthOk(values.newPaymentPassword))
        put('newPaymentPassword', { key: 'length', text: lengthText });
      if (!values.confirmPaymentPassword) put('confirmPaymentPassword', required);
      else if (values.confirmPaymentPassword !== values.newPaymentPassword)
        put('confirmPaymentPassword', { key: 'mismatch', text: t('form.mismatch') });
    },
  );
  const form = useKitForm<Values>(schema, { defaultValues: EMPTY });

  const handleSubmit = async (values: Values) => {
    setResult(null);
    try {
      await callApi('paymentPassword', {
        body: {
          ...(isSet ? { oldPassword: values.oldPaymentPassword } : {}),
          newPassword: values.newPaymentPassword,
          confirmPassword: values.confirmPaymentPassword,
        },
      });
      form.reset(EMPTY);
      setResult({
        tone: 'success',
        text: t(isSet ? 'security.paymentPasswordChanged' : 'security.paymentPasswordSet'),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (error) {
      showFieldMessages(form, renamed(serverFieldMessages(error, 'member')));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="payment-password"
      title={
        <SectionTitle icon={<LockKeyhole className="size-4" />}>
          {t(isSet ? 'security.changePaymentPassword' : 'security.setPaymentPassword')}
        </SectionTitle>
      }
    >
      {!isSet ? (
        <div className="mb-3">
          <Notice tone="warning">{t('security.paymentPasswordIntro')}</Notice>
        </div>
      ) : null}
      <KitForm form={form} onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-3">
        {isSet ? (
          <PasswordField
            name="oldPaymentPassword"
            label={t('security.currentPaymentPassword')}
            autoComplete="off"
            required
          />
        ) : null}
        <PasswordField
          name="newPaymentPassword"
          label={t('security.newPaymentPassword')}
          hint={lengthText}
          autoComplete="new-password"
          required
        />
        <PasswordField
          name="confirmPaymentPassword"
          label={t('security.confirmPaymentPassword')}
          autoComplete="new-password"
          required
        />
        <div className="flex flex-col gap-3 sm:col-span-3">
          {result ? (
            <Notice tone={result.tone} testId="payment-password-result">
              {result.text}
            </Notice>
          ) : null}
          <SubmitButton testId="payment-password-submit">
            {t(isSet ? 'security.changePaymentPassword' : 'security.setPaymentPassword')}
          </SubmitButton>
        </div>
      </KitForm>
    </Card>
  );
};
