import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatMoney } from '../../shared/format/money';
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { BetSpots } from './bet-spots';
import { LiveTables } from './live-tables';
import { OutcomeView } from './outcome-view';
import { positioned } from './positions';
import { BaccaratRoads } from './roads';
import { phaseOf, type RoundView, useServerClock, useTableRoom } from './table-room';

/** The verify page, prefilled with a settled round of a live table (engine `live-<game>`). */
const verifyLiveHref = (game: string, round: RoundView) => {
  const query = new URLSearchParams({
    engine: `live-${game}`,
    serverSeed: round.serverSeed ?? '',
    serverSeedHash: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.roundNo),
    recorded: JSON.stringify(round.outcome ?? {}),
  });
  return `/verify?${query}`;
};

/** Chips in whole currency units; those inside the table's limits are offered. */
const CHIPS = [10, 50, 100, 500, 1_000, 5_000, 10_000];

const ANIMATIONS = `
@keyframes live-deal { from { transform: perspective(300px) rotateY(90deg) translateY(-16px); opacity: 0 } to { transform: none; opacity: 1 } }
.live-deal { animation: live-deal .45s ease-out both }
@keyframes live-spin { to { transform: rotate(360deg) } }
.live-spin { transform-origin: 50px 50px; animation: live-spin 2.4s linear infinite }
@media (prefers-reduced-motion: reduce) { .live-deal, .live-spin { animation: none } }
`;

const HISTORY_TONE: Record<string, string> = {
  P: 'bg-blue-600',
  B: 'bg-red-600',
  T: 'bg-emerald-600',
  D: 'bg-red-600',
  '=': 'bg-emerald-600',
  A: 'bg-red-600',
};

/**
 * A live table (`/liveTable?tableId=`): everyone at the table sees the same round through the
 * room's socket — the betting window's countdown (server clock), the cards, dice or wheel when
 * the round is dealt, the winner, the roads and last results, the seats. A signed-in player taps
 * a chip, then spots, then confirms: the slip is one request (its key kept until answered).
 */
export const TableView = () => {
  const { t, i18n } = useTranslation('tables');
  const [params] = useSearchParams();
  const tableId = params.get('tableId') ?? '';
  const { token, loggedIn } = useMember();
  const balance = useBalance(token).data;
  const symbol = balance?.currencySymbol ?? '';
  const { state, offset, connected } = useTableRoom(tableId, token);
  const serverNow = useServerClock(offset);
  const client = useQueryClient();
  const errorText = useErrorText();
  const [chip, setChip] = useState(CHIPS[0] ?? 10);
  const [pending, setPending] = useState<Record<string, string>>({});
  const [pendingRound, setPendingRound] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const requestKey = useRef<string | null>(null);
  const money = (minor: string) => formatMoney(minor, i18n.language, symbol);

  const round = state?.round ?? null;
  const phase = phaseOf(round, serverNow);
  const seconds = round
    ? Math.max(0, Math.ceil(((phase === 'waiting' ? round.opensAt : round.closesAt) - serverNow) / 1000))
    : 0;
  const shownPending = pendingRound === round?.roundNo ? pending : {};
  const table = state?.table;
  const chips = CHIPS.filter(
    (c) =>
      table && BigInt(c) * 100n >= BigInt(table.minBetMinor) && BigInt(c) * 100n <= BigInt(table.maxBetMinor),
  );

  const place = useMutation({
    mutationFn: () => {
      requestKey.current ??= crypto.randomUUID();
      return callApi('liveTableBets', {
        body: {
          tableId,
          roundNo: pendingRound ?? 0,
          requestKey: requestKey.current,
          bets: Object.entries(shownPending).map(([kind, amountMinor]) => ({ kind, amountMinor })),
        },
      });
    },
    onSuccess: () => {
      requestKey.current = null;
      setPending({});
      setMessage({ ok: true, text: t('placed') });
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    },
    onError: (error) => {
      requestKey.current = null;
      setMessage({ ok: false, text: errorText(error) });
    },
  });

  const onSpot = (kind: string) => {
    if (!round || phase !== 'betting') return;
    const base = pendingRound === round.roundNo ? pending : {};
    setPendingRound(round.roundNo);
    setPending({ ...base, [kind]: String(BigInt(base[kind] ?? '0') + BigInt(chip) * 100n) });
    setMessage(null);
  };

  if (!tableId)
    return (
      <div className="mx-auto w-full max-w-[1200px] px-3 pt-5 pb-8 sm:px-4 lg:px-6">
        <LiveTables />
      </div>
    );
  if (state === null && !connected)
    return (
      <div
        className="mx-auto max-w-[1200px] px-4 py-10 text-center text-muted"
        data-testid="live-table-loading"
      >
        {t('connecting')}
      </div>
    );

  const last = state?.last ?? null;
  const showLast = phase === 'waiting' && last !== null;
  const mine = state?.mine;
  const wonLast = mine && last && mine.lastRoundNo === last.roundNo;
  const resultText = (r: RoundView) => {
    const winner = (r.outcome as { winner?: string } | null)?.winner;
    return winner ? t(`kind.${winner}`) : (r.resultCode ?? '');
  };

  return (
    <div
      className="mx-auto w-full max-w-[1200px] space-y-4 px-3 pt-4 pb-8 sm:px-4 lg:px-6"
      data-testid="live-table"
      data-round={round?.roundNo ?? ''}
    >
      <style>{ANIMATIONS}</style>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Link to="/live" className="rounded-full p-1.5 ring-1 ring-line" aria-label={t('back')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          </Link>
          <div>
            <h1 className="text-xl font-black tracking-tight sm:text-2xl">
              {table ? t(`game.${table.game}`) : ''} · {table?.name}
            </h1>
            <p className="text-xs text-muted">
              {t('limits', { min: money(table?.minBetMinor ?? '0'), max: money(table?.maxBetMinor ?? '0') })}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span className="inline-flex items-center gap-1 text-muted">
            <Users className="h-4 w-4" aria-hidden="true" />
            {state?.seats.length ?? 0}
          </span>
          {loggedIn && balance ? (
            <span className="rounded-full bg-surface-2 px-3 py-1 font-bold" data-testid="live-balance">
              {money(balance.sumBalanceMinor)}
            </span>
          ) : null}
        </div>
      </header>

      <section
        className="relative overflow-hidden rounded-3xl bg-[radial-gradient(ellipse_at_top,#166534,#052e16)] p-3 text-white shadow-lg ring-4 ring-amber-700/70 sm:p-5"
        aria-label={t('felt')}
      >
        <div className="mb-3 flex items-center justify-between text-sm">
          <span className="font-bold" data-testid="live-round-no">
            {t('round', { no: round?.roundNo ?? '-' })}
          </span>
          <span
            className={cx(
              'rounded-full px-3 py-1 font-black',
              phase === 'betting' ? 'bg-amber-300 text-slate-900' : 'bg-black/40 text-amber-100',
            )}
            data-testid="live-phase"
            data-phase={phase}
          >
            {phase === 'betting'
              ? t('phase.betting', { seconds })
              : phase === 'dealing'
                ? t('phase.dealing')
                : t('phase.next', { seconds })}
          </span>
        </div>
        <div className="flex min-h-[150px] flex-col items-center justify-center gap-2">
          {table ? (
            <OutcomeView game={table.game} outcome={showLast ? (last?.outcome ?? null) : null} />
          ) : null}
          {showLast && last?.resultCode ? (
            <p className="text-base font-black text-amber-200" data-testid="live-result">
              {t('result', { result: resultText(last) })}
              {wonLast ? (
                <span
                  className="ml-2 rounded-full bg-black/40 px-2 py-0.5 text-sm"
                  data-testid="live-my-payout"
                >
                  {t('yourPayout', { amount: money(mine?.lastPayoutMinor ?? '0') })}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="mt-3">
          {table ? (
            <BetSpots
              game={table.game}
              enabled={loggedIn && phase === 'betting'}
              pending={shownPending}
              mine={mine?.open ?? {}}
              totals={state?.totals ?? {}}
              money={money}
              onSpot={onSpot}
            />
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {chips.map((c) => (
            <button
              key={c}
              type="button"
              onClick={() => setChip(c)}
              data-testid={`chip-${c}`}
              aria-pressed={chip === c}
              className={cx(
                'h-11 w-11 rounded-full border-4 border-dashed text-[11px] font-black shadow',
                chip === c
                  ? 'border-white bg-amber-400 text-slate-900'
                  : 'border-amber-200 bg-rose-700 text-white',
              )}
            >
              {c >= 1000 ? `${c / 1000}K` : c}
            </button>
          ))}
          <div className="ml-auto flex gap-2">
            <button
              type="button"
              className={cx(buttonClass('ghost'), 'text-white')}
              onClick={() => setPending({})}
              disabled={Object.keys(shownPending).length === 0}
            >
              {t('clear')}
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              data-testid="live-confirm"
              disabled={
                !loggedIn || phase !== 'betting' || Object.keys(shownPending).length === 0 || place.isPending
              }
              onClick={() => place.mutate()}
            >
              {t('confirm')}
            </button>
          </div>
        </div>
        {!loggedIn ? <p className="mt-2 text-xs text-amber-100">{t('loginToBet')}</p> : null}
        {message ? (
          <p
            role="status"
            className={cx('mt-2 text-sm font-semibold', message.ok ? 'text-amber-200' : 'text-rose-200')}
            data-testid="live-message"
          >
            {message.text}
          </p>
        ) : null}
      </section>

      <section aria-label={t('history')} className="space-y-2">
        <h2 className="text-sm font-bold">{t('history')}</h2>
        {table?.game === 'baccarat' ? <BaccaratRoads history={state?.history ?? []} /> : null}
        <ol className="flex flex-wrap gap-1" data-testid="live-history">
          {positioned((state?.history ?? []).slice(-30)).map(({ item: code, at }) => (
            <li
              key={at}
              className={cx(
                'grid h-6 min-w-6 place-items-center rounded-full px-1 text-[11px] font-black text-white',
                HISTORY_TONE[code] ?? 'bg-slate-700',
              )}
            >
              {t(`code.${table?.game}.${code}`, { defaultValue: code })}
            </li>
          ))}
        </ol>
      </section>

      <section className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-surface-2 p-3 text-sm">
          <h2 className="mb-1 font-bold">{t('seats')}</h2>
          <ul className="flex flex-wrap gap-1.5" data-testid="live-seats">
            {(state?.seats ?? []).map((s) => (
              <li
                key={s.seatNo}
                className={cx(
                  'rounded-full px-2 py-0.5 text-xs ring-1 ring-line',
                  s.connected ? '' : 'opacity-50',
                )}
              >
                {s.seatNo}. {s.name}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3 text-xs">
          <h2 className="mb-1 flex items-center gap-1 text-sm font-bold">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t('fair.title')}
          </h2>
          <p className="break-all">{t('fair.commitment', { hash: round?.commitment ?? '-' })}</p>
          {last?.serverSeed ? (
            <p className="mt-1 break-all" data-testid="live-seed">
              {t('fair.revealed', { no: last.roundNo, seed: last.serverSeed, client: last.clientSeed })}{' '}
              {last.outcome && table ? (
                <Link
                  className="font-bold text-brand underline"
                  to={verifyLiveHref(table.game, last)}
                  data-testid="live-verify"
                >
                  {t('fair.verify')}
                </Link>
              ) : null}
            </p>
          ) : null}
          <p className="mt-1 text-muted">{t('fair.how')}</p>
        </div>
      </section>
    </div>
  );
};
