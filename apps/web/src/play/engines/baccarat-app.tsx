import { BACCARAT_MAX_CHIPS, type BaccaratBetKind } from '@khela/fair';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { Stat } from '../widgets';
import { type Card, CardArt } from './card-art';
import { ChipTableFooter } from './chip-table-footer';
import type { EngineBoot } from './engine-app';

/**
 * The baccarat screen (own lazy chunk; docs/decisions/043-table-games.md): five boxes (player
 * 1:1, banker 0.95:1, tie 8:1, the pairs 11:1) take chips of the chosen size; Deal sends them as
 * one round and shows the coup the server dealt (the third cards by the table), in SVG cards.
 */

type Round = Value<'enginePlay'>;
type Coup = {
  player?: Card[];
  banker?: Card[];
  playerTotal?: number;
  bankerTotal?: number;
  winner?: 'player' | 'banker' | 'tie';
};
const KINDS: BaccaratBetKind[] = ['player_pair', 'player', 'tie', 'banker', 'banker_pair'];
const LABEL: Record<BaccaratBetKind, string> = {
  player: 'player',
  banker: 'banker',
  tie: 'tie',
  player_pair: 'playerPair',
  banker_pair: 'bankerPair',
};
const ODDS: Record<BaccaratBetKind, string> = {
  player: '1:1',
  banker: '0.95:1',
  tie: '8:1',
  player_pair: '11:1',
  banker_pair: '11:1',
};
const BOX: Record<BaccaratBetKind, string> = {
  player: '#1e40af',
  banker: '#9f1d20',
  tie: '#0f766e',
  player_pair: '#1e3a8a',
  banker_pair: '#7f1d1d',
};

const HandRow = ({
  side,
  cards,
  total,
  label,
}: {
  side: string;
  cards: Card[];
  total?: number | undefined;
  label: string;
}) => (
  <div className="flex flex-col items-center gap-1">
    <span className="text-sm font-bold">
      {label}{' '}
      <span className="rounded bg-black/40 px-1.5" data-testid={`bac-${side}-total`}>
        {total ?? '–'}
      </span>
    </span>
    <div className="flex gap-1">
      {/* A card's place in the hand is its identity (cards are only ever added at the end). */}
      {(cards.length > 0 ? cards : [null, null])
        .map((card, place) => ({ card, place }))
        .map(({ card, place }) => (
          <CardArt key={place} card={card} testId={`bac-${side}-card`} width={58} />
        ))}
    </div>
  </div>
);

export const BaccaratApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [chipIndex, setChipIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [placed, setPlaced] = useState<Partial<Record<BaccaratBetKind, number>>>({});
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chip = levels[chipIndex] ?? levels[0] ?? 20;
  const chips = Object.values(placed).reduce((sum, n) => sum + (n ?? 0), 0);
  const coup = round?.result as Coup | undefined;
  const payout = Number(round?.payoutMinor ?? 0);

  const deal = async () => {
    if (busy || chips === 0) return;
    setBusy(true);
    setError(null);
    try {
      const bets = KINDS.filter((k) => placed[k]).map((kind) => ({ kind, chips: placed[kind] }));
      const answer = await call(
        'enginePlay',
        { requestId: newRequestId(), betMinor: String(chip), params: { bets } } as never,
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
      data-engine="baccarat"
      className="flex h-full flex-col bg-[#0c1f17] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-5 overflow-auto p-3"
      >
        <div className="flex flex-wrap items-end justify-center gap-6">
          <HandRow side="player" cards={coup?.player ?? []} total={coup?.playerTotal} label={tr('player')} />
          <HandRow side="banker" cards={coup?.banker ?? []} total={coup?.bankerTotal} label={tr('banker')} />
        </div>
        <div className="grid w-full max-w-2xl grid-cols-5 gap-1.5">
          {KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              data-testid={`bac-bet-${kind}`}
              disabled={busy || chips >= BACCARAT_MAX_CHIPS}
              onClick={() => setPlaced((p) => ({ ...p, [kind]: (p[kind] ?? 0) + 1 }))}
              className={`flex flex-col items-center gap-1 rounded-xl border-2 px-1 py-3 text-xs font-bold sm:text-sm ${coup?.winner === kind ? 'border-amber-300' : 'border-white/20'}`}
              style={{ background: BOX[kind] }}
            >
              <span className="text-center">{tr(LABEL[kind])}</span>
              <span className="text-[0.65rem] opacity-80">{ODDS[kind]}</span>
              <span className="min-h-5" data-testid={`bac-chips-${kind}`}>
                {placed[kind] ? (
                  <span className="rounded-full bg-amber-400 px-1.5 text-slate-950">
                    {money(chip * (placed[kind] ?? 0))}
                  </span>
                ) : null}
              </span>
            </button>
          ))}
        </div>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'} data-winner={coup?.winner}>
            {tr(coup?.winner ?? 'tie')} · {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{tr('placeChips')}</span>
        )}
      </div>
      <ChipTableFooter
        t={t}
        tr={tr}
        money={money}
        testPrefix="bac"
        chip={chip}
        chips={chips}
        levels={levels.length}
        setChipIndex={setChipIndex}
        busy={busy}
        onClear={() => setPlaced({})}
        onPlay={deal}
        playLabel={tr('deal')}
        round={round}
      />
    </main>
  );
};
