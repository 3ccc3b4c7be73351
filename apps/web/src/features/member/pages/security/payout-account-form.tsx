import type { PayoutAccount } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import {
  type FieldMessages,
  KitForm,
  PasswordField,
  SelectField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../../shared/form';
import { CASHIER_KEY } from '../../queries';
import { Card, Notice } from '../../ui';
import { type Result, SectionTitle } from './shared';

type Values = { payeeName: string; channel: string; number: string; payoutPaymentPassword: string };
const renamed = ({ paymentPassword, ...fields }: FieldMessages): FieldMessages =>
  paymentPassword ? { ...fields, payoutPaymentPassword: paymentPassword } : fields;

/** The payout account (bound once; a change needs the payment password). */
export const PayoutAccountForm = ({
  current,
  channels,
  hasPaymentPassword,
}: {
  current: PayoutAccount | null;
  channels: string[];
  hasPaymentPassword: boolean;
}) => {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(current === null);
  const [result, setResult] = useState<Result>(null);
  const changing = current !== null;
  // The server checks the payment password once one exists (always for a change).
  const askPassword = changing || hasPaymentPassword;
  const required = { key: 'required', text: t('form.required') };
  // The contract's rules of `payoutAccountBody` (a name of 2 or more, a 4–40 character number).
  const schema = withChecks(
    z.object({
      payeeName: z.string(),
      channel: z.string(),
      number: z.string(),
      payoutPaymentPassword: z.string(),
    }),
    (values, put) => {
      const payeeName = values.payeeName.trim();
      const number = values.number.trim();
      if (payeeName.length < 2)
        put('payeeName', payeeName ? { key: 'nameLength', text: t('payout.nameLength') } : required);
      if (!number) put('number', required);
      else if (!/^[A-Za-z0-9@._-]{4,40}$/.test(number))
        put('number', { key: 'payout.number.format', ns: 'member' });
      if (askPassword && !values.payoutPaymentPassword) put('payoutPaymentPassword', required);
    },
  );
  const form = useKitForm<Values>(schema, {
    defaultValues: {
      payeeName: current?.payeeName ?? '',
      channel: current?.channel ?? channels[0] ?? '',
      number: '',
      payoutPaymentPassword: '',
    },
  });

  const handleSubmit = async (values: Values) => {
    setResult(null);
    try {
      await callApi('payoutAccountBind', {
        body: {
          payeeName: values.payeeName.trim(),
          channel: values.channel as PayoutAccount['channel'],
          number: values.number.trim(),
          ...(askPassword ? { paymentPassword: values.payoutPaymentPassword } : {}),
        },
      });
      form.setValue('number', '');
      form.setValue('payoutPaymentPassword', '');
      setEditing(false);
      setResult({ tone: 'success', text: t('payout.saved') });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (error) {
      showFieldMessages(form, renamed(serverFieldMessages(error, 'member')));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="payout-account"
      title={<SectionTitle icon={<Landmark className="size-4" />}>{t('payout.title')}</SectionTitle>}
      actions={
        current && !editing ? (
          <button
            type="button"
            data-testid="payout-change"
            className="text-sm font-semibold text-brand hover:underline"
            onClick={() => {
              setEditing(true);
              setResult(null);
            }}
          >
            {t('payout.change')}
          </button>
        ) : null
      }
    >
      {current ? (
        <dl
          className="mb-3 grid gap-3 rounded-xl bg-raised p-3 text-sm ring-1 ring-line sm:grid-cols-3"
          data-testid="payout-current"
        >
          <div>
            <dt className="text-xs text-muted">{t('payout.payeeName')}</dt>
            <dd className="font-semibold">{current.payeeName}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('payout.channel')}</dt>
            <dd className="font-semibold">{t(`channel.${current.channel}`)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('payout.number')}</dt>
            <dd className="font-semibold tabular-nums">{current.numberMasked}</dd>
          </div>
        </dl>
      ) : (
        <p className="mb-3 text-sm text-muted">{t('payout.none')}</p>
      )}
      {result && !editing ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      {editing ? (
        changing && !hasPaymentPassword ? (
          <Notice tone="warning">{t('payout.needPaymentPassword')}</Notice>
        ) : (
          <KitForm form={form} onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="payeeName"
              label={t('payout.payeeName')}
              autoComplete="name"
              maxLength={60}
              required
            />
            <SelectField
              name="channel"
              label={t('payout.channel')}
              options={channels.map((code) => ({ value: code, label: t(`channel.${code}`) }))}
              required
            />
            <TextField
              name="number"
              label={t('payout.number')}
              hint={t('payout.numberHint')}
              autoComplete="off"
              maxLength={40}
              required
            />
            {askPassword ? (
              <PasswordField
                name="payoutPaymentPassword"
                label={t('form.paymentPassword')}
                autoComplete="off"
                required
              />
            ) : null}
            <div className="flex flex-col gap-3 sm:col-span-2">
              {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
              <SubmitButton testId="payout-submit">
                {t(changing ? 'payout.saveChange' : 'payout.bind')}
              </SubmitButton>
            </div>
          </KitForm>
        )
      ) : null}
    </Card>
  );
};
