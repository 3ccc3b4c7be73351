import { CLIENT_SEED_PATTERN, type SlotWin, type SpinResult, type Theme } from '@khela/fair';
import { ChevronLeft, ChevronRight, ExternalLink, Play, RefreshCw, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { call, PlayError, type Value } from './api';
import type { Translate } from './i18n';
import type { PlayedRound } from './slot-app';

type Seed = Value<'slotInit'>['seed'];
type Money = (minor: number | string) => string;

/** The site that opened the game (its verify page): the parent's origin, else this one. */
const siteOrigin = () => {
  try {
    if (document.referrer) return new URL(document.referrer).origin;
  } catch {
    // fall through
  }
  return window.location.origin;
};

export const verifyUrl = (roundId: string) => `${siteOrigin()}/verify?roundId=${encodeURIComponent(roundId)}`;

const Sheet = ({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="absolute inset-0 z-30 flex items-end justify-center sm:items-center">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 cursor-default bg-black/60"
      />
      <section
        role="dialog"
        aria-label={title}
        data-testid={testId}
        className="play-sheet relative flex max-h-[88%] w-full max-w-lg flex-col overflow-hidden rounded-t-3xl bg-[#12141b] text-white shadow-2xl ring-1 ring-white/10 sm:rounded-3xl"
      >
        <header className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
          <h2 className="flex-1 text-base font-bold">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="×"
            data-testid="play-sheet-close"
            className="grid size-9 place-items-center rounded-full bg-white/10 hover:bg-white/20"
          >
            <X className="size-4" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 text-sm select-text">{children}</div>
      </section>
    </div>
  );
};

const Mono = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <code
    data-testid={testId}
    className="block rounded-xl bg-black/40 px-3 py-2 font-mono text-xs break-all text-amber-100"
  >
    {children}
  </code>
);

/** Server seed commitment, the editable client seed, the nonce, and seed rotation (reveals the seed). */
export const FairnessPanel = ({
  t,
  seed,
  disabled,
  errorText,
  onSeed,
  onClose,
}: {
  t: Translate;
  seed: Seed;
  disabled: boolean;
  errorText: (code: string) => string;
  onSeed: (seed: Seed) => void;
  onClose: () => void;
}) => {
  const [clientSeed, setClientSeed] = useState(seed.clientSeed);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [revealed, setRevealed] = useState<Value<'slotRotateSeed'>['revealed'] | null>(null);
  const valid = CLIENT_SEED_PATTERN.test(clientSeed);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ text: errorText(error instanceof PlayError ? error.code : 'system.error'), ok: false });
    } finally {
      setBusy(false);
    }
  };

  const saveClientSeed = () =>
    run(async () => {
      const next = await call('slotClientSeed', { clientSeed });
      onSeed(next);
      setMessage({ text: t('fair.saved'), ok: true });
    });

  const rotate = () =>
    run(async () => {
      const answer = await call('slotRotateSeed');
      setRevealed(answer.revealed);
      onSeed(answer.next);
      setClientSeed(answer.next.clientSeed);
      setMessage({ text: t('fair.rotated'), ok: true });
    });

  const randomSeed = () => {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    setClientSeed(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
  };

  return (
    <Sheet title={t('fair.title')} onClose={onClose} testId="play-fair-panel">
      <div className="space-y-4">
        <p className="text-xs leading-relaxed text-white/70">{t('fair.explain')}</p>
        <div className="space-y-1.5">
          <div className="text-xs font-semibold text-white/60">{t('fair.commitment')}</div>
          <Mono testId="play-commitment">{seed.commitment}</Mono>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="client-seed" className="text-xs font-semibold text-white/60">
            {t('fair.clientSeed')}
          </label>
          <div className="flex gap-2">
            <input
              id="client-seed"
              data-testid="play-client-seed"
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value.trim())}
              className="h-10 min-w-0 flex-1 rounded-xl bg-black/40 px-3 font-mono text-xs text-white ring-1 ring-white/15 outline-none focus:ring-amber-300"
            />
            <button
              type="button"
              onClick={randomSeed}
              aria-label={t('fair.randomSeed')}
              title={t('fair.randomSeed')}
              className="grid size-10 place-items-center rounded-xl bg-white/10 hover:bg-white/20"
            >
              <RefreshCw className="size-4" />
            </button>
          </div>
          {!valid ? <p className="text-xs text-rose-300">{t('fair.seedRule')}</p> : null}
          <button
            type="button"
            data-testid="play-save-seed"
            disabled={busy || disabled || !valid || clientSeed === seed.clientSeed}
            onClick={() => void saveClientSeed()}
            className="h-9 rounded-full bg-amber-400 px-4 text-xs font-bold text-black disabled:opacity-40"
          >
            {t('fair.save')}
          </button>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-black/30 px-3 py-2">
          <span className="text-xs font-semibold text-white/60">{t('fair.nonce')}</span>
          <span data-testid="play-nonce" className="font-mono text-sm">
            {seed.nonce}
          </span>
        </div>
        <div className="space-y-2 rounded-2xl bg-white/5 p-3">
          <p className="text-xs leading-relaxed text-white/70">{t('fair.rotateExplain')}</p>
          <button
            type="button"
            data-testid="play-rotate"
            disabled={busy || disabled}
            onClick={() => void rotate()}
            className="h-9 rounded-full bg-white/15 px-4 text-xs font-bold text-white hover:bg-white/25 disabled:opacity-40"
          >
            {t('fair.rotate')}
          </button>
          {revealed ? (
            <div data-testid="play-revealed" className="space-y-1.5 pt-1">
              <div className="text-xs font-semibold text-white/60">
                {t('fair.revealed', { count: revealed.rounds })}
              </div>
              <Mono>{revealed.serverSeed}</Mono>
              <div className="text-[0.7rem] text-white/50">
                {t('fair.commitment')}: <span className="font-mono break-all">{revealed.commitment}</span>
              </div>
            </div>
          ) : null}
        </div>
        <a
          href={`${siteOrigin()}/verify`}
          target="_blank"
          rel="noopener"
          data-testid="play-verify-page"
          className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300 hover:underline"
        >
          <ExternalLink className="size-3.5" /> {t('fair.verifyPage')}
        </a>
        {disabled ? <p className="text-xs text-amber-200">{t('fair.lockedDuringFeature')}</p> : null}
        {message ? (
          <p
            data-testid="play-fair-message"
            className={`text-xs ${message.ok ? 'text-emerald-300' : 'text-rose-300'}`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
};

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

/** Pays at the current bet: symbol pays for 3, 4 and 5, the scatter, free spins and the jackpot. */
export const PaytablePanel = ({
  t,
  theme,
  money,
  bet,
  jackpot,
  onClose,
}: {
  t: Translate;
  theme: Theme;
  money: Money;
  bet: number;
  jackpot: Value<'slotInit'>['jackpot'];
  onClose: () => void;
}) => {
  const table = theme.paytable;
  const coin = bet / 20;
  const paying = theme.symbols.filter((symbol) => symbol.kind === 'high' || symbol.kind === 'low');
  const wild = theme.symbols.find((symbol) => symbol.kind === 'wild');
  const scatter = theme.symbols.find((symbol) => symbol.kind === 'scatter');
  return (
    <Sheet title={t('paytable.title')} onClose={onClose} testId="play-paytable-panel">
      <div className="space-y-4">
        <p className="text-xs text-white/70">
          {table.layout === 'ways' ? t('paytable.ways') : t('paytable.lines')} ·{' '}
          {t(`paytable.volatility.${table.volatility}`)}
        </p>
        <div className="grid grid-cols-2 gap-2">
          {paying.map((symbol) => (
            <div key={symbol.id} className="flex items-center gap-2 rounded-2xl bg-white/5 p-2">
              <span
                className="grid size-11 shrink-0 place-items-center rounded-xl text-2xl"
                style={{ background: symbol.color }}
              >
                {symbol.glyph}
              </span>
              <span className="text-[0.7rem] leading-tight tabular-nums">
                {[5, 4, 3].map((count) => (
                  <span key={count} className="block">
                    <span className="text-white/50">{count}×</span>{' '}
                    {money(Math.round((table.pays[symbol.id]?.[count] ?? 0) * coin))}
                  </span>
                ))}
              </span>
            </div>
          ))}
        </div>
        {wild ? (
          <p className="flex items-center gap-2 text-xs text-white/80">
            <span className="text-2xl">{wild.glyph}</span> {t('paytable.wild')}
          </p>
        ) : null}
        {scatter ? (
          <div className="space-y-1 text-xs text-white/80">
            <p className="flex items-center gap-2">
              <span className="text-2xl">{scatter.glyph}</span>
              {t('paytable.scatter', {
                three: money(Math.round((table.scatterPays[3] ?? 0) * coin)),
                spins: table.freeSpins[3] ?? 0,
                multiplier: table.freeSpinMultiplier,
              })}
            </p>
          </div>
        ) : null}
        {jackpot.enabled ? (
          <p className="rounded-2xl bg-amber-400/10 p-3 text-xs text-amber-100">
            {theme.jackpotGlyph} {t('paytable.jackpot', { pool: `${jackpot.currency} ${jackpot.pool}` })}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
};
