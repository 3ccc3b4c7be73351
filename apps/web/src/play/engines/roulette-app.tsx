import { ROULETTE_MAX_CHIPS, ROULETTE_RED, type RouletteBet, rouletteColorOf } from '@khela/fair';
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { Stat } from '../widgets';
import { ChipTableFooter } from './chip-table-footer';
import type { EngineBoot } from './engine-app';

/**
 * The European roulette screen (own lazy chunk; docs/decisions/034-table-games.md): an SVG table
 * where a tap on a number, an edge, a corner or an outside box adds one chip of the chosen size
 * to that bet; Spin sends the whole bet list as one round. The server draws the pocket and pays;
 * this page only draws the answer.
 */

type Round = Value<'enginePlay'>;
type Placed = { bet: RouletteBet; chips: number; x: number; y: number };

const CELL = 40;
const RED = new Set<number>(ROULETTE_RED);
const FILL = { red: '#c0262d', black: '#1f2430', green: '#0f8a4a' } as const;
/** Left edge of the number columns (the zero is 0..CELL) and of the column bets. */
const X0 = CELL;
const XCOL = X0 + 12 * CELL;

/** Number 3c + 1 + k sits in column c (0..11) and row 2 − k (3 on top, 1 at the bottom). */
const cellOf = (n: number) => ({ x: X0 + Math.floor((n - 1) / 3) * CELL, y: (2 - ((n - 1) % 3)) * CELL });
const keyOf = (bet: RouletteBet) => `${bet.kind}:${bet.at ?? ''}:${(bet.numbers ?? []).join(',')}`;

type Zone = { bet: RouletteBet; x: number; y: number; w: number; h: number };
/** The hit zones of the inside bets between cells: splits, corners, streets and lines. */
const EDGE_ZONES: Zone[] = (() => {
  const zones: Zone[] = [];
  const edge = 12;
  for (let n = 1; n <= 36; n++) {
    const { x, y } = cellOf(n);
    if (n <= 33)
      zones.push({
        bet: { kind: 'split', numbers: [n, n + 3] },
        x: x + CELL - edge / 2,
        y: y + 8,
        w: edge,
        h: 24,
      });
    if (n % 3 !== 0) {
      zones.push({ bet: { kind: 'split', numbers: [n, n + 1] }, x: x + 8, y: y - edge / 2, w: 24, h: edge });
      if (n <= 32)
        zones.push({
          bet: { kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] },
          x: x + CELL - edge / 2,
          y: y - edge / 2,
          w: edge,
          h: edge,
        });
    }
    if (n % 3 === 1) {
      zones.push({
        bet: { kind: 'street', numbers: [n, n + 1, n + 2] },
        x: x + 8,
        y: 3 * CELL - edge / 2,
        w: 24,
        h: edge,
      });
      if (n <= 31)
        zones.push({
          bet: { kind: 'line', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] },
          x: x + CELL - edge / 2,
          y: 3 * CELL - edge / 2,
          w: edge,
          h: edge,
        });
    }
    if (n <= 3)
      zones.push({ bet: { kind: 'split', numbers: [0, n] }, x: X0 - edge / 2, y: y + 8, w: edge, h: 24 });
  }
  return zones;
})();

export const RouletteApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [chipIndex, setChipIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [placed, setPlaced] = useState<Record<string, Placed>>({});
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chip = levels[chipIndex] ?? levels[0] ?? 20;
  const chips = Object.values(placed).reduce((sum, p) => sum + p.chips, 0);
  const pocket = round ? (round.result.pocket as number) : null;
  const payout = Number(round?.payoutMinor ?? 0);

  const place = (bet: RouletteBet, x: number, y: number) => {
    if (busy || chips >= ROULETTE_MAX_CHIPS) return;
    const key = keyOf(bet);
    setPlaced((all) => ({ ...all, [key]: { bet, x, y, chips: (all[key]?.chips ?? 0) + 1 } }));
  };

  /** A table spot as a button: tap, Enter or Space adds a chip. */
  const pressable = (bet: RouletteBet, x: number, y: number) => ({
    role: 'button' as const,
    tabIndex: 0,
    'aria-label': `${bet.kind} ${bet.at ?? (bet.numbers ?? []).join('-')}`,
    onClick: () => place(bet, x, y),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') place(bet, x, y);
    },
  });

  const spin = async () => {
    if (busy || chips === 0) return;
    setBusy(true);
    setError(null);
    try {
      const bets = Object.values(placed).map((p) => ({ ...p.bet, chips: p.chips }));
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

  const box = (
    bet: RouletteBet,
    x: number,
    y: number,
    w: number,
    h: number,
    label: ReactNode,
    id: string,
    fill = '#0b6b3a',
  ) => (
    <g
      key={id}
      data-testid={`roulette-${id}`}
      {...pressable(bet, x + w / 2, y + h / 2)}
      className="cursor-pointer"
    >
      <rect x={x} y={y} width={w} height={h} fill={fill} stroke="#e2e8f0" strokeWidth="1" />
      {label}
    </g>
  );
  const text = (x: number, y: number, s: string, size = 13) => (
    <text
      x={x}
      y={y}
      fill="#f8fafc"
      fontSize={size}
      fontWeight="700"
      textAnchor="middle"
      dominantBaseline="central"
    >
      {s}
    </text>
  );

  return (
    <main
      data-testid="engine-app"
      data-engine="roulette"
      className="flex h-full flex-col bg-[#0b2a1c] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-3 overflow-auto p-3"
      >
        <svg viewBox="0 0 64 64" width={84} height={84} aria-hidden="true" data-testid="roulette-ball">
          <circle cx="32" cy="32" r="30" fill="#7c4a1e" stroke="#fbbf24" strokeWidth="3" />
          <circle cx="32" cy="32" r="22" fill={pocket === null ? '#334155' : FILL[rouletteColorOf(pocket)]} />
          <text
            x="32"
            y="33"
            fill="#fff"
            fontSize="18"
            fontWeight="800"
            textAnchor="middle"
            dominantBaseline="central"
          >
            {pocket === null ? '–' : pocket}
          </text>
        </svg>
        <svg
          viewBox={`-2 -8 ${XCOL + CELL + 4} ${5 * CELL + 10}`}
          className="w-full max-w-3xl touch-manipulation select-none"
          role="img"
          aria-label={tr('placeChips')}
          data-testid="roulette-table"
        >
          {box(
            { kind: 'straight', numbers: [0] },
            0,
            0,
            CELL,
            3 * CELL,
            text(CELL / 2, 1.5 * CELL, '0'),
            'n0',
            FILL.green,
          )}
          {Array.from({ length: 36 }, (_, i) => {
            const n = i + 1;
            const { x, y } = cellOf(n);
            return box(
              { kind: 'straight', numbers: [n] },
              x,
              y,
              CELL,
              CELL,
              <>
                <circle
                  cx={x + CELL / 2}
                  cy={y + CELL / 2}
                  r={14}
                  fill={RED.has(n) ? FILL.red : FILL.black}
                />
                {text(x + CELL / 2, y + CELL / 2, String(n))}
              </>,
              `n${n}`,
            );
          })}
          {[1, 2, 3].map((at) =>
            box(
              { kind: 'column', at },
              XCOL,
              (3 - at) * CELL,
              CELL,
              CELL,
              text(XCOL + CELL / 2, (3.5 - at) * CELL, '2:1', 11),
              `column${at}`,
            ),
          )}
          {[1, 2, 3].map((at) =>
            box(
              { kind: 'dozen', at },
              X0 + (at - 1) * 4 * CELL,
              3 * CELL,
              4 * CELL,
              CELL,
              text(X0 + (at - 0.5) * 4 * CELL, 3.5 * CELL, tr(`dozen${at}`)),
              `dozen${at}`,
            ),
          )}
          {(
            [
              ['low', '1–18'],
              ['even', tr('even')],
              ['red', ''],
              ['black', ''],
              ['odd', tr('odd')],
              ['high', '19–36'],
            ] as const
          ).map(([kind, label], i) => {
            const x = X0 + i * 2 * CELL;
            const y = 4 * CELL;
            const diamond =
              kind === 'red' || kind === 'black' ? (
                <polygon
                  points={`${x + CELL},${y + 8} ${x + CELL + 18},${y + CELL / 2} ${x + CELL},${y + CELL - 8} ${x + CELL - 18},${y + CELL / 2}`}
                  fill={FILL[kind]}
                  stroke="#f8fafc"
                />
              ) : (
                text(x + CELL, y + CELL / 2, label, 12)
              );
            return box({ kind }, x, y, 2 * CELL, CELL, diamond, kind);
          })}
          {EDGE_ZONES.map((z) => (
            <rect
              key={keyOf(z.bet)}
              data-testid={`roulette-${z.bet.kind}-${(z.bet.numbers ?? []).join('-')}`}
              x={z.x}
              y={z.y}
              width={z.w}
              height={z.h}
              fill="transparent"
              className="cursor-pointer"
              {...pressable(z.bet, z.x + z.w / 2, z.y + z.h / 2)}
            />
          ))}
          {pocket !== null && pocket > 0 ? (
            <rect
              {...cellOf(pocket)}
              width={CELL}
              height={CELL}
              fill="none"
              stroke="#fbbf24"
              strokeWidth="3"
              pointerEvents="none"
            />
          ) : null}
          {Object.entries(placed).map(([key, p]) => (
            <g key={key} pointerEvents="none" data-testid="roulette-chip">
              <circle
                cx={p.x}
                cy={p.y}
                r={10}
                fill="#fbbf24"
                stroke="#78350f"
                strokeWidth="2"
                strokeDasharray="3 2"
              />
              <text
                x={p.x}
                y={p.y}
                fill="#1c1917"
                fontSize="10"
                fontWeight="800"
                textAnchor="middle"
                dominantBaseline="central"
              >
                {p.chips}
              </text>
            </g>
          ))}
        </svg>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {tr('pocket', { pocket: String(pocket) })} ·{' '}
            {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{tr('placeChips')}</span>
        )}
      </div>
      <ChipTableFooter
        t={t}
        tr={tr}
        money={money}
        testPrefix="roulette"
        chip={chip}
        chips={chips}
        levels={levels.length}
        setChipIndex={setChipIndex}
        busy={busy}
        onClear={() => setPlaced({})}
        onPlay={spin}
        playLabel={tr('spin')}
        round={round}
      />
    </main>
  );
};
