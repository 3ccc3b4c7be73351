import { FISH_SPECIES, type Fish, fishBetween, fishPositionAt } from '@khela/fair';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call, newRequestId, PlayError } from '../api';
import { makeMoney, notifyBalance } from '../format';
import { BetStepper, Stat } from '../widgets';
import type { EngineBoot } from './engine-app';

/**
 * The fishing screen (own lazy chunk): fish swim on a canvas along the room's deterministic
 * schedule (@khela/fair `fishBetween`, drawn here, deciding nothing about money); a tap on a fish
 * fires one bullet, which is one provably fair round on the server (stake debited, capture drawn
 * from the seed pair and nonce, win credited). The fish are drawn shapes, never emoji.
 */

const FIELD = 1000;
const newRoomSeed = () => {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const sizeOf = (speciesId: number) =>
  18 + Math.min(40, Math.sqrt(FISH_SPECIES[speciesId]?.multipliers[0] ?? 2) * 5);

const drawFish = (
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  speciesId: number,
  facingLeft: boolean,
) => {
  const r = sizeOf(speciesId);
  const hue = (speciesId * 47) % 360;
  ctx.save();
  ctx.translate(x, y);
  if (facingLeft) ctx.scale(-1, 1);
  ctx.fillStyle = `hsl(${hue} 80% 55%)`;
  ctx.beginPath();
  ctx.moveTo(-r * 0.9, 0);
  ctx.lineTo(-r * 1.5, -r * 0.55);
  ctx.lineTo(-r * 1.5, r * 0.55);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(0, 0, r, r * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `hsl(${hue} 90% 75%)`;
  ctx.beginPath();
  ctx.ellipse(-r * 0.1, r * 0.15, r * 0.6, r * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(r * 0.55, -r * 0.12, r * 0.14, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0f172a';
  ctx.beginPath();
  ctx.arc(r * 0.6, -r * 0.12, r * 0.07, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
};

type Splash = { x: number; y: number; text: string; until: number };

export const FishingApp = ({ boot, language }: { boot: EngineBoot; language: string }) => {
  const { t, init } = boot;
  const money = useMemo(() => makeMoney(language, init.currencySymbol), [language, init.currencySymbol]);
  const levels = init.betLevels.map(Number);
  const [betIndex, setBetIndex] = useState(0);
  const [balance, setBalance] = useState(Number(init.balanceMinor));
  const [message, setMessage] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const room = useMemo(() => ({ seed: newRoomSeed(), start: performance.now() }), []);
  const caught = useRef(new Set<string>());
  const splashes = useRef<Splash[]>([]);
  const inFlight = useRef(0);
  const bet = levels[betIndex] ?? levels[0] ?? 20;

  const nowMs = () => Math.floor(performance.now() - room.start);
  const alive = (ms: number) =>
    fishBetween(room.seed, Math.max(0, ms - 40_000), ms).filter((f) => !caught.current.has(f.id));

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    let frame = 0;
    const draw = () => {
      const ms = nowMs();
      // The field fills the element at any size or orientation (positions are relative).
      if (el.width !== el.clientWidth || el.height !== el.clientHeight) {
        el.width = Math.max(1, el.clientWidth);
        el.height = Math.max(1, el.clientHeight);
      }
      const { width, height } = el;
      const sky = ctx.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, '#0e7490');
      sky.addColorStop(1, '#082f49');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, width, height);
      for (const fish of alive(ms)) {
        const at = fishPositionAt(fish, ms);
        if (!at) continue;
        drawFish(
          ctx,
          (at[0] / FIELD) * width,
          (at[1] / FIELD) * height,
          fish.speciesId,
          fish.from[0] > fish.to[0],
        );
      }
      splashes.current = splashes.current.filter((s) => s.until > ms);
      ctx.font = 'bold 20px system-ui, sans-serif';
      ctx.fillStyle = '#fde047';
      for (const s of splashes.current) ctx.fillText(s.text, s.x, s.y);
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  });

  const shoot = async (event: React.PointerEvent<HTMLCanvasElement>) => {
    const el = canvas.current;
    if (!el || inFlight.current >= 3) return;
    // The bitmap is letterboxed in the element (object-contain): map the tap into it.
    const rect = el.getBoundingClientRect();
    const scale = Math.min(rect.width / el.width, rect.height / el.height);
    const x = (event.clientX - rect.left - (rect.width - el.width * scale) / 2) / scale;
    const y = (event.clientY - rect.top - (rect.height - el.height * scale) / 2) / scale;
    const ms = nowMs();
    let target: Fish | null = null;
    let best = Number.POSITIVE_INFINITY;
    for (const fish of alive(ms)) {
      const at = fishPositionAt(fish, ms);
      if (!at) continue;
      const d = Math.hypot((at[0] / FIELD) * el.width - x, (at[1] / FIELD) * el.height - y);
      if (d < sizeOf(fish.speciesId) * 1.4 && d < best) {
        best = d;
        target = fish;
      }
    }
    if (!target) return;
    inFlight.current += 1;
    setMessage(null);
    try {
      const answer = await call(
        'enginePlay',
        {
          requestId: newRequestId(),
          betMinor: String(bet),
          params: { speciesId: target.speciesId },
        } as never,
        language,
      );
      setBalance(Number(answer.balanceMinor));
      notifyBalance();
      if (answer.result.captured === true) {
        caught.current.add(target.id);
        splashes.current.push({
          x,
          y,
          text: `+${money(Number(answer.payoutMinor))}`,
          until: nowMs() + 1_200,
        });
      }
      el.dataset.lastShot = answer.roundId;
      el.dataset.lastCaptured = String(answer.result.captured === true);
    } catch (e) {
      setMessage(boot.errorText(e instanceof PlayError ? e.code : 'system.error'));
    } finally {
      inFlight.current -= 1;
    }
  };

  return (
    <main
      data-testid="engine-app"
      data-engine="fishing"
      className="flex h-full flex-col bg-[#082f49] text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-bold">{init.gameName}</h1>
        <Stat label={t('balance')} value={money(balance)} minor={balance} testId="engine-balance" />
      </header>
      <canvas
        ref={canvas}
        data-testid="fishing-canvas"
        width={1000}
        height={600}
        onPointerDown={shoot}
        className="min-h-0 w-full flex-1 touch-none"
      />
      <div className="min-h-6 px-4 text-center text-sm text-rose-300" aria-live="polite">
        {message}
      </div>
      <footer className="flex items-center gap-3 px-4 pb-5 pt-2 sm:mx-auto sm:w-full sm:max-w-xl">
        <BetStepper
          labels={{ down: t('betDown'), bet: t('bet'), up: t('betUp') }}
          value={money(bet)}
          minor={bet}
          levels={levels.length}
          setBetIndex={setBetIndex}
        />
      </footer>
    </main>
  );
};
