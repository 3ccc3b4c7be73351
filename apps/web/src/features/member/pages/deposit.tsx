import type { DepositChannel, DepositRow } from '@khela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { dayKey, formatDay } from '../../../shared/format/date-range';
import { useSessionState } from '../../../shared/state/session';
import { cx } from '../../../shared/ui/cx';
import { useErrorText, useMoney } from '../hooks';
import { CASHIER_KEY } from '../queries';
import { Card, EmptyState, ErrorState, Loading, PageHeading, Pager, StatusBadge } from '../ui';
import { DepositForm } from './deposit/deposit-form';

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
