import { KENO_MAX_SPOTS, KENO_NUMBERS, KENO_PAYTABLE } from '@khela/fair';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { BetStepper, Stat } from '../widgets';
import type { EngineBoot } from './engine-app';

/**
 * The instant keno screen (own lazy chunk; docs/decisions/043-table-games.md): mark 1–10 of the
 * 80 numbers, Play draws 20 on the server; the board shows the draw, the hits and the paytable
 * row of the spots marked (× the bet, by hits).
 */

type Round = Value<'enginePlay'>;
type Draw = { drawn?: number[]; hits?: number[] };
const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

export const KenoApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [betIndex, setBetIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [spots, setSpots] = useState<number[]>([]);
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bet = levels[betIndex] ?? levels[0] ?? 20;
  const draw = (round?.result ?? {}) as Draw;
  const drawn = new Set(draw.drawn ?? []);
  const payout = Number(round?.payoutMinor ?? 0);
  const pays = KENO_PAYTABLE[spots.length] ?? [];

  const toggle = (n: number) => {
    setRound(null);
    setSpots((s) => (s.includes(n) ? s.filter((x) => x !== n) : s.length < KENO_MAX_SPOTS ? [...s, n] : s));
  };
  const play = async () => {
    if (busy || spots.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call(
        'enginePlay',
        { requestId: newRequestId(), betMinor: String(bet), params: { spots } } as never,
        language,
      );
      setRound(answer);
      setBalance(Number(answer.balanceMinor));
      if (!answer.replayed) notifyBalance();
    } catch (e) {
      setError(boot.errorText(e instanceof PlayError ? e.code : 'system.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main
      data-testid="engine-app"
      data-engine="keno"
      className="flex h-full flex-col bg-[#111a33] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-3 overflow-auto p-3"
      >
        <div className="grid w-full max-w-xl grid-cols-10 gap-1">
          {NUMBERS.map((n) => {
            const marked = spots.includes(n);
            const hit = marked && drawn.has(n);
            return (
              <button
                key={n}
                type="button"
                data-testid={`keno-${n}`}
                data-state={hit ? 'hit' : drawn.has(n) ? 'drawn' : marked ? 'marked' : 'open'}
                aria-pressed={marked}
                disabled={busy}
                onClick={() => toggle(n)}
                className={`aspect-square rounded-md text-xs font-bold sm:text-sm ${
                  hit
                    ? 'bg-amber-400 text-slate-950 ring-2 ring-white'
                    : marked
                      ? 'bg-sky-500 text-white'
                      : drawn.has(n)
                        ? 'bg-white/35 text-white'
                        : 'bg-white/10 text-white/80'
                }`}
              >
                {n}
              </button>
            );
          })}
        </div>
        <ol
          className="flex flex-wrap justify-center gap-1 text-xs"
          data-testid="keno-pays"
          aria-label={tr('paytable')}
        >
          {/* The number of hits is the row's meaning, not just its place. */}
          {pays
            .map((x100, hits) => ({ x100, hits }))
            .map(({ x100, hits }) =>
              x100 > 0 ? (
                <li key={`hits-${hits}`} className="rounded bg-black/30 px-2 py-1">
                  {tr('hitsPay', { hits, times: x100 / 100 })}
                </li>
              ) : null,
            )}
        </ol>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {tr('hits', { hits: draw.hits?.length ?? 0 })} ·{' '}
            {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{tr('markNumbers', { max: KENO_MAX_SPOTS })}</span>
        )}
      </div>
      <footer className="grid gap-3 px-4 pb-5 pt-3 sm:mx-auto sm:w-full sm:max-w-xl">
        <div className="flex flex-wrap items-center gap-3">
          <BetStepper
            labels={{ down: t('betDown'), bet: t('bet'), up: t('betUp') }}
            value={money(bet)}
            minor={bet}
            levels={levels.length}
            setBetIndex={setBetIndex}
            disabled={busy}
          />
          <div className="ml-auto flex gap-2">
            <button
              type="button"
              data-testid="keno-clear"
              disabled={busy || spots.length === 0}
              onClick={() => {
                setSpots([]);
                setRound(null);
              }}
              className="rounded-xl bg-white/10 px-4 py-3 font-bold disabled:opacity-40"
            >
              {tr('clear')}
            </button>
            <button
              type="button"
              data-testid="engine-play"
              disabled={busy || spots.length === 0}
              onClick={play}
              className="rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('play')}
            </button>
          </div>
        </div>
        {round ? (
          <p
            className="truncate text-center text-[0.65rem] opacity-50"
            data-testid="engine-round"
            data-round={round.roundId}
          >
            {tr('nonce', { nonce: round.nonce, commitment: round.commitment.slice(0, 12) })}
          </p>
        ) : null}
      </footer>
    </main>
  );
};
