import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { minorToDecimal } from '../../../shared/format/money';
import { refreshBalanceEverywhere } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { serverFields, useAmountCheck, useErrorText, useFieldText, useMoney, useMoneySubmit } from '../hooks';
import { useMemberNav } from '../nav';
import { CASHIER_KEY, useWithdrawInfo } from '../queries';
import {
  Card,
  EmptyState,
  ErrorState,
  Loading,
  Notice,
  PageHeading,
  SecretInput,
  SubmitButton,
  TextInput,
} from '../ui';

/** Transfer to upline (transferUpline): main wallet to the upline agent, with the payment password. */
export const TransferUplinePage = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const go = useMemberNav();
  const money = useMoney();
  const queryClient = useQueryClient();
  const checkAmount = useAmountCheck();
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { busy, submit } = useMoneySubmit();
  const upline = useQuery({
    queryKey: [...CASHIER_KEY, 'upline', token ?? ''],
    queryFn: ({ signal }) => callApi('uplineInfo', { signal }),
    staleTime: 5 * 60_000,
  });
  const info = useWithdrawInfo();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (upline.isPending || info.isPending) return <Loading />;
  if (upline.isError || info.isError)
    return (
      <ErrorState
        message={errorText(upline.error ?? info.error)}
        onRetry={() => {
          void upline.refetch();
          void info.refetch();
        }}
      />
    );

  const symbol = info.data.currencySymbol;
  const balance = info.data.balanceMinor;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Record<string, string | undefined> = {};
    const check = checkAmount(amount, { availableMinor: balance, symbol });
    if (!check.ok) found.amount = check.message;
    if (!password) found.paymentPassword = t('form.required');
    setErrors(found);
    if (!check.ok || Object.values(found).some(Boolean)) return;
    const amountMinor = check.minor.toString();
    try {
      const done = await submit(`upline:${amountMinor}`, (headers) =>
        callApi('transferUpline', {
          headers,
          body: { amount: Number(check.minor), paymentPassword: password, currency: info.data.currency },
        }),
      );
      if (!done) return;
      setAmount('');
      setPassword('');
      setResult({
        tone: 'success',
        text: t('upline.done', { amount: money(done.amountMinor, symbol), upline: done.upline }),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      const fields = serverFields(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fieldText(value)])));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="page-transferUpline">
      <PageHeading title={t('menu.transferUpline')} />
      {!upline.data.upline ? (
        <EmptyState testId="upline-none">{t('upline.none')}</EmptyState>
      ) : (
        <Card title={t('upline.to', { upline: upline.data.upline })} testId="upline-form">
          {!info.data.paymentPasswordSet ? (
            <Notice tone="warning" testId="upline-need-password">
              <p>{t('upline.needPaymentPassword')}</p>
              <button
                type="button"
                className={buttonClass('primary', 'sm', 'mt-2')}
                onClick={() => go('securityCenter')}
              >
                {t('security.setPaymentPassword')}
              </button>
            </Notice>
          ) : (
            <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
              <TextInput
                name="amount"
                label={t('form.amount')}
                value={amount}
                onValue={setAmount}
                inputMode="decimal"
                autoComplete="off"
                leading={symbol}
                error={errors.amount}
                hint={t('wallet.available', { amount: money(balance, symbol) })}
                trailing={
                  <button
                    type="button"
                    className={buttonClass('secondary', 'md', 'shrink-0')}
                    onClick={() => setAmount(minorToDecimal(balance))}
                  >
                    {t('form.all')}
                  </button>
                }
                required
              />
              <SecretInput
                name="paymentPassword"
                label={t('form.paymentPassword')}
                value={password}
                onValue={setPassword}
                error={errors.paymentPassword}
                autoComplete="off"
                required
              />
              {result ? (
                <Notice tone={result.tone} testId="upline-result">
                  {result.text}
                </Notice>
              ) : null}
              <SubmitButton busy={busy} testId="upline-submit">
                {t('upline.submit')}
              </SubmitButton>
            </form>
          )}
        </Card>
      )}
    </div>
  );
};
