import type { SlotState, SpinResult } from '@khela/fair';
import { History, Info, Minus, Plus, ShieldCheck, Square, Volume2, VolumeX, Zap } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, newRequestId, PlayError, type Value } from './api';
import { createSounds } from './audio';
import { FairnessPanel } from './fairness-panel';
import { makeMoney, notifyBalance } from './format';
import { HistoryPanel } from './history-panel';
import { PaytablePanel } from './paytable-panel';
import { NORMAL_TIMING, TURBO_TIMING } from './reels';
import { ReelRenderer } from './renderer';
import type { PlayedRound, SlotBoot } from './types';
import { type Banner, IconButton, Stat, WinBanner } from './widgets';

type Panel = 'fair' | 'history' | 'pay' | null;

const AUTOPLAY_COUNTS = [10, 25, 50, 100] as const;
const TURBO_KEY = 'khela.play.turbo';
/** A win of at least this many bets is a big win (celebration and the big sound). */
const BIG_WIN_BETS = 10;

const readTurbo = () => {
  try {
    return window.localStorage.getItem(TURBO_KEY) === '1';
  } catch {
    return false;
  }
};

const roundResult = (round: PlayedRound) => round.result as unknown as SpinResult;

/**
 * The slot screen: reels on a canvas, the win banner over them, and the controls (bet, spin,
 * autoplay with a stop, turbo, sound) with the fairness, recall and paytable sheets. The reels
 * start the moment the player taps spin and land on the stops the server answers.
 */
export const SlotApp = ({ boot, language }: { boot: SlotBoot; language: string }) => {
  const { t, theme, init } = boot;
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const sounds = useMemo(() => createSounds(), []);
  const betLevels = useMemo(() => init.betLevels.map(Number), [init.betLevels]);

  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [bet, setBet] = useState(Number(init.defaultBetMinor));
  const [state, setState] = useState<SlotState | null>(boot.state);
  const [seed, setSeed] = useState(init.seed);
  const [rounds, setRounds] = useState<PlayedRound[]>(boot.history);
  const [spinning, setSpinning] = useState(false);
  const [autoLeft, setAutoLeft] = useState(0);
  const [autoMenu, setAutoMenu] = useState(false);
  const [turbo, setTurbo] = useState(readTurbo);
  const [muted, setMuted] = useState(sounds.muted);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [lastWin, setLastWin] = useState(0);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const renderer = useRef<ReelRenderer | null>(null);
  const busy = useRef(false);
  const live = useRef({ balance, bet, state, autoLeft, turbo });
  live.current = { balance, bet, state, autoLeft, turbo };
  const timer = useRef(0);

  const inFeature = (state?.freeSpinsRemaining ?? 0) > 0;

  // The canvas follows its box; the reels show the last round's stops.
  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    const reels = new ReelRenderer(canvas, theme, { onReelStop: (reel) => sounds.reelStop(reel) });
    renderer.current = reels;
    const last = boot.history[0];
    if (last) reels.setStops(roundResult(last).stops);
    const observer = new ResizeObserver(() => {
      const rect = box.getBoundingClientRect();
      reels.resize(rect.width, rect.height);
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      reels.destroy();
      renderer.current = null;
    };
  }, [theme, sounds, boot.history]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const showNotice = useCallback((text: string) => {
    setNotice(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNotice(null), 3200);
  }, []);

  const spinRef = useRef<() => void>(() => {});

  const spin = useCallback(async () => {
    const reels = renderer.current;
    if (!reels) return;
    if (busy.current) {
      reels.slam();
      return;
    }
    sounds.unlock();
    const { balance: before, bet: stake, state: current, turbo: fast } = live.current;
    const free = (current?.freeSpinsRemaining ?? 0) > 0;
    if (!free && before < stake) {
      showNotice(t('notice.insufficient'));
      setAutoLeft(0);
      return;
    }
    busy.current = true;
    setSpinning(true);
    setBanner(null);
    setNotice(null);
    setLastWin(0);
    sounds.spinStart();
    reels.startSpin(fast ? TURBO_TIMING : NORMAL_TIMING);
    if (!free) setBalance(before - stake);

    const requestId = newRequestId();
    const body = free ? { requestId } : { requestId, betMinor: String(stake) };
    let answer: Value<'slotSpin'> | null = null;
    for (let attempt = 0; attempt < 2 && !answer; attempt += 1) {
      try {
        answer = await call('slotSpin', body, language);
      } catch (error) {
        const code = error instanceof PlayError ? error.code : 'system.error';
        // A lost answer is asked again with the same request id: the round is played once.
        if (code === 'network' && attempt === 0) continue;
        reels.abortSpin();
        setBalance(before);
        setAutoLeft(0);
        showNotice(boot.errorText(code));
        busy.current = false;
        setSpinning(false);
        return;
      }
    }
    if (!answer) return;
    const result = answer.result as unknown as SpinResult;
    await reels.land(result.stops);

    const jackpotWin = Number(answer.jackpotWinMinor);
    setBalance(Number(answer.balanceMinor));
    setState(result.nextState);
    setSeed((s) => ({
      ...s,
      nonce: answer.nonce + 1,
      clientSeed: answer.clientSeed,
      commitment: answer.commitment,
    }));
    setRounds((list) =>
      [answer as PlayedRound, ...list.filter((r) => r.roundId !== answer.roundId)].slice(0, 10),
    );
    notifyBalance();

    const win = result.winMinor;
    setLastWin(win + jackpotWin);
    if (result.wins.length > 0) reels.showWins(result.wins);
    if (jackpotWin > 0) {
      sounds.jackpot();
      reels.celebrate('jackpot');
      setBanner({ kind: 'jackpot', amountMinor: jackpotWin, key: Date.now() });
      setAutoLeft(0);
    } else if (result.freeSpinsAwarded > 0) {
      sounds.freeSpins();
      reels.celebrate('big');
      setBanner({ kind: 'free', amountMinor: win, spins: result.freeSpinsAwarded, key: Date.now() });
    } else if (win >= result.betMinor * BIG_WIN_BETS) {
      sounds.win('big');
      reels.celebrate('big');
      setBanner({ kind: 'big', amountMinor: win, key: Date.now() });
    } else if (win > 0) {
      sounds.win('small');
      setBanner({ kind: 'win', amountMinor: win, key: Date.now() });
    }

    busy.current = false;
    setSpinning(false);

    // Free spins play on by themselves; autoplay counts paid spins down.
    const nextFree = (result.nextState?.freeSpinsRemaining ?? 0) > 0;
    const auto = live.current.autoLeft;
    const paidAuto = !free && auto > 0;
    if (paidAuto) setAutoLeft(auto - 1);
    const more = nextFree || (paidAuto ? auto - 1 > 0 : auto > 0);
    if (more) {
      const pause =
        jackpotWin > 0 || result.freeSpinsAwarded > 0
          ? 2600
          : win > 0
            ? fast
              ? 700
              : 1400
            : fast
              ? 150
              : 450;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => spinRef.current(), pause);
    }
  }, [language, sounds, showNotice, t, boot]);
  spinRef.current = () => void spin();

  const stopAuto = () => {
    setAutoLeft(0);
    window.clearTimeout(timer.current);
  };

  const startAuto = (count: number) => {
    setAutoMenu(false);
    setAutoLeft(count);
    live.current.autoLeft = count;
    if (!busy.current) void spin();
  };

  // Space spins (or lands the reels now).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || panel) return;
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'BUTTON'].includes(target.tagName)) return;
      event.preventDefault();
      spinRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel]);

  const changeBet = (direction: 1 | -1) => {
    sounds.click();
    const index = betLevels.indexOf(bet);
    const next = betLevels[Math.min(betLevels.length - 1, Math.max(0, Math.max(0, index) + direction))];
    if (next !== undefined) setBet(next);
  };

  const toggleTurbo = () => {
    const next = !turbo;
    setTurbo(next);
    try {
      window.localStorage.setItem(TURBO_KEY, next ? '1' : '0');
    } catch {
      // the choice lasts for this page
    }
  };

  const toggleMute = () => {
    sounds.setMuted(!muted);
    setMuted(!muted);
  };

  const replay = (round: PlayedRound) => {
    setPanel(null);
    const reels = renderer.current;
    if (!reels || busy.current) return;
    const result = roundResult(round);
    busy.current = true;
    reels.startSpin(turbo ? TURBO_TIMING : NORMAL_TIMING);
    void reels.land(result.stops).then(() => {
      busy.current = false;
      if (result.wins.length > 0) reels.showWins(result.wins);
    });
  };

  const colours = theme.colors;
  const betLocked = spinning || inFeature || autoLeft > 0;

  return (
    <main
      data-testid="play-main"
      data-feature={inFeature}
      data-spinning={spinning}
      className="relative flex h-full flex-col overflow-hidden"
      style={{
        background: `radial-gradient(120% 80% at 50% 0%, ${colours.frame}55, transparent 60%), ${colours.background}`,
        color: colours.text,
      }}
    >
      <header className="flex items-center gap-2 px-3 pt-[max(0.5rem,env(safe-area-inset-top))] pb-1 sm:px-5">
        <h1 data-testid="play-title" className="min-w-0 flex-1 truncate text-sm font-bold sm:text-base">
          {init.gameName}
          {init.mode === 'demo' ? (
            <span className="ml-2 rounded-full bg-white/15 px-2 py-0.5 text-[0.65rem] font-semibold uppercase">
              {t('demo')}
            </span>
          ) : null}
        </h1>
        <IconButton
          label={t(muted ? 'sound.on' : 'sound.off')}
          onClick={toggleMute}
          testId="play-mute"
          pressed={muted}
        >
          {muted ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
        </IconButton>
        <IconButton label={t('paytable.title')} onClick={() => setPanel('pay')} testId="play-paytable">
          <Info className="size-5" />
        </IconButton>
        <IconButton label={t('history.title')} onClick={() => setPanel('history')} testId="play-history">
          <History className="size-5" />
        </IconButton>
        <IconButton label={t('fair.title')} onClick={() => setPanel('fair')} testId="play-fair">
          <ShieldCheck className="size-5" />
        </IconButton>
      </header>

      <section className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-6">
        <div
          className="relative aspect-[5/3.1] max-h-full w-full max-w-[860px] rounded-[1.4rem] p-1.5 shadow-2xl sm:p-2.5"
          style={{
            background: `linear-gradient(160deg, ${colours.frame}, ${colours.accent}66 50%, ${colours.frame})`,
          }}
        >
          <div ref={boxRef} className="relative h-full w-full overflow-hidden rounded-[1.1rem] bg-black/30">
            <canvas
              ref={canvasRef}
              data-testid="play-reels"
              aria-label={t('reels')}
              onClick={() => busy.current && renderer.current?.slam()}
              // A layer of its own: a frame of the reels never repaints the frame's gradient and shadow.
              className="absolute inset-0 h-full w-full will-change-transform"
            />
            {banner ? <WinBanner banner={banner} money={money} t={t} onDone={() => setBanner(null)} /> : null}
          </div>
        </div>
      </section>

      <div
        className="flex min-h-6 items-center justify-center gap-3 px-3 text-xs font-semibold sm:text-sm"
        aria-live="polite"
      >
        {inFeature && state ? (
          <span data-testid="play-freespins" className="rounded-full bg-black/35 px-3 py-1 text-amber-200">
            {t('freeSpins.left', { count: state.freeSpinsRemaining, multiplier: state.multiplier })}
          </span>
        ) : notice ? (
          <span data-testid="play-notice" className="rounded-full bg-rose-600/90 px-3 py-1 text-white">
            {notice}
          </span>
        ) : (
          <span className="opacity-70">{t(spinning ? 'goodLuck' : 'placeBet')}</span>
        )}
      </div>

      <footer className="px-2 pt-1 pb-[max(0.6rem,env(safe-area-inset-bottom))] sm:px-6">
        <div className="mx-auto grid max-w-[860px] grid-cols-2 items-center gap-x-2 gap-y-1 rounded-3xl sm:grid-cols-[1fr_auto_1fr] bg-black/40 px-3 py-2 ring-1 ring-white/10 backdrop-blur sm:px-5">
          <div className="order-1 flex min-w-0 flex-col gap-1">
            <Stat label={t('balance')} value={money(balance)} minor={balance} testId="play-balance" />
            <Stat label={t('win')} value={money(lastWin)} minor={lastWin} testId="play-win" accent />
          </div>

          <div className="order-3 col-span-2 flex items-center justify-center gap-4 sm:order-2 sm:col-span-1 sm:gap-3">
            <IconButton label={t('turbo')} onClick={toggleTurbo} pressed={turbo} testId="play-turbo">
              <Zap className={turbo ? 'size-5 fill-amber-300 text-amber-300' : 'size-5'} />
            </IconButton>
            <button
              type="button"
              data-testid="play-spin"
              aria-label={inFeature ? t('spinFree') : t('spin')}
              aria-busy={spinning}
              onClick={() => void spin()}
              className="relative grid size-[4.6rem] place-items-center rounded-full text-sm font-black tracking-wide text-black uppercase shadow-[0_10px_30px_-8px_rgba(0,0,0,0.7)] transition active:scale-95 sm:size-20"
              style={{
                background: `radial-gradient(circle at 35% 30%, #fff8, transparent 45%), ${colours.accent}`,
              }}
            >
              <span className={spinning ? 'opacity-60' : ''}>{inFeature ? t('free') : t('spin')}</span>
            </button>
            {autoLeft > 0 ? (
              <button
                type="button"
                data-testid="play-auto-stop"
                onClick={stopAuto}
                className="grid size-11 place-items-center rounded-full bg-rose-600 text-white ring-1 ring-white/20"
                aria-label={t('auto.stop', { count: autoLeft })}
              >
                <span className="flex flex-col items-center leading-none">
                  <Square className="size-3.5 fill-current" />
                  <span className="mt-0.5 text-[0.65rem] font-bold">{autoLeft}</span>
                </span>
              </button>
            ) : (
              <div className="relative">
                <button
                  type="button"
                  data-testid="play-auto"
                  onClick={() => setAutoMenu((open) => !open)}
                  aria-expanded={autoMenu}
                  disabled={inFeature}
                  className="grid size-11 place-items-center rounded-full bg-white/10 text-[0.7rem] font-bold uppercase ring-1 ring-white/15 disabled:opacity-40"
                >
                  {t('auto.label')}
                </button>
                {autoMenu ? (
                  <div className="play-sheet absolute right-0 bottom-14 z-20 grid w-max grid-cols-2 gap-1.5 rounded-2xl bg-[#111]/95 p-2 shadow-xl ring-1 ring-white/15">
                    {AUTOPLAY_COUNTS.map((count) => (
                      <button
                        key={count}
                        type="button"
                        data-testid={`play-auto-${count}`}
                        onClick={() => startAuto(count)}
                        className="h-9 w-12 rounded-xl bg-white/10 text-sm font-bold text-white hover:bg-white/20"
                      >
                        {count}
                      </button>
                    ))}
                  </div>
                ) : null}
              </div>
            )}
          </div>

          <div className="order-2 flex min-w-0 flex-col items-end gap-1 sm:order-3">
            <span className="text-[0.65rem] font-semibold uppercase opacity-60">{t('bet')}</span>
            <div className="flex items-center gap-1.5">
              <IconButton
                label={t('betDown')}
                onClick={() => changeBet(-1)}
                disabled={betLocked || bet <= (betLevels[0] ?? 0)}
                testId="play-bet-down"
                small
              >
                <Minus className="size-4" />
              </IconButton>
              <span
                data-testid="play-bet"
                className="min-w-[4.5rem] text-center text-sm font-bold tabular-nums sm:text-base"
              >
                {money(inFeature && state ? state.betMinor : bet)}
              </span>
              <IconButton
                label={t('betUp')}
                onClick={() => changeBet(1)}
                disabled={betLocked || bet >= (betLevels.at(-1) ?? 0)}
                testId="play-bet-up"
                small
              >
                <Plus className="size-4" />
              </IconButton>
            </div>
          </div>
        </div>
      </footer>

      {panel === 'fair' ? (
        <FairnessPanel
          t={t}
          seed={seed}
          disabled={spinning || inFeature}
          errorText={boot.errorText}
          onSeed={setSeed}
          onClose={() => setPanel(null)}
        />
      ) : null}
      {panel === 'history' ? (
        <HistoryPanel
          t={t}
          theme={theme}
          money={money}
          rounds={rounds}
          gameName={init.gameName}
          onReplay={replay}
          onClose={() => setPanel(null)}
        />
      ) : null}
      {panel === 'pay' ? (
        <PaytablePanel
          t={t}
          theme={theme}
          money={money}
          bet={bet}
          jackpot={init.jackpot}
          onClose={() => setPanel(null)}
        />
      ) : null}
    </main>
  );
};
