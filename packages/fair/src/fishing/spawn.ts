/**
 * The fish of a room: a deterministic schedule from the room's seed, so every client and the
 * server agree on which fish exist, where and when (it decides nothing about money: a capture
 * depends only on the shot's own round).
 *
 * Window w (w = 0, 1, 2…, each FISH_WINDOW_MS long from the room's start) reads the byte stream
 * with serverSeed = roomSeed, clientSeed = "spawn", nonce = w:
 *   count = 8 + uniformInt(9); then per fish i = 0…count−1, in this order:
 *   species: uniformInt(Σ spawnWeight) located in the cumulative weights (ids ascending);
 *   offset = uniformInt(FISH_WINDOW_MS); side = uniformInt(2) (0: enters on the left);
 *   y0 = uniformInt(1001), y1 = uniformInt(1001), cy = uniformInt(1001);
 *   duration = durationMs + uniformInt(jitterMs + 1).
 * The fish id is `${w}-${i}`; it is alive from spawnMs = w · FISH_WINDOW_MS + offset for duration
 * ms along the quadratic Bézier from (x0, y0) via (500, cy) to (x1, y1) in thousandths of the
 * field (x0 = −100, x1 = 1100 when entering on the left, mirrored otherwise).
 */

import { checkInt } from '../originals/common';
import { createByteStream, FairError, isServerSeed } from '../rng';
import { FISH_SPECIES } from './shot';

export const FISH_WINDOW_MS = 10_000;
const TOTAL_WEIGHT = FISH_SPECIES.reduce((a, s) => a + s.spawnWeight, 0);
const LONGEST_MS = Math.max(...FISH_SPECIES.map((s) => s.durationMs + s.jitterMs));

export type Fish = {
  id: string;
  speciesId: number;
  spawnMs: number;
  durationMs: number;
  /** Bézier points in thousandths of the field: [x, y]. */
  from: [number, number];
  control: [number, number];
  to: [number, number];
};

/** The fish spawned in window `window` of the room. */
export const fishSpawns = (roomSeed: string, window: number): Fish[] => {
  if (!isServerSeed(roomSeed)) throw new FairError('bad_server_seed', 'a room seed is 64 hex characters');
  checkInt(window, 0, Number.MAX_SAFE_INTEGER, 'window');
  const stream = createByteStream({ serverSeed: roomSeed, clientSeed: 'spawn', nonce: window });
  const count = 8 + stream.uniformInt(9);
  const fish: Fish[] = [];
  for (let i = 0; i < count; i++) {
    let pick = stream.uniformInt(TOTAL_WEIGHT);
    let speciesId = 0;
    while (pick >= (FISH_SPECIES[speciesId]?.spawnWeight ?? 0)) {
      pick -= FISH_SPECIES[speciesId]?.spawnWeight ?? 0;
      speciesId += 1;
    }
    const species = FISH_SPECIES[speciesId];
    if (!species) throw new FairError('bad_range', 'spawn weights');
    const offset = stream.uniformInt(FISH_WINDOW_MS);
    const fromLeft = stream.uniformInt(2) === 0;
    const y0 = stream.uniformInt(1001);
    const y1 = stream.uniformInt(1001);
    const cy = stream.uniformInt(1001);
    const durationMs = species.durationMs + stream.uniformInt(species.jitterMs + 1);
    fish.push({
      id: `${window}-${i}`,
      speciesId,
      spawnMs: window * FISH_WINDOW_MS + offset,
      durationMs,
      from: [fromLeft ? -100 : 1100, y0],
      control: [500, cy],
      to: [fromLeft ? 1100 : -100, y1],
    });
  }
  return fish;
};

export const fishAliveAt = (fish: Fish, ms: number): boolean =>
  ms >= fish.spawnMs && ms < fish.spawnMs + fish.durationMs;

/** Every fish alive at some time in [fromMs, toMs), spawn order. */
export const fishBetween = (roomSeed: string, fromMs: number, toMs: number): Fish[] => {
  checkInt(fromMs, 0, Number.MAX_SAFE_INTEGER, 'from');
  checkInt(toMs, fromMs, Number.MAX_SAFE_INTEGER, 'to');
  const first = Math.max(0, Math.floor((fromMs - LONGEST_MS) / FISH_WINDOW_MS));
  const last = Math.floor(Math.max(fromMs, toMs - 1) / FISH_WINDOW_MS);
  const out: Fish[] = [];
  for (let w = first; w <= last; w++)
    for (const f of fishSpawns(roomSeed, w))
      if (f.spawnMs < toMs && f.spawnMs + f.durationMs > fromMs) out.push(f);
  return out;
};

/** The fish's position at `ms` in thousandths of the field (integers), or null when it is not alive. */
export const fishPositionAt = (fish: Fish, ms: number): [number, number] | null => {
  if (!fishAliveAt(fish, ms)) return null;
  const u = Math.floor(((ms - fish.spawnMs) * 1000) / fish.durationMs);
  const v = 1000 - u;
  const at = (a: number, c: number, b: number) =>
    Math.floor((v * v * a + 2 * v * u * c + u * u * b) / 1_000_000);
  return [at(fish.from[0], fish.control[0], fish.to[0]), at(fish.from[1], fish.control[1], fish.to[1])];
};
