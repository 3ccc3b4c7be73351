import { BLACKJACK_ACTIONS, type BlackjackAction } from '@khela/fair';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { BetStepper, Stat } from '../widgets';
import { type Card, CardArt } from './card-art';
import type { EngineBoot } from './engine-app';

/**
 * The blackjack screen (own lazy chunk; docs/decisions/043-table-games.md). Deal opens a round
 * (the bet is staked); the server keeps it open between actions and answers what the player may
 * see: their hands, the dealer's up card and the allowed actions (hit, stand, double, split,
 * insurance). Each action is a step (`pick` = its index in BLACKJACK_ACTIONS, `index` = the
 * actions so far); a double, split or insurance stakes more. The dealer's cards show at the end.
 */

type Round = Value<'enginePlay'>;
type Hand = { cards: Card[]; total: number; soft: boolean; stakeMinor: number; outcome: string | null };
type State = {
  phase?: 'insurance' | 'player' | 'settled';
  hands?: Hand[];
  active?: number;
  dealer?: Card[];
  dealerTotal?: number;
  actions?: BlackjackAction[];
  allowed?: BlackjackAction[];
};

const HandCards = ({ cards, testId, hidden = 0 }: { cards: Card[]; testId: string; hidden?: number }) => (
  <div className="flex -space-x-6">
    {/* A card's place in the hand is its identity (cards are only ever added at the end). */}
    {[...cards, ...Array.from({ length: hidden }, () => null)]
      .map((card, place) => ({ card, place }))
      .map(({ card, place }) => (
        <CardArt key={place} card={card} testId={testId} width={56} />
      ))}
  </div>
);

export const BlackjackApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bet = levels[betIndex] ?? levels[0] ?? 20;
  const state = (round?.result ?? {}) as State;
  const open = round?.status === 'open';
  const payout = Number(round?.payoutMinor ?? 0);
  const stake = Number(round?.stakeMinor ?? 0);

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
  const deal = () =>
    run(() => call('enginePlay', { requestId: newRequestId(), betMinor: String(bet) } as never, language));
  const act = (action: BlackjackAction) => {
    if (!round || !open) return;
    const index = state.actions?.length ?? 0;
    return run(() =>
      call(
        'engineStep',
        { roundId: round.roundId, pick: BLACKJACK_ACTIONS.indexOf(action), index } as never,
        language,
      ),
    );
  };

  const hands = state.hands ?? [];
  const dealer = state.dealer ?? [];
  return (
    <main
      data-testid="engine-app"
      data-engine="blackjack"
      className="flex h-full flex-col bg-[#0b2a1c] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-6 overflow-auto p-3"
        data-testid="bj-table"
        data-phase={round ? (state.phase ?? '') : 'idle'}
      >
        <div className="flex flex-col items-center gap-1">
          <span className="text-sm font-bold">
            {tr('dealer')}{' '}
            <span className="rounded bg-black/40 px-1.5" data-testid="bj-dealer-total">
              {round ? state.dealerTotal : '–'}
            </span>
          </span>
          <HandCards cards={dealer} hidden={round ? (open ? 1 : 0) : 2} testId="bj-dealer-card" />
        </div>
        <div className="flex flex-wrap justify-center gap-6">
          {(hands.length > 0 ? hands : [null])
            .map((hand, place) => ({ hand, place }))
            .map(({ hand, place: i }) => (
              <div
                key={i}
                data-testid="bj-hand"
                data-outcome={hand?.outcome ?? ''}
                className={`flex flex-col items-center gap-1 rounded-xl p-2 ${open && state.active === i && hands.length > 1 ? 'ring-2 ring-amber-300' : ''}`}
              >
                <HandCards cards={hand?.cards ?? []} hidden={hand ? 0 : 2} testId="bj-player-card" />
                <span className="text-sm font-bold">
                  {hands.length > 1 ? `${tr('hand', { n: i + 1 })} · ` : ''}
                  <span className="rounded bg-black/40 px-1.5" data-testid="bj-player-total">
                    {hand ? hand.total : '–'}
                  </span>
                  {hand?.outcome ? ` · ${tr(`outcome.${hand.outcome}`)}` : ''}
                </span>
              </div>
            ))}
        </div>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round && !open ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : state.phase === 'insurance' ? (
          <span>{tr('insuranceOffer')}</span>
        ) : (
          <span className="opacity-70">{open ? tr('yourMove') : tr('placeBet')}</span>
        )}
      </div>
      <footer className="grid gap-3 px-4 pb-5 pt-3 sm:mx-auto sm:w-full sm:max-w-xl">
        {open ? (
          <div className="flex flex-wrap justify-center gap-2">
            {(state.allowed ?? []).map((action) => (
              <button
                key={action}
                type="button"
                data-testid={`bj-${action}`}
                disabled={busy}
                onClick={() => act(action)}
                className="min-w-20 rounded-xl bg-white/15 px-4 py-3 font-bold disabled:opacity-40"
              >
                {tr(action)}
              </button>
            ))}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <BetStepper
            labels={{ down: t('betDown'), bet: t('bet'), up: t('betUp') }}
            value={money(bet)}
            minor={bet}
            levels={levels.length}
            setBetIndex={setBetIndex}
            disabled={busy || open}
          />
          {round ? <Stat label={tr('stake')} value={money(stake)} minor={stake} testId="bj-stake" /> : null}
          <button
            type="button"
            data-testid="engine-play"
            disabled={busy || open}
            onClick={deal}
            className="ml-auto rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
          >
            {tr('deal')}
          </button>
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
