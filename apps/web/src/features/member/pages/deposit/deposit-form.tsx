import type { DepositChannel } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import {
  KitForm,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useFieldText,
  useKitForm,
  withChecks,
} from '../../../../shared/form';
import { minorToDecimal } from '../../../../shared/format/money';
import { refreshBalanceEverywhere } from '../../../../shared/state/balance';
import { buttonClass } from '../../../../shared/ui/button';
import { useAmountCheck, useMoney, useMoneySubmit } from '../../hooks';
import { ImagePicker } from '../../image-picker';
import { PaymentQr } from '../../qr';
import { CASHIER_KEY } from '../../queries';
import { Card, Notice } from '../../ui';
import { uploadImage } from '../../upload';

const REFERENCE_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

type Values = { amount: string; reference: string };

const CopyValue = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const { t } = useTranslation('member');
  const [copied, setCopied] = useState(false);
  if (!value) return null;
  return (
    <div className="flex items-center gap-2">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">{label}</p>
        <p className="font-semibold break-all" data-testid={testId}>
          {value}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'shrink-0')}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => {
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            },
            () => {},
          );
        }}
      >
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {t(copied ? 'deposit.copied' : 'deposit.copy')}
      </button>
    </div>
  );
};

/** The deposit details: an amount within the channel's limits, the payment's reference, a receipt. */
export const DepositForm = ({
  channel,
  symbol,
  currency,
}: {
  channel: DepositChannel;
  symbol: string;
  currency: string;
}) => {
  const { t } = useTranslation('member');
  const money = useMoney();
  const queryClient = useQueryClient();
  const checkAmount = useAmountCheck();
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { submit } = useMoneySubmit();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const limits = { minMinor: channel.minMinor, maxMinor: channel.maxMinor, symbol };
  // The contract's deposit request: an amount within the channel's limits, a 4–40 character reference.
  const schema = withChecks(z.object({ amount: z.string(), reference: z.string() }), (values, put) => {
    const check = checkAmount(values.amount, limits);
    if (!check.ok) put('amount', { key: 'amount', text: check.message });
    const ref = values.reference.trim();
    if (!ref) put('reference', { key: 'required', text: t('form.required') });
    else if (!REFERENCE_PATTERN.test(ref))
      put('reference', { key: 'deposit.reference.format', ns: 'member' });
  });
  const form = useKitForm<Values>(schema, { defaultValues: { amount: '', reference: '' } });
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string; payUrl?: string } | null>(
    null,
  );

  const quick = [channel.minMinor, ...['50000', '100000', '500000', '1000000']]
    .filter((value) => BigInt(value) >= BigInt(channel.minMinor) && BigInt(value) <= BigInt(channel.maxMinor))
    .filter((value, index, all) => all.indexOf(value) === index)
    .slice(0, 4);

  const handleSubmit = async (values: Values) => {
    setResult(null);
    setReceiptError(undefined);
    const check = checkAmount(values.amount, limits);
    if (!check.ok) return;
    const ref = values.reference.trim();
    const amountMinor = check.minor.toString();
    try {
      const row = await submit(
        `deposit:${channel.id}:${amountMinor}:${ref}:${receipt?.name ?? ''}`,
        async (headers) => {
          let receiptId: string | undefined;
          if (receipt) {
            receiptId = uploaded?.file === receipt ? uploaded.id : await uploadImage(receipt);
            setUploaded({ file: receipt, id: receiptId });
          }
          return callApi('depositCreate', {
            headers,
            body: {
              channelId: channel.id,
              amount: Number(check.minor),
              reference: ref,
              currency,
              ...(receiptId ? { receiptId } : {}),
            },
          });
        },
      );
      if (!row) return;
      form.reset({ amount: '', reference: '' });
      setReceipt(null);
      setResult({
        tone: 'success',
        text: t('deposit.submitted', { amount: money(row.amountMinor, symbol) }),
        ...(row.payUrl ? { payUrl: row.payUrl } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      const { receiptId, file, ...fields } = serverFieldMessages(error, 'member');
      showFieldMessages(form, fields);
      const refused = receiptId ?? file;
      if (refused) setReceiptError(fieldText(refused));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <Card title={t('deposit.payTo', { name: channel.name })} testId="deposit-account">
        {channel.kind === 'gateway' ? (
          <p className="text-sm text-muted">{t('deposit.gatewayHint')}</p>
        ) : (
          <div className="flex flex-col gap-3 text-sm">
            <CopyValue
              label={t('deposit.accountName')}
              value={channel.accountName}
              testId="deposit-account-name"
            />
            <CopyValue
              label={t('deposit.accountNumber')}
              value={channel.accountNumber}
              testId="deposit-account-number"
            />
            {channel.bankDetails ? (
              <div>
                <p className="text-xs text-muted">{t('deposit.bankDetails')}</p>
                <p className="whitespace-pre-line">{channel.bankDetails}</p>
              </div>
            ) : null}
            {channel.qrPayload ? (
              <div className="flex flex-col items-center gap-1 pt-1">
                <PaymentQr payload={channel.qrPayload} />
                <p className="text-xs text-muted">{t('deposit.scan')}</p>
              </div>
            ) : null}
          </div>
        )}
        {channel.instructions ? (
          <p className="mt-3 rounded-xl bg-raised p-3 text-xs leading-relaxed whitespace-pre-line text-fg/80 ring-1 ring-line">
            {channel.instructions}
          </p>
        ) : null}
      </Card>
      <Card title={t('deposit.details')}>
        <KitForm form={form} onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <TextField
              name="amount"
              label={t('form.amount')}
              inputMode="decimal"
              autoComplete="off"
              leading={symbol}
              hint={t('form.limits', {
                min: money(channel.minMinor, symbol),
                max: money(channel.maxMinor, symbol),
              })}
              required
            />
            <div className="flex flex-wrap gap-1.5">
              {quick.map((value) => (
                <button
                  key={value}
                  type="button"
                  className={buttonClass('secondary', 'sm', 'tabular-nums')}
                  onClick={() => form.setValue('amount', minorToDecimal(value))}
                >
                  {money(value, symbol)}
                </button>
              ))}
            </div>
          </div>
          <TextField
            name="reference"
            label={t('deposit.reference')}
            hint={t('deposit.referenceHint')}
            autoComplete="off"
            maxLength={40}
            required
          />
          <ImagePicker
            name="receipt"
            label={t('deposit.receipt')}
            file={receipt}
            onFile={setReceipt}
            error={receiptError}
          />
          {result ? (
            <Notice tone={result.tone} testId="deposit-result">
              {result.text}
              {result.payUrl ? (
                <a
                  href={result.payUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 flex items-center gap-1 font-semibold underline"
                >
                  {t('deposit.payNow')}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              ) : null}
            </Notice>
          ) : null}
          <SubmitButton testId="deposit-submit">{t('deposit.submit')}</SubmitButton>
        </KitForm>
      </Card>
    </div>
  );
};
