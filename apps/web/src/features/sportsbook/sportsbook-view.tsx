import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/money';
import { useBalance } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';
import { BetSlip } from './bet-slip';
import { EventCard } from './event-card';
import { MyBookBets } from './my-bets';
import { OddsFormatPicker } from './odds-format';
import { type BookProduct, useBookEvents, useBookResults } from './queries';
import type { SlipLeg } from './slip';

/** The server's clock in the browser: the answer's server time plus what passed since. */
const useServerNow = (serverTime: number | undefined, receivedAt: number) => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return serverTime === undefined ? now : serverTime + (now - receivedAt);
};

/**
 * The in-house book of a product on `/sports`, `/esports` and `/cockfight` (issue 21): sports as
 * tabs, live now and starting soon, each event's markets with live odds (suspended markets greyed),
 * the bet slip and the member's bets; the cockfight arena shows its pools and last fights.
 */
export const SportsbookView = ({ product }: { product: BookProduct }) => {
  const { t, i18n } = useTranslation('sportsbook');
  const { loggedIn, token } = useMember();
  const symbol = useBalance(token).data?.currencySymbol;
  const events = useBookEvents(product);
  const now = useServerNow(events.data?.serverTime, events.dataUpdatedAt);
  const [sport, setSport] = useState('');
  const [legs, setLegs] = useState<SlipLeg[]>([]);
  const results = useBookResults('cockfight', product === 'COCKFIGHT');
  const money = useMemo(
    () => (minor: bigint) => formatMoney(minor, i18n.language, symbol),
    [i18n.language, symbol],
  );

  const all = events.data?.events ?? [];
  const sports = [...new Set(all.map((e) => e.sportCode))];
  const shown = all.filter((e) => !sport || e.sportCode === sport);
  const live = shown.filter((e) => e.status === 'live');
  const soon = shown.filter((e) => e.status === 'scheduled');
  const done = shown.filter((e) => e.status === 'resulted' || e.status === 'cancelled');
  const picked = new Set(legs.map((l) => l.selectionId));
  const pick = (leg: SlipLeg) =>
    setLegs((current) =>
      current.some((l) => l.selectionId === leg.selectionId)
        ? current.filter((l) => l.selectionId !== leg.selectionId)
        : [...current.filter((l) => l.eventId !== leg.eventId || product === 'COCKFIGHT'), leg],
    );

  const section = (key: string, list: typeof all) =>
    list.length === 0 ? null : (
      <section className="space-y-2" data-testid={`book-${key}`}>
        <h2 className="text-sm font-bold uppercase tracking-wide text-muted">{t(`section.${key}`)}</h2>
        {list.map((e) => (
          <EventCard key={e.id} event={e} now={now} picked={picked} onPick={pick} money={money} />
        ))}
      </section>
    );

  return (
    <div
      data-testid="sportsbook"
      data-product={product}
      className="mx-auto w-full max-w-[1200px] space-y-4 px-3 pt-5 pb-28 sm:px-4 sm:pt-6 lg:px-6 lg:pb-0"
    >
      <div className="flex justify-end">
        <OddsFormatPicker />
      </div>
      <div role="tablist" className={cx('flex flex-wrap gap-1.5', sports.length < 2 && 'hidden')}>
        {['', ...sports].map((code) => (
          <button
            key={code || 'all'}
            type="button"
            role="tab"
            aria-selected={sport === code}
            data-testid={`sport-tab-${code || 'all'}`}
            onClick={() => setSport(code)}
            className={cx(
              'rounded-full px-3.5 py-1.5 text-sm font-semibold',
              sport === code ? 'bg-fg text-bg' : 'bg-surface-2 ring-1 ring-line',
            )}
          >
            {code ? t(`sport.${code}`) : t('sport.all')}
          </button>
        ))}
      </div>
      {product === 'COCKFIGHT' && (results.data ?? []).length > 0 ? (
        <ol className="flex flex-wrap gap-1.5" data-testid="fight-history" aria-label={t('fight.last')}>
          {(results.data ?? []).map((r) => (
            <li
              key={r.id}
              className={cx(
                'grid size-8 place-items-center rounded-full text-xs font-black text-white',
                r.result?.kind === 'fight' && r.result.winner === 'meron' && 'bg-rose-600',
                r.result?.kind === 'fight' && r.result.winner === 'wala' && 'bg-sky-600',
                r.result?.kind === 'fight' && r.result.winner === 'draw' && 'bg-emerald-600',
                r.result?.kind === 'fight' && r.result.winner === 'cancelled' && 'bg-zinc-500',
              )}
            >
              {r.result?.kind === 'fight' ? t(`fight.short.${r.result.winner}`) : ''}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_340px]">
        <div className="min-w-0 space-y-5">
          {events.isPending ? <p className="text-sm text-muted">{t('loading')}</p> : null}
          {!events.isPending && shown.length === 0 ? <p className="text-sm text-muted">{t('none')}</p> : null}
          {section('live', live)}
          {section('soon', soon)}
          {section('results', done)}
        </div>
        <div className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:self-start">
          <BetSlip
            legs={legs}
            loggedIn={loggedIn}
            money={money}
            onRemove={(id) => setLegs((c) => c.filter((l) => l.selectionId !== id))}
            onClear={() => setLegs([])}
          />
          {loggedIn ? <MyBookBets money={money} /> : null}
        </div>
      </div>
    </div>
  );
};
