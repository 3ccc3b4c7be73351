import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../shared/api/client';
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
} from '../../../shared/form';
import { minorToDecimal } from '../../../shared/format/money';
import { refreshBalanceEverywhere } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { useAmountCheck, useMoney, useMoneySubmit } from '../hooks';
import { useMemberNav } from '../nav';
import { CASHIER_KEY, useWithdrawInfo } from '../queries';
import { Card, EmptyState, ErrorState, Loading, Notice, PageHeading } from '../ui';

type Values = { amount: string; paymentPassword: string };

/** Transfer to upline (transferUpline): main wallet to the upline agent, with the payment password. */
export const TransferUplinePage = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const go = useMemberNav();
  const money = useMoney();
  const queryClient = useQueryClient();
  const checkAmount = useAmountCheck();
  const errorText = useErrorText();
  const { submit } = useMoneySubmit();
  const upline = useQuery({
    queryKey: [...CASHIER_KEY, 'upline', token ?? ''],
    queryFn: ({ signal }) => callApi('uplineInfo', { signal }),
    staleTime: 5 * 60_000,
  });
  const info = useWithdrawInfo();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const symbol = info.data?.currencySymbol;
  const balance = info.data?.balanceMinor;
  // The amount within the main wallet's balance, the payment password given.
  const schema = withChecks(z.object({ amount: z.string(), paymentPassword: z.string() }), (values, put) => {
    const check = checkAmount(values.amount, {
      ...(balance ? { availableMinor: balance } : {}),
      ...(symbol ? { symbol } : {}),
    });
    if (!check.ok) put('amount', { key: 'amount', text: check.message });
    if (!values.paymentPassword) put('paymentPassword', { key: 'required', text: t('form.required') });
  });
  const form = useKitForm<Values>(schema, { defaultValues: { amount: '', paymentPassword: '' } });

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

  const available = info.data.balanceMinor;

  const handleSubmit = async (values: Values) => {
    setResult(null);
    const check = checkAmount(values.amount, { availableMinor: available, symbol: info.data.currencySymbol });
    if (!check.ok) return;
    const amountMinor = check.minor.toString();
    try {
      const done = await submit(`upline:${amountMinor}`, (headers) =>
        callApi('transferUpline', {
          headers,
          body: {
            amount: Number(check.minor),
            paymentPassword: values.paymentPassword,
            currency: info.data.currency,
          },
        }),
      );
      if (!done) return;
      form.reset({ amount: '', paymentPassword: '' });
      setResult({
        tone: 'success',
        text: t('upline.done', {
          amount: money(done.amountMinor, info.data.currencySymbol),
          upline: done.upline,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      refreshBalanceEverywhere(queryClient);
    } catch (error) {
      showFieldMessages(form, serverFieldMessages(error, 'member'));
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
            <KitForm form={form} onSubmit={handleSubmit} className="flex flex-col gap-4">
              <TextField
                name="amount"
                label={t('form.amount')}
                inputMode="decimal"
                autoComplete="off"
                leading={info.data.currencySymbol}
                hint={t('wallet.available', { amount: money(available, info.data.currencySymbol) })}
                trailing={
                  <button
                    type="button"
                    className={buttonClass('secondary', 'md', 'shrink-0')}
                    onClick={() => form.setValue('amount', minorToDecimal(available))}
                  >
                    {t('form.all')}
                  </button>
                }
                required
              />
              <PasswordField
                name="paymentPassword"
                label={t('form.paymentPassword')}
                autoComplete="off"
                required
              />
              {result ? (
                <Notice tone={result.tone} testId="upline-result">
                  {result.text}
                </Notice>
              ) : null}
              <SubmitButton testId="upline-submit">{t('upline.submit')}</SubmitButton>
            </KitForm>
          )}
        </Card>
      )}
    </div>
  );
};
