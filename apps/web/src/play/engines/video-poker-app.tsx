import { VIDEO_POKER_HANDS, VIDEO_POKER_PAYTABLE, type VideoPokerHand } from '@khela/fair';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { BetStepper, Stat } from '../widgets';
import { type Card, CardArt } from './card-art';
import type { EngineBoot } from './engine-app';

/**
 * The video poker screen, jacks or better (own lazy chunk; docs/decisions/049-video-poker-scratch.md).
 * Deal opens a round (the bet is staked) and shows five cards; the player taps the cards to hold,
 * Draw is the round's one step (`pick` = the hold mask, bit i holds card i) and settles it. An open
 * round comes back after a reload (the engine's init answers it).
 */

type Round = Value<'enginePlay'>;
type State = {
  phase?: 'hold' | 'settled';
  dealt?: Card[];
  hand?: Card[];
  hold?: number | null;
  rank?: VideoPokerHand;
};

export const VideoPokerApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [betIndex, setBetIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(
    init.open
      ? { ...init.open, replayed: true, balance: init.balance, balanceMinor: init.balanceMinor }
      : null,
  );
  const [held, setHeld] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bet = levels[betIndex] ?? levels[0] ?? 20;
  const state = (round?.result ?? {}) as State;
  const open = round?.status === 'open';
  const payout = Number(round?.payoutMinor ?? 0);
  const cards = state.hand ?? [];
  const mask = open ? held : (state.hold ?? 0);

  const run = async (send: () => Promise<Round>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      setRound(answer);
      setBalance(Number(answer.balanceMinor));
      if (!answer.replayed) notifyBalance();
    } catch (e) {
      setError(boot.errorText(e instanceof PlayError ? e.code : 'system.error'));
    } finally {
      setBusy(false);
    }
  };
  const deal = () => {
    setHeld(0);
    return run(() =>
      call('enginePlay', { requestId: newRequestId(), betMinor: String(bet) } as never, language),
    );
  };
  const draw = () => {
    if (!round || !open) return;
    return run(() => call('engineStep', { roundId: round.roundId, pick: held, index: 0 } as never, language));
  };
  const toggle = (i: number) => {
    if (open && !busy) setHeld((m) => m ^ (1 << i));
  };

  return (
    <main
      data-testid="engine-app"
      data-engine="video-poker"
      className="flex h-full flex-col bg-[#14143a] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-4 overflow-auto p-3"
        data-testid="vp-table"
        data-phase={round ? (state.phase ?? '') : 'idle'}
      >
        <ol
          className="grid w-full max-w-xl grid-cols-3 gap-x-3 gap-y-0.5 text-[0.7rem] sm:grid-cols-3 sm:text-xs"
          aria-label={tr('paytable')}
          data-testid="vp-pays"
        >
          {VIDEO_POKER_HANDS.filter((h) => h !== 'nothing').map((h) => (
            <li
              key={h}
              data-hand={h}
              className={`flex justify-between gap-2 rounded px-1.5 ${
                round && !open && state.rank === h ? 'bg-amber-400 font-bold text-slate-950' : 'bg-black/25'
              }`}
            >
              <span className="truncate">{tr(`hands.${h}`)}</span>
              <span>{VIDEO_POKER_PAYTABLE[h] / 100}</span>
            </li>
          ))}
        </ol>
        <div className="flex justify-center gap-1.5 sm:gap-3">
          {[0, 1, 2, 3, 4].map((i) => {
            const card = cards[i] ?? null;
            const isHeld = ((mask >> i) & 1) === 1;
            return (
              <button
                key={i}
                type="button"
                data-testid="vp-card"
                data-held={isHeld}
                aria-pressed={isHeld}
                disabled={!open || busy}
                onClick={() => toggle(i)}
                className="flex flex-col items-center gap-1 disabled:cursor-default"
              >
                <span
                  className={`rounded px-1.5 text-[0.65rem] font-bold uppercase ${isHeld ? 'bg-amber-400 text-slate-950' : 'invisible'}`}
                >
                  {tr('held')}
                </span>
                <CardArt card={card} testId="vp-card-art" width={64} />
              </button>
            );
          })}
        </div>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round && !open ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {state.rank && state.rank !== 'nothing' ? `${tr(`hands.${state.rank}`)} · ` : ''}
            {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{open ? tr('holdHint') : tr('placeBet')}</span>
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
            disabled={busy || open}
          />
          {open ? (
            <button
              type="button"
              data-testid="vp-draw"
              disabled={busy}
              onClick={draw}
              className="ml-auto rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('draw')}
            </button>
          ) : (
            <button
              type="button"
              data-testid="engine-play"
              disabled={busy}
              onClick={deal}
              className="ml-auto rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('deal')}
            </button>
          )}
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
