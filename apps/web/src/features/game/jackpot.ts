/**
 * The jackpot counter's display (spec §9): it rises by 165.11 every 3 s, but never above the
 * real pool. Amounts are in minor units (165.11 = 16511). The real pool is refetched now and
 * then; the display climbs toward it and waits there. A pool that fell (a jackpot was won) is
 * shown at once.
 */
export const JACKPOT_STEP_MINOR = 16_511;
export const JACKPOT_STEP_MS = 3_000;
/** How far below the real pool the display may lag: a larger gap is closed at once. */
export const JACKPOT_MAX_LAG_STEPS = 20;
/** On the first value the display starts this many steps below the pool, so it visibly rises. */
export const JACKPOT_START_STEPS = 6;

export type JackpotDisplay = { shown: number; pool: number };

/** The first display for a freshly fetched pool. */
export const startJackpot = (pool: number): JackpotDisplay => ({
  pool,
  shown: Math.max(0, pool - JACKPOT_START_STEPS * JACKPOT_STEP_MINOR),
});

/** A new real pool arrived: keep climbing from where the display is, within the lag limit. */
export const receivePool = (state: JackpotDisplay, pool: number): JackpotDisplay => {
  if (pool < state.shown) return { pool, shown: pool };
  const floor = pool - JACKPOT_MAX_LAG_STEPS * JACKPOT_STEP_MINOR;
  return { pool, shown: Math.max(state.shown, floor, 0) };
};

/** One 3-second tick: one step up, capped at the real pool. */
export const stepJackpot = (state: JackpotDisplay): JackpotDisplay => ({
  pool: state.pool,
  shown: Math.min(state.pool, state.shown + JACKPOT_STEP_MINOR),
});

/** Eased value between two shown amounts for the rolling digits (t in 0..1). */
export const tweenAmount = (from: number, to: number, t: number) => {
  const clamped = Math.min(1, Math.max(0, t));
  const eased = 1 - (1 - clamped) ** 3;
  return Math.round(from + (to - from) * eased);
};
