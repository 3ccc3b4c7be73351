import type { WalletBalanceItem } from '@khela/contract';
import { MAIN_ACCOUNT_TYPE_ID } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownUp, RefreshCw, Search, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../shared/api/client';
import {
  KitForm,
  SelectField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessage,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../shared/form';
import { minorToDecimal } from '../../../shared/format/money';
import { refreshBalanceEverywhere, useBalance } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { cx } from '../../../shared/ui/cx';
import { useAmountCheck, useMoney, useMoneySubmit } from '../hooks';
import { useMerchantWallet } from '../queries';
import { Card, ErrorState, Loading, Notice, PageHeading } from '../ui';
import { AutoTransferSwitch } from './auto-transfer';

type TransferValues = { vendor: string; amount: string };

type Direction = 'in' | 'out';

/**
 * My wallet (transferFund): the main wallet and, when the merchant is not single-wallet, every
 * vendor wallet with transfers in and out and 'collect all' back to the main wallet.
 */
export const TransferFundPage = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const balance = useBalance(token);
  const mode = useMerchantWallet();
  const money = useMoney();
  const errorText = useErrorText();

  if (balance.isPending || mode.isPending) return <Loading />;
  if (balance.isError || mode.isError)
    return (
      <ErrorState
        message={errorText(balance.error ?? mode.error)}
        onRetry={() => {
          void balance.refetch();
          void mode.refetch();
        }}
      />
    );

  const value = balance.data;
  const main = value.balance.find((item) => item.accountTypeId === MAIN_ACCOUNT_TYPE_ID);
  const vendors = value.balance.filter((item) => item.accountTypeId !== MAIN_ACCOUNT_TYPE_ID);
  const symbol = value.currencySymbol;

  return (
    <div className="flex flex-col gap-4" data-testid="page-transferFund">
      <PageHeading
        title={t('menu.transferFund')}
        actions={
          <button
            type="button"
            data-testid="wallet-refresh"
            className={buttonClass('secondary', 'sm')}
            onClick={() => void balance.refetch()}
            disabled={balance.isFetching}
          >
            <RefreshCw aria-hidden="true" className={cx('size-4', balance.isFetching && 'animate-spin')} />
            {t('wallet.refresh')}
          </button>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-gradient-to-br from-brand to-[color-mix(in_oklab,var(--brand)_55%,#312e81)] p-5 text-brand-fg shadow-lg">
          <p className="flex items-center gap-2 text-sm opacity-90">
            <Wallet aria-hidden="true" className="size-4" />
            {t('wallet.total')}
          </p>
          <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="wallet-total">
            {money(value.sumBalanceMinor, symbol)}
          </p>
        </div>
        <div className="rounded-2xl bg-surface-2/60 p-5 ring-1 ring-line">
          <p className="text-sm text-muted">{t('wallet.main')}</p>
          <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="wallet-main">
            {money(main?.availBalanceMinor ?? '0', symbol)}
          </p>
        </div>
      </div>
      {mode.data.isSingle ? (
        <Notice testId="wallet-single">{t('wallet.single')}</Notice>
      ) : (
        <>
          <AutoTransferSwitch />
          <MultiWallet main={main} vendors={vendors} symbol={symbol} currency={value.currency} />
        </>
      )}
    </div>
  );
};

type MultiProps = {
  main: WalletBalanceItem | undefined;
  vendors: WalletBalanceItem[];
  symbol: string;
  currency: string;
};

const MultiWallet = ({ main, vendors, symbol, currency }: MultiProps) => {
  const { t } = useTranslation('member');
  const money = useMoney();
  const queryClient = useQueryClient();
  const checkAmount = useAmountCheck();
  const errorText = useErrorText();
  const { submit } = useMoneySubmit();
  const [direction, setDirection] = useState<Direction>('in');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [filter, setFilter] = useState('');
  const [onlyFunded, setOnlyFunded] = useState(false);
  const [collecting, setCollecting] = useState<{ done: number; total: number } | null>(null);

  // The amount within the wallet it leaves (the main wallet in, the vendor's out).
  const availableOf = (vendorId: string) =>
    direction === 'in'
      ? (main?.availBalanceMinor ?? '0')
      : (vendors.find((item) => String(item.accountTypeId) === vendorId)?.availBalanceMinor ?? '0');
  const schema = withChecks(z.object({ vendor: z.string(), amount: z.string() }), (values, put) => {
    const check = checkAmount(values.amount, { availableMinor: availableOf(values.vendor), symbol });
    if (!check.ok) put('amount', { key: 'amount', text: check.message });
  });
  const form = useKitForm<TransferValues>(schema, {
    defaultValues: { vendor: String(vendors[0]?.accountTypeId ?? ''), amount: '' },
  });
  const vendorId = form.watch('vendor');
  const vendor = vendors.find((item) => String(item.accountTypeId) === vendorId);
  const available = availableOf(vendorId);
  const funded = vendors.filter((item) => BigInt(item.availBalanceMinor) > 0n);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return vendors.filter(
      (item) =>
        (!onlyFunded || BigInt(item.availBalanceMinor) > 0n) &&
        (!needle || item.accountTypeName.toLowerCase().includes(needle)),
    );
  }, [vendors, filter, onlyFunded]);

  const pick = (item: WalletBalanceItem, next: Direction) => {
    form.setValue('vendor', String(item.accountTypeId));
    setDirection(next);
    form.clearErrors('amount');
    setResult(null);
    document.getElementById('wallet-transfer-form')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  const handleSubmit = async (values: TransferValues) => {
    setResult(null);
    if (!vendor) return;
    const check = checkAmount(values.amount, { availableMinor: available, symbol });
    if (!check.ok) return;
    const from = direction === 'in' ? MAIN_ACCOUNT_TYPE_ID : vendor.accountTypeId;
    const to = direction === 'in' ? vendor.accountTypeId : MAIN_ACCOUNT_TYPE_ID;
    const amountMinor = check.minor.toString();
    try {
      const done = await submit(`transfer:${from}:${to}:${amountMinor}`, (headers) =>
        callApi('walletTransfer', {
          headers,
          body: { fromAccountTypeId: from, toAccountTypeId: to, amount: Number(check.minor), currency },
        }),
      );
      if (!done) return;
      form.setValue('amount', '');
      setResult({
        tone: 'success',
        text: t('wallet.transferred', { amount: money(done.amountMinor, symbol) }),
      });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      const { amount } = serverFieldMessages(error, 'member');
      if (amount) showFieldMessage(form, 'amount', amount);
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  const collectAll = async () => {
    if (collecting || funded.length === 0) return;
    setResult(null);
    setCollecting({ done: 0, total: funded.length });
    let failed: unknown = null;
    const batch = crypto.randomUUID();
    for (const [index, item] of funded.entries()) {
      try {
        await callApi('walletTransfer', {
          headers: { 'idempotency-key': `collect-${batch}-${item.accountTypeId}` },
          body: {
            fromAccountTypeId: item.accountTypeId,
            toAccountTypeId: MAIN_ACCOUNT_TYPE_ID,
            amount: Number(item.availBalanceMinor),
            currency,
          },
        });
      } catch (error) {
        failed = error;
      }
      setCollecting({ done: index + 1, total: funded.length });
    }
    setCollecting(null);
    refreshBalanceEverywhere(queryClient);
    setResult(
      failed
        ? { tone: 'error', text: errorText(failed) }
        : { tone: 'success', text: t('wallet.collected', { n: funded.length }) },
    );
  };

  const vendorOptions = vendors.map((item) => ({
    value: String(item.accountTypeId),
    label: `${item.accountTypeName} · ${money(item.availBalanceMinor, symbol)}`,
  }));

  return (
    <>
      <Card
        title={t('wallet.transferTitle')}
        testId="wallet-transfer"
        actions={
          <button
            type="button"
            data-testid="wallet-collect-all"
            className={buttonClass('outline', 'sm')}
            disabled={Boolean(collecting) || funded.length === 0}
            onClick={() => void collectAll()}
          >
            {collecting ? t('wallet.collecting', collecting) : t('wallet.collectAll')}
          </button>
        }
      >
        <KitForm
          form={form}
          onSubmit={handleSubmit}
          id="wallet-transfer-form"
          className="flex flex-col gap-4"
        >
          <fieldset className="min-w-0 grid grid-cols-2 gap-2">
            <legend className="sr-only">{t('wallet.direction')}</legend>
            {(['in', 'out'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={direction === value}
                data-testid={`wallet-direction-${value}`}
                onClick={() => {
                  setDirection(value);
                  form.clearErrors('amount');
                }}
                className={cx(
                  'rounded-xl px-3 py-2.5 text-left text-sm ring-1 transition',
                  direction === value
                    ? 'bg-brand/10 font-semibold text-brand ring-brand'
                    : 'ring-line hover:ring-brand/50',
                )}
              >
                {t(value === 'in' ? 'wallet.transferIn' : 'wallet.transferOut')}
                <span className="block text-xs font-normal text-muted">
                  {t(value === 'in' ? 'wallet.transferInHint' : 'wallet.transferOutHint')}
                </span>
              </button>
            ))}
          </fieldset>
          <SelectField
            name="vendor"
            label={t('wallet.vendor')}
            onValue={() => form.clearErrors('amount')}
            options={vendorOptions}
          />
          <TextField
            name="amount"
            label={t('form.amount')}
            inputMode="decimal"
            autoComplete="off"
            leading={symbol}
            hint={t('wallet.available', { amount: money(available, symbol) })}
            trailing={
              <button
                type="button"
                data-testid="wallet-amount-all"
                className={buttonClass('secondary', 'md', 'shrink-0')}
                onClick={() => form.setValue('amount', minorToDecimal(available))}
              >
                {t('form.all')}
              </button>
            }
            required
          />
          {result ? (
            <Notice tone={result.tone} testId="wallet-result">
              {result.text}
            </Notice>
          ) : null}
          <SubmitButton testId="wallet-transfer-submit">
            <ArrowDownUp aria-hidden="true" className="size-4" />
            {t('wallet.transferSubmit')}
          </SubmitButton>
        </KitForm>
      </Card>
      <Card title={t('wallet.vendorWallets', { n: vendors.length })} testId="wallet-vendors">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">{t('wallet.search')}</span>
            <Search
              aria-hidden="true"
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              data-testid="wallet-search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t('wallet.search')}
              className="h-10 w-full rounded-xl bg-raised pr-3 pl-9 text-sm ring-1 ring-line outline-none focus:ring-2 focus:ring-brand"
            />
          </label>
          <label className="flex items-center gap-2 text-sm text-fg/80">
            <input
              type="checkbox"
              checked={onlyFunded}
              onChange={(event) => setOnlyFunded(event.target.checked)}
              className="size-4 accent-[var(--brand)]"
            />
            {t('wallet.onlyFunded')}
          </label>
        </div>
        <ul className="grid max-h-[26rem] gap-2 overflow-y-auto pr-1 sm:grid-cols-2">
          {shown.map((item) => (
            <li
              key={item.accountTypeId}
              data-testid={`vendor-wallet-${item.accountTypeName}`}
              className="flex items-center gap-2 rounded-xl bg-raised px-3 py-2.5 ring-1 ring-line"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{item.accountTypeName}</p>
                <p className="text-xs text-muted tabular-nums" data-testid="vendor-wallet-balance">
                  {money(item.availBalanceMinor, symbol)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'px-2.5')}
                onClick={() => pick(item, 'in')}
              >
                {t('wallet.in')}
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'px-2.5')}
                disabled={BigInt(item.availBalanceMinor) === 0n}
                onClick={() => pick(item, 'out')}
              >
                {t('wallet.out')}
              </button>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
};
