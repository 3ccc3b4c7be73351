import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import type { Translate } from '../i18n';
import { BetStepper, Stat } from '../widgets';
import { DieArt, GemArt, MineArt, SymbolArt, TileArt } from './art';

/**
 * The screen of the in-house engines besides the classic slot (own lazy chunk of the game page):
 * originals (dice, limbo, plinko, wheel, mines, tower) and the cluster / hold-and-win / megaways
 * slots. The server decides every outcome; this page sends the bet and parameters and draws the
 * answer. Mines and tower show only what the server has revealed until the round ends.
 */

type Round = Value<'enginePlay'>;
type Init = Value<'engineInit'>;
export type EngineBoot = {
  session: Value<'gameSession'>;
  init: Init;
  t: Translate;
  errorText: (code: string) => string;
};

type Params = Record<string, string | number>;
const DEFAULT_PARAMS: Record<string, Params> = {
  dice: { direction: 'under', target: 5_000 },
  limbo: { targetX100: 200 },
  plinko: { rows: 8, risk: 'low' },
  wheel: { segments: 10, risk: 'low' },
  mines: { mines: 3 },
  tower: { difficulty: 'easy' },
};
const TOWER_TILES: Record<string, number> = { easy: 4, medium: 3, hard: 2, expert: 3, master: 4 };

const Select = ({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string | number;
  options: { value: string | number; label: string }[];
  onChange: (v: string) => void;
  testId: string;
}) => (
  <label className="flex min-w-0 flex-col gap-1 text-[0.7rem] font-semibold uppercase opacity-80">
    {label}
    <select
      data-testid={testId}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="rounded-lg bg-white/10 px-2 py-2 text-sm font-bold normal-case text-white"
    >
      {options.map((o) => (
        <option key={o.value} value={o.value} className="bg-slate-900">
          {o.label}
        </option>
      ))}
    </select>
  </label>
);

export const EngineApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const engine = init.engine;
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [betIndex, setBetIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [params, setParams] = useState<Params>(DEFAULT_PARAMS[engine] ?? {});
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(
    init.open
      ? { ...init.open, replayed: true, balance: init.balance, balanceMinor: init.balanceMinor }
      : null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bet = levels[betIndex] ?? levels[0] ?? 20;
  const open = round?.status === 'open';
  const multiStep = engine === 'mines' || engine === 'tower';
  const set = (key: string, value: string | number) => setParams((p) => ({ ...p, [key]: value }));
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);

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
  const play = () =>
    run(() =>
      call('enginePlay', { requestId: newRequestId(), betMinor: String(bet), params } as never, language),
    );
  const step = (pick: number) => {
    if (!round || !open) return;
    const picks = (round.result.picks as number[] | undefined) ?? [];
    return run(() =>
      call('engineStep', { roundId: round.roundId, pick, index: picks.length } as never, language),
    );
  };
  const cashout = () =>
    round && run(() => call('engineCashout', { roundId: round.roundId } as never, language));

  const result = round?.result ?? {};
  const payout = Number(round?.payoutMinor ?? 0);
  const settled = round !== null && round.status === 'settled';
  const multiplier = result.multiplier as { num: number; den: number } | null | undefined;
  const cashoutMinor = multiplier
    ? Math.floor((Number(round?.stakeMinor ?? 0) * multiplier.num) / multiplier.den)
    : 0;

  const controls = (() => {
    switch (engine) {
      case 'dice':
        return (
          <>
            <Select
              label={tr('roll')}
              testId="dice-direction"
              value={params.direction ?? 'under'}
              options={[
                { value: 'under', label: tr('under') },
                { value: 'over', label: tr('over') },
              ]}
              onChange={(v) => set('direction', v)}
            />
            <label className="flex flex-col gap-1 text-[0.7rem] font-semibold uppercase opacity-80">
              {tr('target')}: {(Number(params.target) / 100).toFixed(2)}
              <input
                data-testid="dice-target"
                type="range"
                min={200}
                max={9_800}
                step={100}
                value={Number(params.target)}
                onChange={(e) => set('target', Number(e.target.value))}
              />
            </label>
          </>
        );
      case 'limbo':
        return (
          <Select
            label={tr('target')}
            testId="limbo-target"
            value={params.targetX100 ?? 200}
            options={[110, 150, 200, 300, 500, 1_000, 10_000].map((x) => ({
              value: x,
              label: `${(x / 100).toFixed(2)}×`,
            }))}
            onChange={(v) => set('targetX100', Number(v))}
          />
        );
      case 'plinko':
      case 'wheel':
        return (
          <>
            <Select
              label={engine === 'plinko' ? tr('rows') : tr('segments')}
              testId={`${engine}-size`}
              value={engine === 'plinko' ? (params.rows ?? 8) : (params.segments ?? 10)}
              options={(engine === 'plinko' ? [8, 10, 12, 14, 16] : [10, 20, 30, 40, 50]).map((n) => ({
                value: n,
                label: String(n),
              }))}
              onChange={(v) => set(engine === 'plinko' ? 'rows' : 'segments', Number(v))}
            />
            <Select
              label={tr('risk')}
              testId={`${engine}-risk`}
              value={params.risk ?? 'low'}
              options={['low', 'medium', 'high'].map((r) => ({ value: r, label: tr(r) }))}
              onChange={(v) => set('risk', v)}
            />
          </>
        );
      case 'mines':
        return (
          <Select
            label={tr('mines')}
            testId="mines-count"
            value={params.mines ?? 3}
            options={[1, 3, 5, 10, 20, 24].map((n) => ({ value: n, label: String(n) }))}
            onChange={(v) => set('mines', Number(v))}
          />
        );
      case 'tower':
        return (
          <Select
            label={tr('difficulty')}
            testId="tower-difficulty"
            value={params.difficulty ?? 'easy'}
            options={['easy', 'medium', 'hard', 'expert', 'master'].map((d) => ({ value: d, label: tr(d) }))}
            onChange={(v) => set('difficulty', v)}
          />
        );
      default:
        return null;
    }
  })();

  return (
    <main
      data-testid="engine-app"
      data-engine={engine}
      className="flex h-full flex-col bg-[#0b0d12] text-white"
      style={{ background: (init.look?.palette as { background?: string } | undefined)?.background }}
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section aria-label={tr('board')} className="grid flex-1 place-items-center overflow-auto p-3">
        <Board engine={engine} round={round} init={init} params={params} onPick={step} busy={busy} tr={tr} />
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : settled ? (
          payout > 0 ? (
            <span className="font-bold text-amber-300">{tr('won', { amount: money(payout) })}</span>
          ) : (
            <span className="opacity-70">{tr('lost')}</span>
          )
        ) : open ? (
          <span className="opacity-80">{engine === 'mines' ? tr('pickCell') : tr('pickTile')}</span>
        ) : null}
      </div>
      <footer className="grid gap-3 px-4 pb-5 pt-3 sm:mx-auto sm:w-full sm:max-w-xl">
        <div className="grid grid-cols-2 gap-3">{controls}</div>
        <div className="flex items-center gap-3">
          <BetStepper
            labels={{ down: t('betDown'), bet: t('bet'), up: t('betUp') }}
            value={money(bet)}
            minor={bet}
            levels={levels.length}
            setBetIndex={setBetIndex}
            disabled={busy || open}
          />
          {multiStep && open ? (
            <button
              type="button"
              data-testid="engine-cashout"
              disabled={busy || cashoutMinor === 0}
              onClick={cashout}
              className="ml-auto rounded-xl bg-emerald-500 px-5 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('cashout', { amount: money(cashoutMinor) })}
            </button>
          ) : (
            <button
              type="button"
              data-testid="engine-play"
              disabled={busy}
              onClick={play}
              className="ml-auto rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
            >
              {tr('play')}
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

/** The pegs of a plinko board of `rows` rows (row r has r + 3 pegs). */
const pegsOf = (rows: number) =>
  Array.from({ length: rows }, (_, row) =>
    Array.from({ length: row + 3 }, (_, i) => ({
      id: `p${row}-${i}`,
      x: 80 + (i - (row + 2) / 2) * 9,
      y: 8 + row * 5.5,
    })),
  ).flat();

type BoardProps = {
  engine: Init['engine'];
  round: Round | null;
  init: Init;
  params: Params;
  onPick: (pick: number) => void;
  busy: boolean;
  tr: (key: string, vars?: Record<string, string | number>) => string;
};

const Board = ({ engine, round, init, params, onPick, busy, tr }: BoardProps) => {
  const result = round?.result ?? {};
  const open = round?.status === 'open';
  if (engine === 'mines') {
    const picks = (result.picks as number[] | undefined) ?? [];
    const mineCells = (result.mineCells as number[] | undefined) ?? [];
    return (
      <div className="grid grid-cols-5 gap-2" data-testid="mines-board">
        {Array.from({ length: 25 }, (_, cell) => {
          const picked = picks.includes(cell);
          const mine = mineCells.includes(cell);
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the cells are the board's fixed positions
              key={cell}
              type="button"
              data-testid={`mines-cell-${cell}`}
              data-state={mine ? 'mine' : picked ? 'gem' : 'hidden'}
              disabled={!open || picked || busy}
              onClick={() => onPick(cell)}
              className="grid size-14 place-items-center rounded-lg bg-slate-800 sm:size-16"
            >
              {mine ? <MineArt /> : picked ? <GemArt /> : <TileArt />}
            </button>
          );
        })}
      </div>
    );
  }
  if (engine === 'tower') {
    const tiles = TOWER_TILES[String(round?.params.difficulty ?? params.difficulty)] ?? 4;
    const picks = (result.picks as number[] | undefined) ?? [];
    const traps = (result.traps as number[][] | undefined) ?? [];
    return (
      <div className="flex flex-col-reverse gap-2" data-testid="tower-board">
        {Array.from({ length: 8 }, (_, level) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: levels are fixed positions
          <div key={level} className="flex gap-2">
            {Array.from({ length: tiles }, (_, tile) => {
              const picked = picks[level] === tile;
              const trap = traps[level]?.includes(tile) ?? false;
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiles are fixed positions
                  key={tile}
                  type="button"
                  data-testid={`tower-${level}-${tile}`}
                  disabled={!open || busy || level !== picks.length}
                  onClick={() => onPick(tile)}
                  className="grid h-10 w-14 place-items-center rounded-md bg-slate-800 disabled:opacity-60"
                >
                  {trap ? <MineArt size={28} /> : picked ? <GemArt size={28} /> : <TileArt size={28} />}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    );
  }
  if (engine === 'dice') {
    const roll = result.roll as number | undefined;
    const won = result.won as boolean | undefined;
    return (
      <div className="flex flex-col items-center gap-3">
        <DieArt face={roll === undefined ? 6 : (roll % 6) + 1} size={72} />
        <div
          data-testid="dice-roll"
          className={`text-5xl font-black tabular-nums ${won === undefined ? '' : won ? 'text-emerald-300' : 'text-rose-300'}`}
        >
          {roll === undefined ? '--.--' : (roll / 100).toFixed(2)}
        </div>
        <div className="text-xs opacity-70">
          {tr('chance')}:{' '}
          {(
            (params.direction === 'over' ? 9_999 - Number(params.target) : Number(params.target)) / 100
          ).toFixed(2)}
          %
        </div>
      </div>
    );
  }
  if (engine === 'limbo' || engine === 'plinko' || engine === 'wheel') {
    const shown =
      engine === 'limbo'
        ? result.resultX100 !== undefined
          ? `${(Number(result.resultX100) / 100).toFixed(2)}×`
          : '1.00×'
        : result.multiplier
          ? `${((result.multiplier as { num: number; den: number }).num / (result.multiplier as { num: number; den: number }).den).toFixed(2)}×`
          : '—';
    return (
      <div className="flex flex-col items-center gap-3">
        {engine === 'plinko' && Array.isArray(result.path) ? (
          <svg viewBox="0 0 160 100" width={240} height={150} aria-hidden="true">
            {pegsOf((result.path as number[]).length).map((peg) => (
              <circle key={peg.id} cx={peg.x} cy={peg.y} r="1.6" fill="#94a3b8" />
            ))}
          </svg>
        ) : engine === 'wheel' ? (
          <svg viewBox="0 0 40 40" width={120} height={120} aria-hidden="true">
            <circle cx="20" cy="20" r="18" fill="#1e293b" stroke="#fbbf24" strokeWidth="2" />
            <polygon points="20,0 23,6 17,6" fill="#fbbf24" />
          </svg>
        ) : null}
        <div data-testid={`${engine}-result`} className="text-5xl font-black tabular-nums">
          {shown}
        </div>
      </div>
    );
  }
  // Slot engines: the last grid of the round, symbols by key in the game's palette.
  const keys = (init.look?.symbolKeys as string[] | undefined) ?? [];
  const color = (init.look?.palette as { accent?: string } | undefined)?.accent ?? '#fbbf24';
  const columns: number[][] =
    engine === 'cluster'
      ? (() => {
          const cells = ((result.cells as number[][] | undefined) ?? []).at(-1) ?? Array(30).fill(0);
          return Array.from({ length: 6 }, (_, c) => cells.slice(c * 5, c * 5 + 5));
        })()
      : engine === 'megaways'
        ? (((result.spins as { grid: number[][] }[] | undefined) ?? []).at(-1)?.grid ??
          Array.from({ length: 6 }, () => [2, 3, 4]))
        : ((result.grid as number[][] | undefined) ?? Array.from({ length: 5 }, () => [2, 3, 4]));
  return (
    <div className="flex gap-1 rounded-xl bg-black/30 p-2" data-testid="slot-grid">
      {columns.map((column, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions
        <div key={c} className="flex flex-col justify-center gap-1">
          {column.map((s, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed positions
            <SymbolArt key={r} symbol={keys[s] ?? 'l1'} color={color} size={column.length > 5 ? 30 : 44} />
          ))}
        </div>
      ))}
    </div>
  );
};
