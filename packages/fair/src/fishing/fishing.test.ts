import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream } from '../rng';
import {
  captureChance,
  FISH_SPECIES,
  FISH_WINDOW_MS,
  fishAliveAt,
  fishBetween,
  fishPositionAt,
  fishRtp,
  fishShot,
  fishSpawns,
  settleShots,
  verifyFishShot,
} from './index';

const SEED = 'a1'.repeat(32);
const ROOM = 'b2'.repeat(32);

describe('fishing shots', () => {
  it('captures with p = RTP / mean multiplier, the same draw rule for everyone', () => {
    for (const species of FISH_SPECIES) {
      const sum = species.multipliers.reduce((a, b) => a + b, 0);
      expect(captureChance(species.id, 9600)).toEqual([9600 * species.multipliers.length, 10_000 * sum]);
      const rtp = fishRtp(species.id, 9600);
      expect(rtp.numerator * 10_000n).toBe(9600n * rtp.denominator);
    }
    for (let nonce = 0; nonce < 200; nonce++) {
      const speciesId = nonce % FISH_SPECIES.length;
      const s = FISH_SPECIES[speciesId]!;
      const r = fishShot({
        serverSeed: SEED,
        clientSeed: 'p',
        nonce,
        bulletMinor: 50,
        speciesId,
        rtpBp: 9500,
      });
      const stream = createByteStream({ serverSeed: SEED, clientSeed: 'p', nonce });
      const sum = s.multipliers.reduce((a, b) => a + b, 0);
      const draw = stream.uniformInt(10_000 * sum);
      expect(r.captured).toBe(draw < 9500 * s.multipliers.length);
      const m = r.captured
        ? s.multipliers[s.multipliers.length > 1 ? stream.uniformInt(s.multipliers.length) : 0]!
        : 0;
      expect(r.multiplier).toBe(m);
      expect(r.payoutMinor).toBe(50 * m);
      expect(r.stakeMinor).toBe(50);
    }
    expect(() =>
      fishShot({ serverSeed: SEED, clientSeed: 'p', nonce: 0, bulletMinor: 50, speciesId: 99, rtpBp: 9600 }),
    ).toThrow();
    expect(() =>
      fishShot({ serverSeed: SEED, clientSeed: 'p', nonce: 0, bulletMinor: 50, speciesId: 0, rtpBp: 10_000 }),
    ).toThrow();
  });
  it('settles a batch as the sum of its shots and refuses a repeated nonce', () => {
    const shots = [0, 1, 2, 3].map((nonce) => ({
      serverSeed: SEED,
      clientSeed: 'p',
      nonce,
      bulletMinor: 10,
      speciesId: 0,
      rtpBp: 9600,
    }));
    const batch = settleShots(shots);
    expect(batch.stakeMinor).toBe(40);
    expect(batch.payoutMinor).toBe(shots.map(fishShot).reduce((a, r) => a + r.payoutMinor, 0));
    expect(() => settleShots([shots[0]!, shots[0]!])).toThrow();
  });
  it('verifies a shot only with every recorded field', () => {
    const input = {
      serverSeed: SEED,
      clientSeed: 'p',
      nonce: 7,
      bulletMinor: 20,
      speciesId: 16,
      rtpBp: 9600,
    };
    const r = fishShot(input);
    const base = { ...input, serverSeedHash: commitmentOf(SEED) };
    const good = verifyFishShot({
      ...base,
      recorded: { captured: r.captured, multiplier: r.multiplier, payoutMinor: r.payoutMinor },
    });
    expect(good).toMatchObject({ ok: true, missing: [], mismatches: [] });
    const partial = verifyFishShot({ ...base, recorded: { captured: r.captured } });
    expect(partial).toMatchObject({ ok: false, missing: ['multiplier', 'payoutMinor'] });
    const forged = verifyFishShot({
      ...base,
      recorded: { captured: r.captured, multiplier: r.multiplier, payoutMinor: r.payoutMinor + 1 },
    });
    expect(forged).toMatchObject({ ok: false, mismatches: ['payoutMinor'] });
    // A capture recorded with nothing paid can never be what the seeds give.
    expect(
      verifyFishShot({ ...base, rtpBp: 9700, recorded: { captured: true, multiplier: 0, payoutMinor: 0 } })
        .ok,
    ).toBe(false);
  });
});

describe('fish schedule', () => {
  it('is the same for everyone and follows the documented draws', () => {
    const a = fishSpawns(ROOM, 3);
    expect(fishSpawns(ROOM, 3)).toEqual(a);
    const stream = createByteStream({ serverSeed: ROOM, clientSeed: 'spawn', nonce: 3 });
    const count = 8 + stream.uniformInt(9);
    expect(a).toHaveLength(count);
    const total = FISH_SPECIES.reduce((s, f) => s + f.spawnWeight, 0);
    for (const fish of a) {
      let pick = stream.uniformInt(total);
      let id = 0;
      while (pick >= FISH_SPECIES[id]!.spawnWeight) pick -= FISH_SPECIES[id++]!.spawnWeight;
      expect(fish.speciesId).toBe(id);
      expect(fish.spawnMs).toBe(3 * FISH_WINDOW_MS + stream.uniformInt(FISH_WINDOW_MS));
      const left = stream.uniformInt(2) === 0;
      expect(fish.from).toEqual([left ? -100 : 1100, stream.uniformInt(1001)]);
      expect(fish.to).toEqual([left ? 1100 : -100, stream.uniformInt(1001)]);
      expect(fish.control).toEqual([500, stream.uniformInt(1001)]);
      const s = FISH_SPECIES[id]!;
      expect(fish.durationMs).toBe(s.durationMs + stream.uniformInt(s.jitterMs + 1));
    }
  });
  it('lists the fish alive in an interval and moves them from one side to the other', () => {
    const alive = fishBetween(ROOM, 95_000, 96_000);
    expect(alive.length).toBeGreaterThan(5);
    for (const f of alive)
      expect(
        fishAliveAt(f, 95_000) || fishAliveAt(f, 95_999) || (f.spawnMs >= 95_000 && f.spawnMs < 96_000),
      ).toBe(true);
    // every fish spawned in windows 0..9 (later ones spawn after 96 s) that is alive in the interval is listed
    const all = Array.from({ length: 10 }, (_, w) => fishSpawns(ROOM, w)).flat();
    const expected = all
      .filter((f) => f.spawnMs < 96_000 && f.spawnMs + f.durationMs > 95_000)
      .map((f) => f.id);
    expect(alive.map((f) => f.id)).toEqual(expected);
    const f = alive[0]!;
    expect(fishPositionAt(f, f.spawnMs)).toEqual([f.from[0], f.from[1]]);
    expect(fishPositionAt(f, f.spawnMs - 1)).toBeNull();
    expect(fishPositionAt(f, f.spawnMs + f.durationMs)).toBeNull();
  });
});
