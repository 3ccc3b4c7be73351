import { SCRATCH_CELLS, SCRATCH_PRIZES } from '@khela/fair';
import { type PointerEvent, useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { BetStepper, Stat } from '../widgets';
import type { EngineBoot } from './engine-app';
import { ScratchCoat, ScratchSymbol } from './scratch-art';

/**
 * The scratch card screen (own lazy chunk; docs/decisions/049-video-poker-scratch.md). Buy a
 * ticket: the server stakes it, draws it and pays it in one round; the page then shows the 9 cells
 * under a silver coat, scratched one by one (a pointer or a finger drawn over them, or a tap) or
 * all at once; the result shows once every cell is uncovered.
 */

type Round = Value<'enginePlay'>;
type Ticket = { cells?: number[]; winSymbol?: number; winCells?: number[] };
const CELLS = Array.from({ length: SCRATCH_CELLS }, (_, i) => i);

export const ScratchApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [betIndex, setBetIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [revealed, setRevealed] = useState<number[]>([]);
  const [scratching, setScratching] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bet = levels[betIndex] ?? levels[0] ?? 20;
  const ticket = (round?.result ?? {}) as Ticket;
  const payout = Number(round?.payoutMinor ?? 0);
  const done = round !== null && revealed.length === SCRATCH_CELLS;
  const winning = new Set(done ? (ticket.winCells ?? []) : []);

  const buy = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call(
        'enginePlay',
        { requestId: newRequestId(), betMinor: String(bet) } as never,
        language,
      );
      setRevealed([]);
      setRound(answer);
      setBalance(Number(answer.balanceMinor));
      if (!answer.replayed) notifyBalance();
    } catch (e) {
      setError(boot.errorText(e instanceof PlayError ? e.code : 'system.error'));
    } finally {
      setBusy(false);
    }
  };
  const reveal = (cell: number) => {
    if (!round) return;
    setRevealed((r) => (r.includes(cell) ? r : [...r, cell]));
  };
  /** A pointer or finger drawn over the ticket scratches the cell under it. */
  const scratchAt = (e: PointerEvent<HTMLDivElement>) => {
    const target = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-cell]');
    const cell = target?.getAttribute('data-cell');
    if (cell !== null && cell !== undefined) reveal(Number(cell));
  };

  return (
    <main
      data-testid="engine-app"
      data-engine="scratch"
      className="flex h-full flex-col bg-[#2a1238] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-4 overflow-auto p-3"
      >
        <div
          className="grid touch-none select-none grid-cols-3 gap-2 rounded-2xl bg-amber-100 p-3"
          data-testid="scratch-ticket"
          data-state={round ? (done ? 'done' : 'scratching') : 'idle'}
          onPointerDown={(e) => {
            setScratching(true);
            scratchAt(e);
          }}
          onPointerMove={(e) => (scratching ? scratchAt(e) : undefined)}
          onPointerUp={() => setScratching(false)}
          onPointerLeave={() => setScratching(false)}
        >
          {CELLS.map((cell) => {
            const symbol = ticket.cells?.[cell];
            const shown = revealed.includes(cell) && symbol !== undefined;
            return (
              <button
                key={cell}
                type="button"
                data-cell={cell}
                data-testid="scratch-cell"
                data-revealed={shown}
                disabled={!round || shown}
                onClick={() => reveal(cell)}
                className={`relative grid size-20 place-items-center rounded-lg bg-white sm:size-24 ${
                  winning.has(cell) ? 'ring-4 ring-amber-400' : ''
                }`}
              >
                {shown ? <ScratchSymbol symbol={symbol} size={56} /> : <ScratchCoat />}
              </button>
            );
          })}
        </div>
        <ol className="flex max-w-md flex-wrap justify-center gap-1.5 text-xs" aria-label={tr('paytable')}>
          {SCRATCH_PRIZES.map((p) => (
            <li key={p.symbol} className="flex items-center gap-1 rounded bg-black/30 px-1.5 py-0.5">
              <ScratchSymbol symbol={p.symbol} size={18} />
              <span>×3 = {p.paysX100 / 100}×</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : done ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{round ? tr('scratchHint') : tr('buyHint')}</span>
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
            {round && !done ? (
              <button
                type="button"
                data-testid="scratch-reveal-all"
                onClick={() => setRevealed(CELLS)}
                className="rounded-xl bg-white/15 px-4 py-3 font-bold"
              >
                {tr('revealAll')}
              </button>
            ) : null}
            <button
              type="button"
              data-testid="engine-play"
              disabled={busy || (round !== null && !done)}
              onClick={buy}
              className="rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('buyTicket')}
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
