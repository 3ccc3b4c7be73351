import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useOddsFormat } from './odds-format';
import type { BookEvent, BookMarket, BookSelection } from './queries';
import { lineText, type SlipLeg } from './slip';

const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** One event: teams, competition, start or state, and each market's selections as odds buttons. */
export const EventCard = ({
  event,
  now,
  picked,
  onPick,
  money,
}: {
  event: BookEvent;
  now: number;
  picked: Set<string>;
  onPick: (leg: SlipLeg) => void;
  money: (minor: bigint) => string;
}) => {
  const { t, i18n } = useTranslation('sportsbook');
  const started = now >= event.startsAt;
  const time = new Date(event.startsAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  const fight = event.sportCode === 'cockfight';
  return (
    <article
      data-testid="book-event"
      data-event={event.id}
      data-sport={event.sportCode}
      data-status={event.status}
      className="min-w-0 space-y-3 rounded-3xl bg-surface p-3 ring-1 ring-line sm:p-4"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted">
          {t(`sport.${event.sportCode}`)} · {event.competition}
        </span>
        <span className="ml-auto text-xs tabular-nums text-muted" data-testid="event-when">
          {event.result
            ? t('state.resulted')
            : started
              ? t('state.live')
              : fight
                ? t('fight.closesIn', { time: clock(event.startsAt - now) })
                : time}
        </span>
      </header>
      <h3 className="text-base font-bold">
        {fight ? t('fight.number', { time }) : `${event.home} ${t('versus')} ${event.away}`}
        {event.result?.kind === 'score' ? (
          <span data-testid="event-score" className="ml-2 tabular-nums text-brand">
            {event.result.home} – {event.result.away}
          </span>
        ) : null}
        {event.result?.kind === 'fight' ? (
          <span data-testid="event-score" className="ml-2 text-brand">
            {t(`fight.result.${event.result.winner}`)}
          </span>
        ) : null}
      </h3>
      {event.markets.map((market) => (
        <MarketRow
          key={market.id}
          event={event}
          market={market}
          picked={picked}
          onPick={onPick}
          money={money}
          closed={started || market.status !== 'open'}
        />
      ))}
    </article>
  );
};

const MarketRow = ({
  event,
  market,
  picked,
  onPick,
  money,
  closed,
}: {
  event: BookEvent;
  market: BookMarket;
  picked: Set<string>;
  onPick: (leg: SlipLeg) => void;
  money: (minor: bigint) => string;
  closed: boolean;
}) => {
  const { t } = useTranslation('sportsbook');
  const { show: showOdds } = useOddsFormat();
  const name = (s: BookSelection) => {
    if (s.code === 'home') return event.home;
    if (s.code === 'away') return event.away;
    return t(`pick.${s.code}`);
  };
  return (
    <div
      data-testid="book-market"
      data-kind={market.kind}
      data-status={market.status}
      className="space-y-1.5"
    >
      <p className="flex items-center gap-2 text-xs font-semibold text-muted">
        {t(`market.${market.kind}`)}
        {market.status === 'suspended' ? (
          <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-amber-700">
            {t('state.suspended')}
          </span>
        ) : null}
      </p>
      <div className={cx('grid gap-1.5', market.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
        {market.selections.map((s) => {
          const line = lineText(market.kind, market.lineQ, s.code);
          const pool = market.pariMutuel && s.code !== 'draw';
          return (
            <button
              key={s.id}
              type="button"
              data-testid="book-selection"
              data-code={s.code}
              data-outcome={s.outcome ?? ''}
              aria-pressed={picked.has(s.id)}
              disabled={closed}
              onClick={() =>
                onPick({
                  selectionId: s.id,
                  eventId: event.id,
                  event:
                    event.sportCode === 'cockfight'
                      ? t('fight.arena')
                      : `${event.home} ${t('versus')} ${event.away}`,
                  market: t(`market.${market.kind}`),
                  pick: `${name(s)}${line ? ` ${line}` : ''}`,
                  odds: s.odds,
                  pariMutuel: pool,
                })
              }
              className={cx(
                'flex min-h-12 min-w-0 flex-col items-center justify-center rounded-2xl px-2 py-1.5 text-sm ring-1 transition',
                picked.has(s.id)
                  ? 'bg-brand text-brand-fg ring-brand'
                  : 'bg-surface-2 ring-line hover:ring-brand',
                closed && 'opacity-45 grayscale',
                s.outcome === 'win' && 'ring-2 ring-emerald-500',
              )}
            >
              <span className="max-w-full truncate text-xs">
                {name(s)}
                {line ? ` ${line}` : ''}
              </span>
              <span className="font-black tabular-nums" data-testid="book-odds">
                {showOdds(s.odds)}
              </span>
              {pool ? (
                <span className="text-[0.6875rem] tabular-nums text-muted">
                  {t('fight.pool', { amount: money(BigInt(s.poolMinor)) })}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
};
