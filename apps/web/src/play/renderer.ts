import type { SlotWin, Theme } from '@khela/fair';
import {
  BOUNCE_MS,
  type Cruise,
  cruiseTop,
  type Landing,
  landingSpeed,
  landingTop,
  mod,
  NORMAL_TIMING,
  planLandings,
  ROWS,
  type SpinTiming,
} from './reels';

/**
 * The reels on one canvas. Each symbol is painted once into an offscreen tile (and a motion-blurred
 * copy for fast movement), the reel windows once into a backdrop; a frame is then one backdrop
 * copy and 20-odd `drawImage` calls (rows cut to the window by their source rectangle, no clip
 * paths), driven by requestAnimationFrame only while something moves, so an idle game costs
 * nothing and a spin stays at the display's frame rate on a mid-range phone
 * (`bench/frame-rate.ts` measures it at 390 px with 4x CPU slowdown).
 */
const REELS = 5;
const LINE_COLOURS = ['#facc15', '#f472b6', '#38bdf8', '#4ade80', '#fb923c', '#a78bfa', '#f87171', '#2dd4bf'];
const EMOJI_FONT = '"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji","Twemoji Mozilla",sans-serif';

type Tile = { sharp: HTMLCanvasElement; blurred: HTMLCanvasElement };
type Particle = { x: number; y: number; vx: number; vy: number; r: number; life: number; hue: number };

const shade = (hex: string, amount: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  };
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
};

const roundRect = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) => {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
};

export type RendererEvents = { onReelStop?: (reel: number) => void };

export class ReelRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private tiles: Tile[] = [];
  /** The empty reel windows at canvas resolution, copied in at the start of every frame. */
  private backdrop: HTMLCanvasElement | null = null;
  private width = 0;
  private height = 0;
  private dpr = 1;
  private cell = { w: 0, h: 0, gap: 0, x0: 0, y0: 0 };
  private stops: number[] = [0, 0, 0, 0, 0];
  private cruise: Cruise | null = null;
  private landings: Landing[] | null = null;
  private stopped = new Set<number>();
  private spinResolve: (() => void) | null = null;
  private wins: SlotWin[] = [];
  private winsShownAt = 0;
  private particles: Particle[] = [];
  private frame = 0;
  private readonly strips: number[][];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly theme: Theme,
    private readonly events: RendererEvents = {},
  ) {
    const ctx = canvas.getContext('2d', { alpha: true });
    if (!ctx) throw new Error('canvas 2d unavailable');
    this.ctx = ctx;
    this.strips = theme.paytable.reels;
  }

  /** Fits the canvas to its box (CSS pixels); tiles are re-painted at the new size. */
  resize(width: number, height: number) {
    this.dpr = Math.min(2, window.devicePixelRatio || 1);
    this.width = width;
    this.height = height;
    this.canvas.width = Math.round(width * this.dpr);
    this.canvas.height = Math.round(height * this.dpr);
    const gap = Math.max(3, Math.round(width * 0.012));
    const w = Math.floor((width - gap * (REELS + 1)) / REELS);
    const h = Math.min(w, Math.floor((height - gap * 2) / ROWS));
    const used = w * REELS + gap * (REELS - 1);
    this.cell = { w, h, gap, x0: Math.round((width - used) / 2), y0: Math.round((height - h * ROWS) / 2) };
    this.tiles = this.theme.symbols.map((symbol) => this.paintTile(symbol.id));
    this.backdrop = this.paintBackdrop();
    this.draw(performance.now());
  }

  setStops(stops: number[]) {
    this.stops = [...stops];
    this.draw(performance.now());
  }

  /** Starts the reels at once (the outcome is not known yet). */
  startSpin(timing: SpinTiming = NORMAL_TIMING) {
    this.clearWins();
    this.landings = null;
    this.stopped.clear();
    this.cruise = { from: [...this.stops], startAt: performance.now(), timing };
    this.kick();
  }

  /** Lands the spinning reels on the server's stops; resolves when every reel has settled. */
  land(to: number[]): Promise<void> {
    if (!this.cruise) this.startSpin();
    const cruise = this.cruise as Cruise;
    this.landings = planLandings(
      cruise,
      to,
      performance.now(),
      this.strips.map((strip) => strip.length),
    );
    this.stops = [...to];
    this.kick();
    return new Promise((resolve) => {
      this.spinResolve = resolve;
    });
  }

  /** The spin failed: stop where the reels were. */
  abortSpin() {
    this.cruise = null;
    this.landings = null;
    this.spinResolve?.();
    this.spinResolve = null;
    this.draw(performance.now());
  }

  /** Lands every reel now (a tap while landing). */
  slam() {
    if (!this.landings || !this.cruise) return;
    const now = performance.now();
    const timing = { ...this.cruise.timing, minCruiseMs: 0, staggerMs: 35 };
    const cruise = { ...this.cruise, timing };
    const rest = planLandings(
      cruise,
      this.stops,
      now,
      this.strips.map((strip) => strip.length),
    );
    this.landings = this.landings.map((landing, reel) =>
      now >= landing.startAt ? landing : (rest[reel] ?? landing),
    );
  }

  showWins(wins: SlotWin[]) {
    this.wins = wins;
    this.winsShownAt = performance.now();
    this.kick();
  }

  clearWins() {
    this.wins = [];
    this.kick();
  }

  /** A burst of coins (big win, free spins, jackpot). */
  celebrate(amount: 'big' | 'jackpot') {
    const count = amount === 'jackpot' ? 160 : 70;
    for (let i = 0; i < count; i += 1) {
      this.particles.push({
        x: this.width / 2 + (Math.random() - 0.5) * this.width * 0.3,
        y: this.height * 0.55,
        vx: (Math.random() - 0.5) * 9,
        vy: -6 - Math.random() * 9,
        r: 3 + Math.random() * 5,
        life: 1,
        hue: amount === 'jackpot' ? 30 + Math.random() * 40 : 42 + Math.random() * 14,
      });
    }
    this.kick();
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private kick() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(this.tick);
  }

  private readonly tick = (now: number) => {
    this.frame = 0;
    const moving = this.draw(now);
    if (moving) this.frame = requestAnimationFrame(this.tick);
  };

  /** Paints one frame; answers whether another frame is needed. */
  private draw(now: number): boolean {
    const { ctx, cell } = this;
    if (!this.width) return false;
    // The backdrop replaces every pixel (no separate clear).
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (this.backdrop) {
      ctx.globalCompositeOperation = 'copy';
      ctx.drawImage(this.backdrop, 0, 0);
      ctx.globalCompositeOperation = 'source-over';
    } else ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    let moving = false;
    const cruise = this.cruise;
    const landings = this.landings;

    for (let reel = 0; reel < REELS; reel += 1) {
      const strip = this.strips[reel] ?? [];
      const length = strip.length || 1;
      const landing = landings?.[reel];
      let top = this.stops[reel] ?? 0;
      let speed = 0;
      if (cruise && landing && now >= landing.startAt) {
        top = landingTop(landing, now, length);
        speed = landingSpeed(landing, now, cruise.timing);
        if (now >= landing.stopAt && !this.stopped.has(reel)) {
          this.stopped.add(reel);
          this.events.onReelStop?.(reel);
        }
      } else if (cruise) {
        top = cruiseTop(cruise, reel, now, length);
        speed = cruise.timing.speed;
      }
      const x = cell.x0 + reel * (cell.w + cell.gap);
      const base = Math.floor(top);
      const frac = top - base;
      const blur = speed > 0.012;
      const highlight = this.wins.length > 0 && !cruise ? this.currentCells(now) : null;
      const windowTop = cell.y0;
      const windowBottom = cell.y0 + cell.h * ROWS;
      for (let row = -1; row <= ROWS; row += 1) {
        const id = strip[mod(base + row, length)] ?? 0;
        const tile = this.tiles[id];
        if (!tile) continue;
        const y = cell.y0 + (row - frac) * cell.h;
        // Only the part inside the reel window (the source rectangle cuts it: no clip path).
        const from = Math.max(y, windowTop);
        const to = Math.min(y + cell.h, windowBottom);
        if (to - from < 0.5) continue;
        const image = blur ? tile.blurred : tile.sharp;
        const scale = image.height / cell.h;
        ctx.globalAlpha = highlight && !highlight.has(`${reel}:${row}`) ? 0.32 : 1;
        ctx.drawImage(
          image,
          0,
          (from - y) * scale,
          image.width,
          (to - from) * scale,
          x,
          from,
          cell.w,
          to - from,
        );
      }
    }
    ctx.globalAlpha = 1;

    if (cruise) {
      const done = landings?.every((landing) => now >= landing.stopAt + BOUNCE_MS) ?? false;
      if (done) {
        this.cruise = null;
        this.landings = null;
        const resolve = this.spinResolve;
        this.spinResolve = null;
        resolve?.();
      } else moving = true;
    }

    if (this.wins.length > 0) {
      this.drawWins(now);
      moving = true;
    }

    if (this.particles.length > 0) {
      this.drawParticles();
      moving = true;
    }
    ctx.globalAlpha = 1;
    return moving;
  }

  /** Which win is highlighted now: all of them for a moment, then each in turn. */
  private currentWins(now: number): SlotWin[] {
    const t = now - this.winsShownAt;
    if (this.wins.length === 1 || t < 1400) return this.wins;
    const index = Math.floor((t - 1400) / 1300) % this.wins.length;
    const win = this.wins[index];
    return win ? [win] : [];
  }

  private currentCells(now: number) {
    const cells = new Set<string>();
    for (const win of this.currentWins(now)) for (const [reel, row] of win.cells) cells.add(`${reel}:${row}`);
    return cells;
  }

  private centre(reel: number, row: number) {
    const { cell } = this;
    return {
      x: cell.x0 + reel * (cell.w + cell.gap) + cell.w / 2,
      y: cell.y0 + row * cell.h + cell.h / 2,
    };
  }

  private drawWins(now: number) {
    const { ctx, cell } = this;
    const pulse = 0.5 + 0.5 * Math.sin((now - this.winsShownAt) / 160);
    const lines = this.theme.paytable.lines;
    for (const win of this.currentWins(now)) {
      const colour = LINE_COLOURS[(win.line ?? win.symbol) % LINE_COLOURS.length] ?? '#facc15';
      ctx.globalAlpha = 1;
      // A soft halo (wide translucent stroke) under a crisp one: no shadowBlur, which is slow on phones.
      for (const [reel, row] of win.cells) {
        const x = cell.x0 + reel * (cell.w + cell.gap);
        const y = cell.y0 + row * cell.h;
        roundRect(ctx, x + 3, y + 3, cell.w - 6, cell.h - 6, Math.min(12, cell.w * 0.1));
        ctx.strokeStyle = colour;
        ctx.globalAlpha = 0.25 + pulse * 0.25;
        ctx.lineWidth = 7 + pulse * 4;
        ctx.stroke();
        ctx.globalAlpha = 1;
        ctx.lineWidth = 2 + pulse * 1.5;
        ctx.stroke();
      }
      if (win.kind === 'line' && win.line !== null && lines) {
        const rows = lines[win.line];
        if (!rows) continue;
        ctx.beginPath();
        rows.forEach((row, reel) => {
          const p = this.centre(reel, row);
          if (reel === 0) ctx.moveTo(cell.x0 - cell.gap / 2, p.y);
          ctx.lineTo(p.x, p.y);
        });
        const last = this.centre(REELS - 1, rows[REELS - 1] ?? 1);
        ctx.lineTo(last.x + cell.w / 2 + cell.gap / 2, last.y);
        ctx.lineWidth = 4;
        ctx.lineJoin = 'round';
        ctx.strokeStyle = colour;
        ctx.globalAlpha = 0.85;
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
    }
  }

  private drawParticles() {
    const { ctx } = this;
    this.particles = this.particles.filter((p) => p.life > 0 && p.y < this.height + 20);
    for (const p of this.particles) {
      p.x += p.vx;
      p.y += p.vy;
      p.vy += 0.35;
      p.life -= 0.008;
      ctx.globalAlpha = Math.max(0, p.life);
      ctx.fillStyle = `hsl(${p.hue} 95% 55%)`;
      ctx.beginPath();
      ctx.ellipse(p.x, p.y, p.r, p.r * (0.6 + 0.4 * Math.abs(Math.sin(p.y / 12))), 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  /** The reel windows on an otherwise transparent canvas of the display canvas's size. */
  private paintBackdrop() {
    const backdrop = document.createElement('canvas');
    backdrop.width = this.canvas.width;
    backdrop.height = this.canvas.height;
    const ctx = backdrop.getContext('2d');
    if (!ctx) return null;
    const { cell } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = this.theme.colors.reels;
    for (let reel = 0; reel < REELS; reel += 1) {
      const x = cell.x0 + reel * (cell.w + cell.gap);
      roundRect(ctx, x, cell.y0, cell.w, cell.h * ROWS, Math.min(14, cell.w * 0.12));
      ctx.fill();
    }
    return backdrop;
  }

  private paintTile(id: number): Tile {
    const symbol = this.theme.symbols[id];
    const w = Math.max(1, Math.round(this.cell.w * this.dpr));
    const h = Math.max(1, Math.round(this.cell.h * this.dpr));
    const sharp = document.createElement('canvas');
    sharp.width = w;
    sharp.height = h;
    const ctx = sharp.getContext('2d');
    if (ctx && symbol) {
      const pad = Math.round(w * 0.06);
      const colour = symbol.color;
      const gradient = ctx.createRadialGradient(w / 2, h * 0.35, w * 0.05, w / 2, h / 2, w * 0.7);
      gradient.addColorStop(0, shade(colour, 0.35));
      gradient.addColorStop(1, shade(colour, -0.45));
      roundRect(ctx, pad, pad, w - pad * 2, h - pad * 2, w * 0.16);
      ctx.fillStyle = gradient;
      ctx.fill();
      ctx.lineWidth = Math.max(2, w * 0.025);
      ctx.strokeStyle = symbol.kind === 'wild' || symbol.kind === 'scatter' ? '#fde68a' : shade(colour, 0.2);
      ctx.stroke();
      // Gloss.
      const gloss = ctx.createLinearGradient(0, pad, 0, h / 2);
      gloss.addColorStop(0, 'rgba(255,255,255,0.28)');
      gloss.addColorStop(1, 'rgba(255,255,255,0)');
      roundRect(ctx, pad * 1.6, pad * 1.6, w - pad * 3.2, h * 0.42, w * 0.12);
      ctx.fillStyle = gloss;
      ctx.fill();

      const special = symbol.kind === 'wild' || symbol.kind === 'scatter';
      const text = symbol.glyph;
      const isWord = /^[\p{L}\p{N}]{1,3}$/u.test(text);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const size = (isWord ? (text.length > 1 ? 0.42 : 0.5) : 0.5) * h * (special ? 0.85 : 1);
      ctx.font = isWord ? `900 ${size}px system-ui, sans-serif` : `${size}px ${EMOJI_FONT}`;
      const cy = special ? h * 0.44 : h * 0.52;
      if (isWord) {
        ctx.lineWidth = Math.max(2, h * 0.04);
        ctx.strokeStyle = 'rgba(0,0,0,0.45)';
        ctx.strokeText(text, w / 2, cy);
        ctx.fillStyle = '#fff';
      }
      ctx.fillText(text, w / 2, cy);
      if (special) {
        const label = symbol.kind === 'wild' ? 'WILD' : 'SCATTER';
        ctx.font = `900 ${h * (label.length > 4 ? 0.13 : 0.16)}px system-ui, sans-serif`;
        ctx.lineWidth = Math.max(2, h * 0.03);
        ctx.strokeStyle = 'rgba(0,0,0,0.6)';
        ctx.strokeText(label, w / 2, h * 0.8);
        ctx.fillStyle = '#fde68a';
        ctx.fillText(label, w / 2, h * 0.8);
      }
    }
    const blurred = document.createElement('canvas');
    blurred.width = w;
    blurred.height = h;
    const bctx = blurred.getContext('2d');
    if (bctx) {
      const steps = 5;
      for (let i = 0; i < steps; i += 1) {
        bctx.globalAlpha = i === 0 ? 0.5 : 0.22;
        bctx.drawImage(sharp, 0, (i - steps / 2) * h * 0.05);
      }
    }
    return { sharp, blurred };
  }
}
