import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../shared/api/client';
import { KitForm, SelectField, useKitForm } from '../../../shared/form';
import { type DayRange, lastDays, rangeBounds } from '../../../shared/format/date-range';
import { formatStamp } from '../../../shared/format/locale';
import { useBalance } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { cx } from '../../../shared/ui/cx';
import { useErrorText, useMoney } from '../hooks';
import { EmptyState, ErrorState, Loading, PageHeading, Pager, RangeBar } from '../ui';

/**
 * Entry kinds of the ledger a member sees (wallet, cashier and games modules), as the type filter
 * offers them. `bonus` is a family: the server matches it to every `bonus.*` kind.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal.hold',
  'withdrawal.release',
  'withdrawal.refund',
  'withdrawal.payout',
  'transfer',
  'transfer.upline',
  'adjustment',
  'game.bet',
  'game.win',
  'game.jackpot',
  'game.refund',
  'bonus',
  'demo.credit',
] as const;

/**
 * The translation of an entry kind (`withdrawal.hold` → `recordType.withdrawal_hold`); a kind
 * without its own text takes its family's (`bonus.welcome` → `recordType.bonus`), else the kind.
 */
export const useRecordTypeLabel = () => {
  const { t } = useTranslation('member');
  return (kind: string) => {
    const family = kind.split('.')[0] ?? kind;
    return t([`recordType.${kind.replaceAll('.', '_')}`, `recordType.${family}`], { defaultValue: kind });
  };
};

const formatTime = (epochMs: number, language: string) => formatStamp(epochMs, language);

/** Account record (transactionHistory): every wallet movement, type filter, 7/30-day ranges, 15 a page. */
export const TransactionHistoryPage = () => {
  const { t, i18n } = useTranslation('member');
  const { token } = useSessionState();
  const symbol = useBalance(token).data?.currencySymbol;
  const money = useMoney();
  const errorText = useErrorText();
  const typeLabel = useRecordTypeLabel();
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [type, setType] = useState('');
  const filter = useKitForm<{ recordType: string }>(z.object({ recordType: z.string() }), {
    defaultValues: { recordType: '' },
  });
  const [pageNo, setPageNo] = useState(1);
  const bounds = rangeBounds(range);

  const records = useQuery({
    queryKey: ['wallet', 'records', token ?? '', type, bounds.startTime, bounds.endTime, pageNo],
    queryFn: ({ signal }) => callApi('memberTransactions', { signal, query: { type, pageNo, ...bounds } }),
    placeholderData: keepPreviousData,
  });

  const changeRange = (next: DayRange) => {
    setRange(next);
    setPageNo(1);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="page-transactionHistory">
      <PageHeading title={t('menu.transactionHistory')} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <KitForm form={filter} onSubmit={() => undefined}>
            <SelectField
              name="recordType"
              label={t('records.type')}
              onValue={(value) => {
                setType(value);
                setPageNo(1);
              }}
              options={[
                { value: '', label: t('records.allTypes') },
                ...RECORD_TYPES.map((kind) => ({ value: kind, label: typeLabel(kind) })),
              ]}
            />
          </KitForm>
        </div>
        <RangeBar range={range} onRange={changeRange} />
      </div>
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <ErrorState message={errorText(records.error)} onRetry={() => void records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <EmptyState testId="records-empty">{t('records.empty')}</EmptyState>
      ) : (
        <div className={cx('transition-opacity', records.isPlaceholderData && 'opacity-60')}>
          <ul
            className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line"
            data-testid="records-list"
          >
            {records.data.list.map((row) => {
              const negative = row.amountMinor.startsWith('-');
              return (
                <li
                  key={`${row.id}-${row.accountTypeId}-${row.accountTypeName}`}
                  data-testid="record-row"
                  data-type={row.type}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 bg-raised px-4 py-3"
                >
                  <span className="truncate text-sm font-semibold">{typeLabel(row.type)}</span>
                  <span
                    data-testid="record-amount"
                    className={cx(
                      'text-right text-sm font-bold tabular-nums',
                      negative ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400',
                    )}
                  >
                    {negative ? '' : '+'}
                    {money(row.amountMinor, symbol)}
                  </span>
                  <span className="truncate text-xs text-muted">
                    {formatTime(row.createdAt, i18n.language)} ·{' '}
                    {row.accountTypeName === 'MAIN'
                      ? t('wallet.main')
                      : row.accountTypeName === 'PENDING_WITHDRAWAL'
                        ? t('records.pendingWithdrawal')
                        : row.accountTypeName}
                  </span>
                  <span className="text-right text-xs text-muted tabular-nums">
                    {t('records.after', { amount: money(row.balanceAfterMinor, symbol) })}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-xs text-muted">{t('records.total', { n: records.data.totalCount })}</p>
          <Pager
            pageNo={records.data.pageNo}
            totalPages={records.data.totalPages}
            onPage={setPageNo}
            busy={records.isFetching}
          />
        </div>
      )}
    </div>
  );
};
