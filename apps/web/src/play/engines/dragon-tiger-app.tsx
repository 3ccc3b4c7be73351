import { DRAGON_TIGER_MAX_CHIPS, type DragonTigerBetKind } from '@khela/fair';
import { useMemo, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { Stat } from '../widgets';
import { type Card, CardArt } from './card-art';
import { ChipTableFooter } from './chip-table-footer';
import type { EngineBoot } from './engine-app';

/**
 * The dragon tiger screen (own lazy chunk; docs/decisions/034-table-games.md): three boxes (dragon
 * 1:1, tie 8:1, tiger 1:1) take chips of the chosen size; Deal sends them as one round and draws
 * the two cards the server dealt. Cards and suits are drawn in SVG.
 */

type Round = Value<'enginePlay'>;
const KINDS: DragonTigerBetKind[] = ['dragon', 'tie', 'tiger'];
const BOX: Record<DragonTigerBetKind, string> = { dragon: '#9f1d20', tie: '#0f766e', tiger: '#1e40af' };

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
      <ChipTableFooter
        t={t}
        tr={tr}
        money={money}
        testPrefix="dt"
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
