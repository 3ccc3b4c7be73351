/**
 * Reel motion as pure functions (tested in reels.test.ts). A reel is its strip of symbol ids read
 * top to bottom; a stop `s` shows strip[s], strip[s+1], strip[s+2] (wrapping), as in
 * `@khela/fair`. The reels scroll downward, so the window's top index decreases while they spin.
 *
 * A spin has two parts. The reels start cruising at once (before the server has answered), and
 * once the outcome is known each reel in turn lands on its stop: it decelerates from the cruise
 * speed to zero (ease-out, velocity continuous) over a few rows, so the last rows the player sees
 * are the real strip above the stop. While a reel is a blur its strip index may jump (the
 * fraction of a row is kept), which is what makes any stop reachable in a short landing.
 */

export const ROWS = 3;

export const mod = (n: number, m: number) => ((n % m) + m) % m;

/** The symbols shown at a stop (rows top to bottom). */
export const windowAt = (strip: readonly number[], stop: number, rows = ROWS) =>
  Array.from({ length: rows }, (_, row) => strip[mod(Math.round(stop) + row, strip.length)] as number);

export type SpinTiming = {
  /** Cruise speed, rows per ms. */
  speed: number;
  /** Time to reach the cruise speed. */
  accelMs: number;
  /** Least cruising before the first reel may land. */
  minCruiseMs: number;
  /** Delay between two reels' landings. */
  staggerMs: number;
  /** Rows a landing covers (at least; a fraction is added to keep the position continuous). */
  landingRows: number;
};

export const NORMAL_TIMING: SpinTiming = {
  speed: 0.026,
  accelMs: 160,
  minCruiseMs: 520,
  staggerMs: 190,
  landingRows: 4,
};
export const TURBO_TIMING: SpinTiming = {
  speed: 0.036,
  accelMs: 70,
  minCruiseMs: 140,
  staggerMs: 60,
  landingRows: 3,
};

export type Cruise = { from: number[]; startAt: number; timing: SpinTiming };

/** Rows covered after `ms` of cruising (a quadratic run-up, then constant speed). */
export const cruiseDistance = (ms: number, timing: SpinTiming) => {
  if (ms <= 0) return 0;
  if (ms < timing.accelMs) return (timing.speed * ms * ms) / (2 * timing.accelMs);
  return timing.speed * (ms - timing.accelMs / 2);
};

export const cruiseTop = (cruise: Cruise, reel: number, now: number, length: number) =>
  mod((cruise.from[reel] ?? 0) - cruiseDistance(now - cruise.startAt, cruise.timing), length);

export type Landing = {
  /** Virtual top when the landing starts (to + rows); its fraction equals the cruise's there. */
  from: number;
  to: number;
  rows: number;
  startAt: number;
  stopAt: number;
};

/**
 * When and how every reel lands on `to`, given the cruise. Reel i starts landing `staggerMs`
 * after reel i-1, and not before the minimum cruise time nor before `now`.
 */
export const planLandings = (
  cruise: Cruise,
  to: readonly number[],
  now: number,
  lengths: readonly number[],
) => {
  const { timing } = cruise;
  const first = Math.max(now, cruise.startAt + timing.minCruiseMs);
  return to.map((stop, reel): Landing => {
    const length = lengths[reel] ?? 1;
    const startAt = first + reel * timing.staggerMs;
    const at = cruiseTop(cruise, reel, startAt, length);
    const rows = timing.landingRows + (at - Math.floor(at));
    // Ease-out quad over `rows` starts at the cruise speed: duration = 2 · rows / speed.
    const duration = (2 * rows) / timing.speed;
    return { from: stop + rows, to: stop, rows, startAt, stopAt: startAt + duration };
  });
};

/** Overshoot (in rows) just after landing: a short damped settle. */
export const BOUNCE_MS = 220;
export const landingBounce = (msSinceStop: number) => {
  if (msSinceStop <= 0 || msSinceStop >= BOUNCE_MS) return 0;
  const t = msSinceStop / BOUNCE_MS;
  return 0.14 * Math.sin(t * Math.PI) * (1 - t);
};

/** A landing reel's top at `now`: exactly `to` from `stopAt` on (plus the settle). */
export const landingTop = (landing: Landing, now: number, length: number) => {
  if (now >= landing.stopAt) return mod(landing.to - landingBounce(now - landing.stopAt), length);
  const u = Math.max(0, (now - landing.startAt) / (landing.stopAt - landing.startAt));
  return mod(landing.from - landing.rows * (1 - (1 - u) ** 2), length);
};

/** Rows per ms of a landing reel at `now` (for the motion blur). */
export const landingSpeed = (landing: Landing, now: number, timing: SpinTiming) => {
  if (now >= landing.stopAt) return 0;
  const u = Math.max(0, (now - landing.startAt) / (landing.stopAt - landing.startAt));
  return timing.speed * (1 - u);
};
