import type { DepositChannel, DepositRow } from '@khela/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { dayKey, formatDay } from '../../../shared/format/date-range';
import { minorToDecimal } from '../../../shared/format/money';
import { refreshBalanceEverywhere } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { cx } from '../../../shared/ui/cx';
import { serverFields, useAmountCheck, useErrorText, useFieldText, useMoney, useMoneySubmit } from '../hooks';
import { ImagePicker } from '../image-picker';
import { PaymentQr } from '../qr';
import { CASHIER_KEY } from '../queries';
import {
  Card,
  EmptyState,
  ErrorState,
  Loading,
  Notice,
  PageHeading,
  Pager,
  StatusBadge,
  SubmitButton,
  TextInput,
} from '../ui';
import { uploadImage } from '../upload';

const REFERENCE_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** Deposit (depositv2): pick a channel, pay to its account or QR, send amount, reference and an optional receipt. */
export const DepositPage = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const errorText = useErrorText();
  const channels = useQuery({
    queryKey: [...CASHIER_KEY, 'channels', token ?? ''],
    queryFn: ({ signal }) => callApi('depositChannels', { signal }),
    staleTime: 60_000,
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);

  if (channels.isPending) return <Loading />;
  if (channels.isError)
    return <ErrorState message={errorText(channels.error)} onRetry={() => void channels.refetch()} />;

  const list = channels.data.channels;
  const selected = list.find((channel) => channel.id === selectedId) ?? list[0];
  const symbol = channels.data.currencySymbol;

  return (
    <div className="flex flex-col gap-4" data-testid="page-depositv2">
      <PageHeading title={t('menu.depositv2')} />
      {list.length === 0 || !selected ? (
        <EmptyState testId="deposit-no-channels">{t('deposit.noChannels')}</EmptyState>
      ) : (
        <>
          <fieldset className="min-w-0 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="sr-only">{t('deposit.channel')}</legend>
            {list.map((channel) => (
              <ChannelTile
                key={channel.id}
                channel={channel}
                symbol={symbol}
                active={channel.id === selected.id}
                onPick={() => setSelectedId(channel.id)}
              />
            ))}
          </fieldset>
          <DepositForm
            key={selected.id}
            channel={selected}
            symbol={symbol}
            currency={channels.data.currency}
          />
        </>
      )}
      <DepositList symbol={symbol} />
    </div>
  );
};

const ChannelTile = ({
  channel,
  symbol,
  active,
  onPick,
}: {
  channel: DepositChannel;
  symbol: string;
  active: boolean;
  onPick: () => void;
}) => {
  const money = useMoney();
  return (
    <button
      type="button"
      aria-pressed={active}
      data-testid={`deposit-channel-${channel.code}`}
      onClick={onPick}
      className={cx(
        'flex flex-col items-start gap-1 rounded-2xl p-3 text-left ring-1 transition',
        active ? 'bg-brand/10 ring-2 ring-brand' : 'bg-surface-2/60 ring-line hover:ring-brand/50',
      )}
    >
      <span className={cx('text-sm font-bold', active && 'text-brand')}>{channel.name}</span>
      <span className="text-[0.6875rem] leading-tight text-muted tabular-nums">
        {money(channel.minMinor, symbol)} – {money(channel.maxMinor, symbol)}
      </span>
    </button>
  );
};

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

const DepositForm = ({
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
  const { busy, submit } = useMoneySubmit();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string; payUrl?: string } | null>(
    null,
  );

  const quick = [channel.minMinor, ...['50000', '100000', '500000', '1000000']]
    .filter((value) => BigInt(value) >= BigInt(channel.minMinor) && BigInt(value) <= BigInt(channel.maxMinor))
    .filter((value, index, all) => all.indexOf(value) === index)
    .slice(0, 4);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Record<string, string | undefined> = {};
    const check = checkAmount(amount, { minMinor: channel.minMinor, maxMinor: channel.maxMinor, symbol });
    if (!check.ok) found.amount = check.message;
    const ref = reference.trim();
    if (!ref) found.reference = t('form.required');
    else if (!REFERENCE_PATTERN.test(ref)) found.reference = t('fieldError.deposit_reference_format');
    setErrors(found);
    if (!check.ok || Object.values(found).some(Boolean)) return;
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
      setAmount('');
      setReference('');
      setReceipt(null);
      setResult({
        tone: 'success',
        text: t('deposit.submitted', { amount: money(row.amountMinor, symbol) }),
        ...(row.payUrl ? { payUrl: row.payUrl } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      const fields = serverFields(error);
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [
            key === 'receiptId' || key === 'file' ? 'receipt' : key,
            fieldText(value),
          ]),
        ),
      );
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
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <TextInput
              name="amount"
              label={t('form.amount')}
              value={amount}
              onValue={setAmount}
              inputMode="decimal"
              autoComplete="off"
              leading={symbol}
              error={errors.amount}
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
                  onClick={() => setAmount(minorToDecimal(value))}
                >
                  {money(value, symbol)}
                </button>
              ))}
            </div>
          </div>
          <TextInput
            name="reference"
            label={t('deposit.reference')}
            value={reference}
            onValue={setReference}
            error={errors.reference}
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
            error={errors.receipt}
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
          <SubmitButton busy={busy} testId="deposit-submit">
            {t('deposit.submit')}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
};

const statusLabel = (t: (key: string) => string, status: DepositRow['status']) =>
  t(`deposit.status.${status}`);

const DepositList = ({ symbol }: { symbol: string }) => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const money = useMoney();
  const errorText = useErrorText();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: [...CASHIER_KEY, 'deposits', token ?? '', pageNo],
    queryFn: ({ signal }) => callApi('depositList', { signal, query: { pageNo } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={t('deposit.mine')} testId="deposit-list">
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState>{t('deposit.none')}</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-line overflow-hidden rounded-xl ring-1 ring-line">
            {list.data.list.map((row) => (
              <li
                key={row.id}
                data-testid="deposit-row"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-raised px-3 py-2.5"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold tabular-nums">
                    {money(row.amountMinor, symbol)} · {row.channelName}
                  </p>
                  <p className="truncate text-xs text-muted">
                    {formatDay(dayKey(new Date(row.createdAt)))} ·{' '}
                    {t('deposit.refShort', { ref: row.reference })}
                  </p>
                  {row.status === 'rejected' && row.reason ? (
                    <p className="text-xs text-red-600 dark:text-red-400" data-testid="deposit-reason">
                      {t('deposit.reason', { reason: row.reason })}
                    </p>
                  ) : null}
                </div>
                <StatusBadge status={row.status} label={statusLabel(t, row.status)} />
              </li>
            ))}
          </ul>
          <Pager
            pageNo={list.data.pageNo}
            totalPages={list.data.totalPages}
            onPage={setPageNo}
            busy={list.isFetching}
          />
        </>
      )}
    </Card>
  );
};
