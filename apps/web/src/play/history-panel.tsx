import type { SlotWin, SpinResult, Theme } from '@khela/fair';
import { ChevronLeft, ChevronRight, ExternalLink, Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Translate } from './i18n';
import { type Money, Sheet, verifyUrl } from './sheet';
import type { PlayedRound } from './types';

/** A still 5×3 grid of the round's symbols, cells of the current step highlighted. */
const MiniGrid = ({
  theme,
  grid,
  cells,
}: {
  theme: Theme;
  grid: number[][];
  cells: SlotWin['cells'] | null;
}) => {
  const lit = new Set((cells ?? []).map(([reel, row]) => `${reel}:${row}`));
  return (
    <div className="grid grid-cols-5 gap-1 rounded-2xl p-1.5" style={{ background: theme.colors.reels }}>
      {[0, 1, 2].flatMap((row) =>
        [0, 1, 2, 3, 4].map((reel) => {
          const symbol = theme.symbols[grid[reel]?.[row] ?? 0];
          const on = lit.has(`${reel}:${row}`);
          return (
            <div
              key={`${reel}-${row}`}
              title={symbol?.label}
              className={`grid aspect-square place-items-center rounded-lg text-xl transition sm:text-2xl ${on ? 'ring-2 ring-amber-300' : cells ? 'opacity-35' : ''}`}
              style={{ background: symbol?.color ?? '#333' }}
            >
              {symbol?.glyph}
            </div>
          );
        }),
      )}
    </div>
  );
};

/** Game recall: the last 10 rounds, each replayable step by step (seeds, reels, each win, the total). */
export const HistoryPanel = ({
  t,
  theme,
  money,
  rounds,
  gameName,
  onReplay,
  onClose,
}: {
  t: Translate;
  theme: Theme;
  money: Money;
  rounds: PlayedRound[];
  gameName: string;
  onReplay: (round: PlayedRound) => void;
  onClose: () => void;
}) => {
  const [selected, setSelected] = useState<PlayedRound | null>(null);
  const [step, setStep] = useState(0);
  if (!selected) {
    return (
      <Sheet title={t('history.title')} onClose={onClose} testId="play-history-panel">
        {rounds.length === 0 ? (
          <p className="py-6 text-center text-white/60">{t('history.empty')}</p>
        ) : (
          <ul className="space-y-1.5">
            {rounds.map((round) => {
              const result = round.result as unknown as SpinResult;
              return (
                <li key={round.roundId}>
                  <button
                    type="button"
                    data-testid="play-history-round"
                    onClick={() => {
                      setSelected(round);
                      setStep(0);
                    }}
                    className="flex w-full items-center gap-3 rounded-2xl bg-white/5 px-3 py-2.5 text-left hover:bg-white/10"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block text-xs text-white/55">
                        {new Date(round.createdAt).toLocaleString()} · #{round.nonce}
                        {result.kind === 'free' ? ` · ${t('history.freeSpin')}` : ''}
                      </span>
                      <span className="block text-sm font-semibold">
                        {t('history.betWin', { bet: money(round.stakeMinor), win: money(round.payoutMinor) })}
                      </span>
                    </span>
                    <ChevronRight className="size-4 text-white/50" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Sheet>
    );
  }

  const result = selected.result as unknown as SpinResult;
  const steps: { title: string; body: ReactNode; cells: SlotWin['cells'] | null; grid: boolean }[] = [
    {
      title: t('history.stepSeeds'),
      grid: false,
      cells: null,
      body: (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
          <dt className="text-white/55">{t('history.game')}</dt>
          <dd>{gameName}</dd>
          <dt className="text-white/55">{t('bet')}</dt>
          <dd>{money(result.betMinor)}</dd>
          <dt className="text-white/55">{t('fair.clientSeed')}</dt>
          <dd className="font-mono break-all">{selected.clientSeed}</dd>
          <dt className="text-white/55">{t('fair.nonce')}</dt>
          <dd className="font-mono">{selected.nonce}</dd>
          <dt className="text-white/55">{t('fair.commitment')}</dt>
          <dd className="font-mono break-all">{selected.commitment}</dd>
        </dl>
      ),
    },
    {
      title: t('history.stepReels'),
      grid: true,
      cells: null,
      body: <p className="text-xs text-white/70">{t('history.stops', { stops: result.stops.join(', ') })}</p>,
    },
    ...result.wins.map((win) => ({
      title: t('history.stepWin'),
      grid: true,
      cells: win.cells,
      body: (
        <p className="text-xs text-white/80">
          {win.kind === 'scatter'
            ? t('history.scatterWin', { count: win.count, amount: money(win.winMinor) })
            : win.kind === 'ways'
              ? t('history.waysWin', {
                  symbol: theme.symbols[win.symbol]?.glyph ?? '',
                  count: win.count,
                  ways: win.ways,
                  amount: money(win.winMinor),
                })
              : t('history.lineWin', {
                  line: (win.line ?? 0) + 1,
                  symbol: theme.symbols[win.symbol]?.glyph ?? '',
                  count: win.count,
                  amount: money(win.winMinor),
                })}
          {result.multiplier > 1 ? ` ×${result.multiplier}` : ''}
        </p>
      ),
    })),
    {
      title: t('history.stepTotal'),
      grid: true,
      cells: result.wins.flatMap((win) => win.cells),
      body: (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
          <dt className="text-white/55">{t('history.stake')}</dt>
          <dd>{money(selected.stakeMinor)}</dd>
          <dt className="text-white/55">{t('history.payout')}</dt>
          <dd className="font-semibold text-amber-200">{money(selected.payoutMinor)}</dd>
          {result.freeSpinsAwarded > 0 ? (
            <>
              <dt className="text-white/55">{t('history.freeSpinsAwarded')}</dt>
              <dd>{result.freeSpinsAwarded}</dd>
            </>
          ) : null}
          {Number(selected.jackpotWinMinor) > 0 ? (
            <>
              <dt className="text-white/55">{t('banner.jackpot')}</dt>
              <dd>{money(selected.jackpotWinMinor)}</dd>
            </>
          ) : null}
          {selected.balanceBeforeMinor !== null ? (
            <>
              <dt className="text-white/55">{t('history.balanceBefore')}</dt>
              <dd>{money(selected.balanceBeforeMinor)}</dd>
            </>
          ) : null}
          {selected.balanceAfterMinor !== null ? (
            <>
              <dt className="text-white/55">{t('history.balanceAfter')}</dt>
              <dd>{money(selected.balanceAfterMinor)}</dd>
            </>
          ) : null}
        </dl>
      ),
    },
  ];
  const current = steps[Math.min(step, steps.length - 1)] ?? steps[0]!;

  return (
    <Sheet title={t('history.round', { nonce: selected.nonce })} onClose={onClose} testId="play-recall">
      <div className="space-y-3">
        <button
          type="button"
          onClick={() => setSelected(null)}
          className="flex items-center gap-1 text-xs text-white/60 hover:text-white"
        >
          <ChevronLeft className="size-3.5" /> {t('history.back')}
        </button>
        <div className="flex items-center justify-between text-xs font-semibold">
          <span data-testid="play-recall-step">{current.title}</span>
          <span className="text-white/50">
            {Math.min(step, steps.length - 1) + 1} / {steps.length}
          </span>
        </div>
        {current.grid ? <MiniGrid theme={theme} grid={result.grid} cells={current.cells} /> : null}
        {current.body}
        <div className="flex items-center gap-2 pt-1">
          <button
            type="button"
            data-testid="play-recall-prev"
            disabled={step === 0}
            onClick={() => setStep((s) => Math.max(0, s - 1))}
            className="h-9 rounded-full bg-white/10 px-4 text-xs font-bold disabled:opacity-35"
          >
            {t('history.prev')}
          </button>
          <button
            type="button"
            data-testid="play-recall-next"
            disabled={step >= steps.length - 1}
            onClick={() => setStep((s) => Math.min(steps.length - 1, s + 1))}
            className="h-9 rounded-full bg-amber-400 px-4 text-xs font-bold text-black disabled:opacity-35"
          >
            {t('history.next')}
          </button>
          <span className="flex-1" />
          <button
            type="button"
            onClick={() => onReplay(selected)}
            className="flex h-9 items-center gap-1 rounded-full bg-white/10 px-3 text-xs font-bold"
          >
            <Play className="size-3.5" /> {t('history.replay')}
          </button>
          <a
            href={verifyUrl(selected.roundId)}
            target="_blank"
            rel="noopener"
            data-testid="play-verify-link"
            className="flex h-9 items-center gap-1 rounded-full bg-white/10 px-3 text-xs font-bold"
          >
            <ExternalLink className="size-3.5" /> {t('history.verify')}
          </a>
        </div>
      </div>
    </Sheet>
  );
};
