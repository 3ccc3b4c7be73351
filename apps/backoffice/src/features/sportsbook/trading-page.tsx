import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { formatTime } from '../../shared/ui/table';
import {
  decimalOdds,
  money,
  PRODUCTS,
  SportsbookTabs,
  type TradingEvent,
  type TradingMarket,
} from './shared';

const EVENTS_KEY = ['bo', 'sportsbook', 'events'];

/** A market's selections with odds, pool, stakes, bets and liability; suspend, reopen or void it. */
const MarketRow = ({ market, reason }: { market: TradingMarket; reason: string }) => {
  const { t } = useTranslation('sportsbook');
  const { merchant } = useMerchant();
  const can = useCan();
  const status = useAction(
    (body: Record<string, unknown>) => requestBo(endpoints.boSportsbookMarketStatus, { body }),
    { invalidate: [EVENTS_KEY], success: t('market.changed') },
  );
  const voidMarket = useAction(
    (body: Record<string, unknown>) => requestBo(endpoints.boSportsbookMarketVoid, { body }),
    { invalidate: [EVENTS_KEY], success: t('market.voided') },
  );
  const writable = can('sportsbook.write') && reason.trim().length > 0;
  const live = market.status === 'open' || market.status === 'suspended';
  return (
    <div className="rounded-md border border-line p-2" data-testid={`bo-sb-market-${market.kind}`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">
          {t(`kind.${market.kind}`)}
          {market.lineQ === null ? '' : ` ${(market.lineQ / 4).toFixed(2)}`}
        </span>
        <span className="text-muted text-xs" data-testid="bo-sb-market-status">
          {t(`market.status.${market.status}`)}
        </span>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-xs tabular-nums">
          <thead>
            <tr className="text-left text-muted">
              <th className="pr-2 font-normal">{t('selection.code')}</th>
              <th className="pr-2 font-normal">{t('selection.odds')}</th>
              <th className="pr-2 font-normal">{t('selection.stakes')}</th>
              <th className="pr-2 font-normal">{t('selection.bets')}</th>
              <th className="font-normal">{t('selection.liability')}</th>
            </tr>
          </thead>
          <tbody>
            {market.selections.map((s) => (
              <tr key={s.id}>
                <td className="pr-2">
                  {t(`code.${s.code}`)}
                  {s.outcome ? ` · ${t(`outcome.${s.outcome}`)}` : ''}
                </td>
                <td className="pr-2">
                  {market.pariMutuel
                    ? t('selection.pool', { pool: money(s.poolMinor) })
                    : decimalOdds(s.odds)}
                </td>
                <td className="pr-2">{money(s.stakeMinor)}</td>
                <td className="pr-2">{s.bets}</td>
                <td data-testid="bo-sb-liability">{money(s.liabilityMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {live && can('sportsbook.write') ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            data-testid="bo-sb-market-toggle"
            disabled={!writable || status.isPending}
            onClick={() =>
              status.mutate({
                merchant,
                marketId: market.id,
                status: market.status === 'open' ? 'suspended' : 'open',
                reason,
              })
            }
          >
            {market.status === 'open' ? t('market.suspend') : t('market.reopen')}
          </Button>
          <Button
            variant="danger"
            data-testid="bo-sb-market-void"
            disabled={!writable || voidMarket.isPending}
            onClick={async () => {
              if (!(await confirmAction(t('market.voidConfirm'), t('market.void')))) return;
              voidMarket.mutate({ merchant, marketId: market.id, reason });
            }}
          >
            {t('market.void')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};

/** Enters (or corrects) an event's result: a score, or a fight's winner; settles or resettles as deltas. */
const ResultForm = ({ event, reason }: { event: TradingEvent; reason: string }) => {
  const { t } = useTranslation('sportsbook');
  const { merchant } = useMerchant();
  const fight = event.product === 'COCKFIGHT';
  const [home, setHome] = useState('');
  const [away, setAway] = useState('');
  const [winner, setWinner] = useState('meron');
  const enter = useAction(
    (body: Record<string, unknown>) =>
      requestBo<{ resettled: boolean; betsChanged: number; deltaMinor: string }>(
        endpoints.boSportsbookResult,
        {
          body,
        },
      ),
    {
      invalidate: [EVENTS_KEY],
      success: (v) =>
        v.resettled
          ? t('result.resettled', { bets: v.betsChanged, delta: money(v.deltaMinor) })
          : t('result.settled', { bets: v.betsChanged }),
    },
  );
  const score = /^[0-9]{1,3}$/.test(home) && /^[0-9]{1,3}$/.test(away);
  const ready = reason.trim().length > 0 && (fight || score) && !enter.isPending;
  const submit = async () => {
    const corrected = event.result !== null;
    if (
      !(await confirmAction(corrected ? t('result.correctConfirm') : t('result.confirm'), t('result.submit')))
    )
      return;
    enter.mutate({
      merchant,
      eventId: event.id,
      reason,
      result: fight ? { kind: 'fight', winner } : { kind: 'score', home: Number(home), away: Number(away) },
    });
  };
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      data-testid="bo-sb-result-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {fight ? (
        <Field label={t('result.winner')}>
          <Select
            value={winner}
            onChange={(e) => setWinner(e.target.value)}
            data-testid="bo-sb-result-winner"
          >
            {['meron', 'wala', 'draw', 'cancelled'].map((w) => (
              <option key={w} value={w}>
                {t(`fight.${w}`)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <>
          <Field label={event.home}>
            <Input
              inputMode="numeric"
              className="w-20"
              value={home}
              data-testid="bo-sb-result-home"
              onChange={(e) => setHome(e.target.value.trim())}
            />
          </Field>
          <Field label={event.away}>
            <Input
              inputMode="numeric"
              className="w-20"
              value={away}
              data-testid="bo-sb-result-away"
              onChange={(e) => setAway(e.target.value.trim())}
            />
          </Field>
        </>
      )}
      <Button type="submit" variant="primary" disabled={!ready} data-testid="bo-sb-result-submit">
        {event.result ? t('result.correct') : t('result.submit')}
      </Button>
    </form>
  );
};

const resultText = (event: TradingEvent, t: (key: string) => string) => {
  const r = event.result;
  if (!r) return null;
  return r.kind === 'score' ? `${r.home} – ${r.away}` : t(`fight.${r.winner}`);
};

/**
 * Trading (issue 21, ADR 039): a product's events with every market's selections, odds, stakes and
 * liability; staff suspend, reopen or void a market and enter or correct a result (settled or
 * resettled as deltas), each with the reason typed once at the top (audited).
 */
export const TradingPage = () => {
  const { t, i18n } = useTranslation('sportsbook');
  const { merchant } = useMerchant();
  const can = useCan();
  const [product, setProduct] = useState<(typeof PRODUCTS)[number]>('SPORTS');
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const events = useQuery({
    queryKey: [...EVENTS_KEY, merchant, product],
    enabled: Boolean(merchant),
    refetchInterval: 10_000,
    queryFn: () => requestBo<TradingEvent[]>(endpoints.boSportsbookEvents, { query: { merchant, product } }),
  });
  return (
    <div data-testid="page-bo-sportsbook-trading">
      <PageTitle title={t('title')} />
      <SportsbookTabs />
      <div className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Field label={t('product.label')}>
          <Select
            value={product}
            data-testid="bo-sb-product"
            onChange={(e) => setProduct(e.target.value as (typeof PRODUCTS)[number])}
          >
            {PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {t(`product.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        {can('sportsbook.write') ? (
          <Field label={t('reason')} hint={t('reasonHint')}>
            <Input value={reason} data-testid="bo-sb-reason" onChange={(e) => setReason(e.target.value)} />
          </Field>
        ) : null}
      </div>
      {events.isPending ? <PageLoading /> : null}
      {events.isError ? (
        <p role="alert" className="text-danger text-sm">
          {errorText(events.error)}
        </p>
      ) : null}
      {events.data?.length === 0 ? <p className="text-muted text-sm">{t('none')}</p> : null}
      <div className="grid gap-3">
        {(events.data ?? []).map((event) => {
          const expanded = open === event.id;
          const liability = event.markets
            .flatMap((m) => m.selections)
            .reduce((max, s) => (BigInt(s.liabilityMinor) > max ? BigInt(s.liabilityMinor) : max), 0n);
          return (
            <Card key={event.id}>
              <button
                type="button"
                className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                data-testid="bo-sb-event"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : event.id)}
              >
                <span>
                  <span className="font-medium">
                    {event.home} – {event.away}
                  </span>
                  <span className="ml-2 text-muted text-xs">
                    {event.competition} · {formatTime(event.startsAt, i18n.language)}
                  </span>
                </span>
                <span className="flex items-center gap-3 text-xs">
                  <span className="text-muted">
                    {t('maxLiability', { amount: money(liability.toString()) })}
                  </span>
                  <span data-testid="bo-sb-event-status">
                    {t(`event.${event.status}`)}
                    {event.result ? ` · ${resultText(event, t)}` : ''}
                  </span>
                </span>
              </button>
              {expanded ? (
                <div className="mt-3 grid gap-2">
                  {event.markets.map((m) => (
                    <MarketRow key={m.id} market={m} reason={reason} />
                  ))}
                  {can('sportsbook.write') && event.status !== 'cancelled' ? (
                    <ResultForm event={event} reason={reason} />
                  ) : null}
                </div>
              ) : null}
            </Card>
          );
        })}
      </div>
    </div>
  );
};
