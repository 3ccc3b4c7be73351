import { DRAGON_TIGER_MAX_CHIPS, type DragonTigerBetKind } from '@khela/fair';
import { Minus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { IconButton, Stat } from '../widgets';
import type { EngineBoot } from './engine-app';

/**
 * The dragon tiger screen (own lazy chunk; docs/decisions/034-table-games.md): three boxes (dragon
 * 1:1, tie 8:1, tiger 1:1) take chips of the chosen size; Deal sends them as one round and draws
 * the two cards the server dealt. Cards and suits are drawn in SVG.
 */

type Round = Value<'enginePlay'>;
type Card = { rank: number; suit: number };
const KINDS: DragonTigerBetKind[] = ['dragon', 'tie', 'tiger'];
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'];
const BOX: Record<DragonTigerBetKind, string> = { dragon: '#9f1d20', tie: '#0f766e', tiger: '#1e40af' };

/** A suit drawn as a path in a 20×20 box: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
const SuitArt = ({ suit, x, y }: { suit: number; x: number; y: number }) => {
  const color = suit === 1 || suit === 2 ? '#c0262d' : '#111827';
  const shape =
    suit === 2 ? (
      <polygon points="10,0 19,10 10,20 1,10" />
    ) : suit === 1 ? (
      <path d="M10 19 L2 10 A4.5 4.5 0 0 1 10 4 A4.5 4.5 0 0 1 18 10 Z" />
    ) : suit === 0 ? (
      <path d="M10 1 L18 11 A4.5 4.5 0 0 1 11 15 L13 20 H7 L9 15 A4.5 4.5 0 0 1 2 11 Z" />
    ) : (
      <>
        <circle cx="10" cy="5.5" r="4.5" />
        <circle cx="5" cy="12" r="4.5" />
        <circle cx="15" cy="12" r="4.5" />
        <path d="M9 12 H11 L13 20 H7 Z" />
      </>
    );
  return (
    <g transform={`translate(${x} ${y})`} fill={color}>
      {shape}
    </g>
  );
};

const CardArt = ({ card, testId }: { card: Card | null; testId: string }) => (
  <svg
    viewBox="0 0 70 100"
    width={90}
    height={128}
    role="img"
    aria-label={card ? `${RANKS[card.rank]} ${SUITS[card.suit]}` : '?'}
    data-testid={testId}
    data-rank={card?.rank ?? ''}
  >
    <rect
      x="2"
      y="2"
      width="66"
      height="96"
      rx="8"
      fill={card ? '#f8fafc' : '#7f1d1d'}
      stroke="#fbbf24"
      strokeWidth="3"
    />
    {card ? (
      <>
        <text
          x="10"
          y="24"
          fontSize="18"
          fontWeight="800"
          fill={card.suit === 1 || card.suit === 2 ? '#c0262d' : '#111827'}
        >
          {RANKS[card.rank]}
        </text>
        <SuitArt suit={card.suit} x={25} y={45} />
      </>
    ) : (
      <rect x="12" y="12" width="46" height="76" rx="4" fill="none" stroke="#fbbf24" strokeDasharray="4 3" />
    )}
  </svg>
);

export const DragonTigerApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [chipIndex, setChipIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [placed, setPlaced] = useState<Partial<Record<DragonTigerBetKind, number>>>({});
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chip = levels[chipIndex] ?? levels[0] ?? 20;
  const chips = Object.values(placed).reduce((sum, n) => sum + (n ?? 0), 0);
  const result = round?.result as { dragon?: Card; tiger?: Card; winner?: DragonTigerBetKind } | undefined;
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
      data-engine="dragon-tiger"
      className="flex h-full flex-col bg-[#1a0f0f] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-6 overflow-auto p-3"
      >
        <div className="flex items-end gap-6">
          <div className="flex flex-col items-center gap-1">
            <span className="text-sm font-bold text-rose-300">{tr('dragon')}</span>
            <CardArt card={result?.dragon ?? null} testId="dt-dragon" />
          </div>
          <div className="flex flex-col items-center gap-1">
            <span className="text-sm font-bold text-sky-300">{tr('tiger')}</span>
            <CardArt card={result?.tiger ?? null} testId="dt-tiger" />
          </div>
        </div>
        <div className="grid w-full max-w-xl grid-cols-3 gap-2">
          {KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              data-testid={`dt-bet-${kind}`}
              disabled={busy || chips >= DRAGON_TIGER_MAX_CHIPS}
              onClick={() => setPlaced((p) => ({ ...p, [kind]: (p[kind] ?? 0) + 1 }))}
              className={`flex flex-col items-center gap-1 rounded-xl border-2 px-2 py-4 font-bold ${result?.winner === kind ? 'border-amber-300' : 'border-white/20'}`}
              style={{ background: BOX[kind] }}
            >
              <span>{tr(kind)}</span>
              <span className="text-xs opacity-80">{kind === 'tie' ? '8:1' : '1:1'}</span>
              <span className="min-h-5 text-sm" data-testid={`dt-chips-${kind}`}>
                {placed[kind] ? (
                  <span className="rounded-full bg-amber-400 px-2 text-slate-950">
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
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {tr(result?.winner ?? 'tie')} · {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{tr('placeChips')}</span>
        )}
      </div>
      <footer className="grid gap-3 px-4 pb-5 pt-3 sm:mx-auto sm:w-full sm:max-w-xl">
        <div className="flex flex-wrap items-center gap-3">
          <IconButton
            label={t('betDown')}
            onClick={() => setChipIndex((i) => Math.max(0, i - 1))}
            disabled={busy}
          >
            <Minus className="size-4" />
          </IconButton>
          <Stat label={tr('chip')} value={money(chip)} minor={chip} testId="engine-bet" />
          <IconButton
            label={t('betUp')}
            onClick={() => setChipIndex((i) => Math.min(levels.length - 1, i + 1))}
            disabled={busy}
          >
            <Plus className="size-4" />
          </IconButton>
          <Stat label={tr('stake')} value={money(chip * chips)} minor={chip * chips} testId="dt-stake" />
          <div className="ml-auto flex gap-2">
            <button
              type="button"
              data-testid="dt-clear"
              disabled={busy || chips === 0}
              onClick={() => setPlaced({})}
              className="rounded-xl bg-white/10 px-4 py-3 font-bold disabled:opacity-40"
            >
              {tr('clear')}
            </button>
            <button
              type="button"
              data-testid="engine-play"
              disabled={busy || chips === 0}
              onClick={deal}
              className="rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('deal')}
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
