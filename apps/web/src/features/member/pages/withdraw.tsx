import type { WithdrawalRow } from '@khela/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { cx } from '../../../shared/ui/cx';
import { useErrorText, useMoney, useSingleFlight } from '../hooks';
import { useMemberNav } from '../nav';
import { CASHIER_KEY, useWithdrawInfo } from '../queries';
import { Card, EmptyState, ErrorState, Loading, Notice, PageHeading, Pager, StatusBadge } from '../ui';
import { ConfirmReceipt } from './withdraw/confirm-receipt';
import { formatStamp } from './withdraw/format';
import { WithdrawForm } from './withdraw/withdraw-form';

/** Withdrawal (withdraw): request with the payment password, then the tracker and the §4 confirmation flow. */
export const WithdrawPage = () => {
  const { t } = useTranslation('member');
  const info = useWithdrawInfo();
  const errorText = useErrorText();
  const go = useMemberNav();
  const money = useMoney();

  if (info.isPending) return <Loading />;
  if (info.isError) return <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  const data = info.data;
  const symbol = data.currencySymbol;

  return (
    <div className="flex flex-col gap-4" data-testid="page-withdraw">
      <PageHeading title={t('menu.withdraw')} />
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line">
          <dt className="text-xs text-muted">{t('withdraw.balance')}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums">{money(data.balanceMinor, symbol)}</dd>
        </div>
        <div className="rounded-2xl bg-brand/8 p-4 ring-1 ring-brand/25">
          <dt className="text-xs text-muted">{t('withdraw.withdrawable')}</dt>
          <dd className="mt-1 text-lg font-bold text-brand tabular-nums" data-testid="withdraw-withdrawable">
            {money(data.withdrawableMinor, symbol)}
          </dd>
        </div>
      </dl>
      {!data.paymentPasswordSet ? (
        <Notice tone="warning" testId="withdraw-need-password">
          <p>{t('withdraw.needPaymentPassword')}</p>
          <button
            type="button"
            className={buttonClass('primary', 'sm', 'mt-2')}
            onClick={() => go('securityCenter')}
          >
            {t('security.setPaymentPassword')}
          </button>
        </Notice>
      ) : !data.payoutAccount ? (
        <Notice tone="warning" testId="withdraw-need-account">
          <p>{t('withdraw.needPayoutAccount')}</p>
          <button
            type="button"
            className={buttonClass('primary', 'sm', 'mt-2')}
            onClick={() => go('securityCenter')}
          >
            {t('payout.bind')}
          </button>
        </Notice>
      ) : (
        <WithdrawForm info={data} />
      )}
      <WithdrawalTracker symbol={symbol} autoConfirmMinutes={data.autoConfirmMinutes} />
    </div>
  );
};

const WithdrawalTracker = ({
  symbol,
  autoConfirmMinutes,
}: {
  symbol: string;
  autoConfirmMinutes: number;
}) => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { busy, run } = useSingleFlight();
  const [pageNo, setPageNo] = useState(1);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const list = useQuery({
    queryKey: [...CASHIER_KEY, 'withdrawals', token ?? '', pageNo],
    queryFn: ({ signal }) => callApi('withdrawList', { signal, query: { pageNo } }),
    placeholderData: keepPreviousData,
    // A distributed payment waits for the member: keep its state fresh while the page is open.
    refetchInterval: 30_000,
  });
  const waiting = list.data?.list.filter((row) => row.awaitingConfirmation) ?? [];

  const confirmAll = async () => {
    setMessage(null);
    try {
      const done = await run(() => callApi('withdrawConfirmAll', { body: {} }));
      if (!done) return;
      setMessage({ tone: 'success', text: t('withdraw.allConfirmed', { n: done.confirmed }) });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      title={t('withdraw.tracker')}
      testId="withdraw-tracker"
      actions={
        waiting.length > 0 ? (
          <button
            type="button"
            data-testid="withdraw-confirm-all"
            className={buttonClass('primary', 'sm')}
            disabled={busy}
            onClick={() => void confirmAll()}
          >
            {t('withdraw.allReceived')}
          </button>
        ) : null
      }
    >
      {waiting.length > 0 ? (
        <div className="mb-3">
          <Notice tone="info">{t('withdraw.autoConfirm', { minutes: autoConfirmMinutes })}</Notice>
        </div>
      ) : null}
      {message ? (
        <div className="mb-3">
          <Notice tone={message.tone}>{message.text}</Notice>
        </div>
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState>{t('withdraw.none')}</EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {list.data.list.map((row) => (
              <WithdrawalItem key={row.id} row={row} symbol={symbol} />
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

const WithdrawalItem = ({ row, symbol }: { row: WithdrawalRow; symbol: string }) => {
  const { t, i18n } = useTranslation('member');
  const money = useMoney();
  const [open, setOpen] = useState(row.awaitingConfirmation);
  // A payment just sent opens its row: the member is asked to confirm it.
  useEffect(() => {
    if (row.awaitingConfirmation) setOpen(true);
  }, [row.awaitingConfirmation]);
  return (
    <li
      data-testid="withdrawal-row"
      data-status={row.status}
      data-confirmation={row.confirmation ?? ''}
      className="overflow-hidden rounded-xl bg-raised ring-1 ring-line"
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left"
      >
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tabular-nums">{money(row.amountMinor, symbol)}</p>
          <p className="truncate text-xs text-muted">
            {formatStamp(row.createdAt, i18n.language)} · {t(`channel.${row.channel}`)} {row.numberMasked}
          </p>
        </div>
        {row.confirmation ? (
          <StatusBadge
            status={`c-${row.confirmation}`}
            label={t(`withdraw.confirmation.${row.confirmation}`)}
          />
        ) : null}
        <StatusBadge status={row.status} label={t(`withdraw.status.${row.status}`)} />
        <ChevronDown
          aria-hidden="true"
          className={cx('size-4 text-muted transition', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div className="border-t border-line px-3 py-3">
          {row.status === 'rejected' && row.reason ? (
            <p className="mb-2 text-sm text-red-600 dark:text-red-400" data-testid="withdrawal-reason">
              {t('withdraw.reason', { reason: row.reason })}
            </p>
          ) : null}
          <ol
            className="relative ml-2 flex flex-col gap-3 border-l border-line pl-4"
            data-testid="withdrawal-timeline"
          >
            {row.timeline.map((step) => (
              <li key={`${step.at}-${step.status}-${step.confirmation ?? ''}`} className="relative text-xs">
                <span
                  aria-hidden="true"
                  className={cx(
                    'absolute top-1 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-raised',
                    step.status === 'rejected' ? 'bg-red-500' : 'bg-brand',
                  )}
                />
                <p className="font-semibold">
                  {step.confirmation
                    ? t(`withdraw.confirmation.${step.confirmation}`)
                    : t(`withdraw.status.${step.status}`)}
                  <span className="font-normal text-muted"> · {t(`withdraw.by.${step.by}`)}</span>
                </p>
                <p className="text-muted">{formatStamp(step.at, i18n.language)}</p>
                {step.note ? <p className="text-fg/80">{step.note}</p> : null}
              </li>
            ))}
          </ol>
          {row.awaitingConfirmation ? <ConfirmReceipt row={row} /> : null}
        </div>
      ) : null}
    </li>
  );
};
