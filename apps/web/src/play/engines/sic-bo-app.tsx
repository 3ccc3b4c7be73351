import { SIC_BO_MAX_CHIPS, SIC_BO_TOTAL_ODDS, type SicBoBet } from '@khela/fair';
import { type ReactNode, useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { Stat } from '../widgets';
import { DieArt } from './art';
import { ChipTableFooter } from './chip-table-footer';
import type { EngineBoot } from './engine-app';

/**
 * The sic bo screen (own lazy chunk; docs/decisions/034-table-games.md): boxes for small, big, any
 * triple, the totals 4–17, and per face single, double and triple; each tap adds one chip of the
 * chosen size; Roll sends the bet list as one round and shows the three dice the server threw.
 */

type Round = Value<'enginePlay'>;
const FACES = [1, 2, 3, 4, 5, 6];
const keyOf = (bet: SicBoBet) => `${bet.kind}:${bet.at ?? ''}`;

export const SicBoApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const tr = (key: string, vars?: Record<string, string | number>) => t(`engine.${key}`, vars);
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [chipIndex, setChipIndex] = useState(Math.max(0, levels.indexOf(Number(init.defaultBetMinor))));
  const [placed, setPlaced] = useState<Record<string, { bet: SicBoBet; chips: number }>>({});
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chip = levels[chipIndex] ?? levels[0] ?? 20;
  const chips = Object.values(placed).reduce((sum, p) => sum + p.chips, 0);
  const dice = (round?.result.dice as number[] | undefined) ?? null;
  const payout = Number(round?.payoutMinor ?? 0);

  const roll = async () => {
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

  const spot = (bet: SicBoBet, label: ReactNode, odds: string) => {
    const key = keyOf(bet);
    const on = placed[key]?.chips ?? 0;
    return (
      <button
        key={key}
        type="button"
        data-testid={`sb-${bet.kind}-${bet.at ?? ''}`}
        disabled={busy || chips >= SIC_BO_MAX_CHIPS}
        onClick={() => setPlaced((all) => ({ ...all, [key]: { bet, chips: (all[key]?.chips ?? 0) + 1 } }))}
        className="relative flex min-h-12 flex-col items-center justify-center rounded-lg border border-white/30 bg-[#0b6b3a] px-1 py-1 text-sm font-bold"
      >
        {label}
        <span className="text-[0.6rem] opacity-80">{odds}</span>
        {on > 0 ? (
          <span className="absolute -right-1 -top-1 grid size-5 place-items-center rounded-full bg-amber-400 text-[0.65rem] text-slate-950">
            {on}
          </span>
        ) : null}
      </button>
    );
  };

  return (
    <main
      data-testid="engine-app"
      data-engine="sic-bo"
      className="flex h-full flex-col bg-[#0b2a1c] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <section
        aria-label={tr('board')}
        className="grid flex-1 content-center justify-items-center gap-4 overflow-auto p-3"
      >
        <div className="flex gap-3" data-testid="sb-dice" data-dice={dice?.join(',') ?? ''}>
          {(dice ?? [0, 0, 0]).map((face, i) =>
            face ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the three dice are fixed positions
              <DieArt key={i} face={face} size={60} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the three dice are fixed positions
              <div key={i} className="size-[60px] rounded-xl border-2 border-dashed border-white/30" />
            ),
          )}
        </div>
        <div className="grid w-full max-w-2xl gap-2">
          <div className="grid grid-cols-3 gap-2">
            {spot({ kind: 'small' }, tr('small'), '4–10 · 1:1')}
            {spot({ kind: 'anyTriple' }, tr('anyTriple'), '30:1')}
            {spot({ kind: 'big' }, tr('big'), '11–17 · 1:1')}
          </div>
          <div className="grid grid-cols-7 gap-1">
            {Array.from({ length: 14 }, (_, i) => i + 4).map((total) =>
              spot({ kind: 'total', at: total }, String(total), `${SIC_BO_TOTAL_ODDS[total]}:1`),
            )}
          </div>
          <div className="grid grid-cols-6 gap-1">
            {FACES.map((f) => spot({ kind: 'single', at: f }, <DieArt face={f} size={22} />, '1–3:1'))}
            {FACES.map((f) =>
              spot(
                { kind: 'double', at: f },
                <span className="flex">
                  {[0, 1].map((k) => (
                    <DieArt key={k} face={f} size={16} />
                  ))}
                </span>,
                '10:1',
              ),
            )}
            {FACES.map((f) =>
              spot(
                { kind: 'triple', at: f },
                <span className="flex">
                  {[0, 1, 2].map((k) => (
                    <DieArt key={k} face={f} size={13} />
                  ))}
                </span>,
                '180:1',
              ),
            )}
          </div>
        </div>
      </section>
      <div className="min-h-6 px-4 text-center text-sm" aria-live="polite" data-testid="engine-outcome">
        {error ? (
          <span className="text-rose-300">{error}</span>
        ) : round ? (
          <span className={payout > 0 ? 'font-bold text-amber-300' : 'opacity-70'}>
            {String(round.result.total)} · {payout > 0 ? tr('won', { amount: money(payout) }) : tr('lost')}
          </span>
        ) : (
          <span className="opacity-70">{tr('placeChips')}</span>
        )}
      </div>
      <ChipTableFooter
        t={t}
        tr={tr}
        money={money}
        testPrefix="sb"
        chip={chip}
        chips={chips}
        levels={levels.length}
        setChipIndex={setChipIndex}
        busy={busy}
        onClear={() => setPlaced({})}
        onPlay={roll}
        playLabel={tr('roll')}
        round={round}
      />
    </main>
  );
};
