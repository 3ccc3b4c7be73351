import { BET_RECORDS_PAGE_SIZE, GAME_TYPES } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ReceiptText, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import {
  type DayRange,
  formatDay,
  hasNextRange,
  lastDays,
  nextRange,
  previousRange,
  type RangeDays,
  rangeBounds,
  resizeRange,
} from '../../shared/format/date-range';
import { formatMinorAmount } from '../../shared/format/money';
import { useSessionState } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY.MM.DD HH:mm:ss` in local time (spec §9 date format). */
const formatTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A two-decimal amount ("-12.50") in the language's digits and grouping (spec §9 balance format). */
const formatAmount = (value: string | null, language: string) => {
  if (value === null || !/^-?\d+\.\d{2}$/.test(value)) return '—';
  const minor = BigInt(value.replace('.', ''));
  const text = formatMinorAmount(minor < 0n ? -minor : minor, language);
  return minor < 0n ? `-${text}` : text;
};

const chipClass = (active: boolean) =>
  cx(
    'inline-flex h-8 shrink-0 items-center rounded-full px-3 text-xs font-semibold transition',
    active ? 'bg-fg text-bg shadow' : 'bg-surface-2 text-fg/75 ring-1 ring-line hover:text-fg',
  );

/**
 * Betting record (member centre `personalHistoryCopy`): the member's rounds of every game with
 * stake, payout, balance before and after, game, vendor and time; filters by game type and by a
 * 7- or 30-day window stepped back and forth (spec §9), 15 a page. In-house rounds link to the
 * verify page.
 */
export const BettingRecordPage = () => {
  const { t, i18n } = useTranslation(['game', 'errors']);
  const language = i18n.language;
  const { token } = useSessionState();
  const [gameType, setGameType] = useState('');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const bounds = useMemo(() => rangeBounds(range), [range]);

  const records = useQuery({
    queryKey: ['bet-records', token ?? '', gameType, bounds.startTime, bounds.endTime, page],
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    queryFn: () =>
      callApi('betRecords', {
        query: {
          pageNo: page,
          gameType: gameType || undefined,
          startTime: bounds.startTime,
          endTime: bounds.endTime,
        },
      }),
  });

  const changeRange = (next: DayRange) => {
    setRange(next);
    setPage(1);
  };
  const changeType = (next: string) => {
    setGameType(next);
    setPage(1);
  };

  const data = records.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const errorText =
    records.error instanceof ApiError
      ? t(`errors:${records.error.message}`, { defaultValue: t('errors:error.system.error') })
      : records.error
        ? t('errors:error.system.error')
        : null;

  return (
    <section data-testid="betting-record" className="flex min-h-0 flex-col gap-3">
      <header className="flex items-center gap-2">
        <ReceiptText aria-hidden="true" className="size-5 text-brand" />
        <h2 className="text-lg font-bold">{t('record.title')}</h2>
      </header>

      <div className="space-y-2">
        <fieldset className="scrollbar-none m-0 flex min-w-0 gap-1.5 overflow-x-auto border-0 p-0 pb-0.5">
          <legend className="sr-only">{t('record.gameType')}</legend>
          <button
            type="button"
            data-testid="record-type-all"
            aria-pressed={gameType === ''}
            className={chipClass(gameType === '')}
            onClick={() => changeType('')}
          >
            {t('record.allTypes')}
          </button>
          {GAME_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              data-testid={`record-type-${type}`}
              aria-pressed={gameType === type}
              className={chipClass(gameType === type)}
              onClick={() => changeType(type)}
            >
              {t(`record.types.${type}`)}
            </button>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="m-0 flex min-w-0 gap-1.5 border-0 p-0">
            <legend className="sr-only">{t('record.period')}</legend>
            {([7, 30] as RangeDays[]).map((days) => (
              <button
                key={days}
                type="button"
                data-testid={`record-days-${days}`}
                aria-pressed={range.days === days}
                className={chipClass(range.days === days)}
                onClick={() => changeRange(resizeRange(range, days))}
              >
                {t('record.days', { count: days })}
              </button>
            ))}
          </fieldset>
          <div className="flex items-center gap-1 rounded-full bg-surface-2 p-0.5 ring-1 ring-line">
            <button
              type="button"
              data-testid="record-previous"
              onClick={() => changeRange(previousRange(range))}
              aria-label={t('record.previous', { count: range.days })}
              title={t('record.previous', { count: range.days })}
              className="grid size-7 place-items-center rounded-full hover:bg-surface"
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
            <span data-testid="record-range" className="px-1 font-mono text-xs font-semibold tabular-nums">
              {formatDay(range.from)} – {formatDay(range.to)}
            </span>
            <button
              type="button"
              data-testid="record-next"
              disabled={!hasNextRange(range)}
              onClick={() => changeRange(nextRange(range))}
              aria-label={t('record.next', { count: range.days })}
              title={t('record.next', { count: range.days })}
              className="grid size-7 place-items-center rounded-full hover:bg-surface disabled:opacity-35"
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
      </div>

      {data ? (
        <dl
          data-testid="record-summary"
          className="grid grid-cols-3 gap-2 rounded-2xl bg-surface-2 px-3 py-2 text-center text-xs ring-1 ring-line"
        >
          <div>
            <dt className="text-muted">{t('record.totalStake')}</dt>
            <dd className="font-bold tabular-nums">{formatAmount(data.summary.stake, language)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('record.totalPayout')}</dt>
            <dd className="font-bold tabular-nums">{formatAmount(data.summary.payout, language)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('record.totalProfit')}</dt>
            <dd
              className={cx(
                'font-bold tabular-nums',
                data.summary.profit.startsWith('-') ? 'text-rose-600' : 'text-emerald-600',
              )}
            >
              {formatAmount(data.summary.profit, language)}
            </dd>
          </div>
        </dl>
      ) : null}

      {errorText ? (
        <p
          role="alert"
          className="rounded-2xl bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950 dark:text-rose-100"
        >
          {errorText}
        </p>
      ) : null}

      <ul
        data-testid="record-list"
        aria-busy={records.isFetching}
        className={cx('space-y-2', records.isFetching && 'opacity-70')}
      >
        {data?.list.map((round) => (
          <li
            key={round.roundId}
            data-testid="record-row"
            data-round-id={round.roundId}
            className="rounded-2xl bg-surface p-3 shadow-card ring-1 ring-line"
          >
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-bold" data-testid="record-game">
                  {round.gameName}
                </p>
                <p className="truncate text-[0.7rem] text-muted">
                  {round.vendor} · {t(`record.types.${round.gameType}`, { defaultValue: round.gameType })} ·{' '}
                  <time dateTime={new Date(round.openedAt).toISOString()}>{formatTime(round.openedAt)}</time>
                </p>
              </div>
              <span
                className={cx(
                  'shrink-0 rounded-full px-2 py-0.5 text-[0.65rem] font-bold',
                  round.status === 'settled'
                    ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300'
                    : round.status === 'open'
                      ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300'
                      : 'bg-surface-2 text-muted',
                )}
              >
                {t(`record.status.${round.status}`)}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid-cols-4">
              <Field
                label={t('record.stake')}
                value={formatAmount(round.stake, language)}
                testId="record-stake"
              />
              <Field
                label={t('record.payout')}
                value={formatAmount(round.payout, language)}
                testId="record-payout"
              />
              <Field label={t('record.balanceBefore')} value={formatAmount(round.balanceBefore, language)} />
              <Field
                label={t('record.balanceAfter')}
                value={formatAmount(round.balanceAfter, language)}
                testId="record-balance-after"
              />
            </dl>
            {round.provablyFair ? (
              <a
                href={`/verify?roundId=${encodeURIComponent(round.roundId)}`}
                target="_blank"
                rel="noopener"
                data-testid="record-verify"
                className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-brand hover:underline"
              >
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {t('record.verify')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>

      {data && data.list.length === 0 ? (
        <p data-testid="record-empty" className="py-8 text-center text-sm text-muted">
          {t('record.empty')}
        </p>
      ) : null}
      {!data && records.isPending && token ? (
        <div className="space-y-2" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-24 animate-pulse rounded-2xl bg-surface-2" />
          ))}
        </div>
      ) : null}

      {data && data.totalPages > 1 ? (
        <nav aria-label={t('record.pages')} className="flex items-center justify-center gap-2 pt-1">
          <button
            type="button"
            data-testid="record-page-prev"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            className="grid size-8 place-items-center rounded-full ring-1 ring-line disabled:opacity-35"
            aria-label={t('record.pagePrev')}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <span className="text-xs font-semibold tabular-nums" data-testid="record-page">
            {t('record.page', { page, total: totalPages })}
          </span>
          <button
            type="button"
            data-testid="record-page-next"
            disabled={page >= totalPages}
            onClick={() => setPage((p) => Math.min(totalPages, p + 1))}
            className="grid size-8 place-items-center rounded-full ring-1 ring-line disabled:opacity-35"
            aria-label={t('record.pageNext')}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </nav>
      ) : null}
      <p className="sr-only">{t('record.pageSize', { count: BET_RECORDS_PAGE_SIZE })}</p>
    </section>
  );
};

const Field = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="min-w-0">
    <dt className="text-muted">{label}</dt>
    <dd data-testid={testId} className="truncate font-semibold tabular-nums">
      {value}
    </dd>
  </div>
);
