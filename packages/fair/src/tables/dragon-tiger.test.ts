import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream, FairError } from '../rng';
import { type DragonTigerBet, playDragonTiger, settleDragonTiger, verifyDragonTiger } from './dragon-tiger';

const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'dt-test', nonce: 0 };

describe('dragon tiger', () => {
  it('has the exact RTP of the closed form over every ordered pair of an 8-deck shoe', () => {
    // Ordered pairs of distinct shoe positions: the same card (8 copies) pairs 8·7 ways, two
    // different cards 8·8 ways; 52·56 + 52·51·64 = 416·415.
    const returned = { dragon: 0, tiger: 0, tie: 0 };
    let pairs = 0;
    for (let d = 0; d < 52; d++)
      for (let t = 0; t < 52; t++) {
        const weight = d === t ? 56 : 64;
        pairs += weight;
        for (const kind of ['dragon', 'tiger', 'tie'] as const)
          returned[kind] += weight * settleDragonTiger(2, [{ kind }], d, t).payoutMinor;
      }
    expect(pairs).toBe(416 * 415);
    // Stake 2 per pair: dragon/tiger return 799/830, tie 279/415 (see the file's header).
    expect(returned.dragon * 830).toBe(799 * 2 * pairs);
    expect(returned.tiger * 830).toBe(799 * 2 * pairs);
    expect(returned.tie * 415).toBe(279 * 2 * pairs);
  });

  it('pays by the rules: higher rank wins 1:1, a tie returns half of dragon/tiger and pays tie 8:1', () => {
    // Cards: rank = (card mod 13) + 1; card 12 is a king, 13 an ace of the next suit, 0 an ace.
    const bets: DragonTigerBet[] = [
      { kind: 'dragon', chips: 2 },
      { kind: 'tiger' },
      { kind: 'tie', chips: 3 },
    ];
    const dragonKing = settleDragonTiger(100, bets, 12, 13);
    expect(dragonKing).toMatchObject({ winner: 'dragon', stakeMinor: 600, payoutMinor: 400 });
    expect(dragonKing.dragon).toEqual({ card: 12, rank: 13, suit: 0 });
    expect(settleDragonTiger(100, bets, 0, 25)).toMatchObject({ winner: 'tiger', payoutMinor: 200 });
    // Ace and ace of another suit: tie; 200/2 + 100/2 back and 300 × 9.
    expect(settleDragonTiger(100, bets, 0, 13)).toMatchObject({
      winner: 'tie',
      payoutMinor: 100 + 50 + 2_700,
    });
    expect(settleDragonTiger(5, [{ kind: 'dragon' }], 3, 16).payoutMinor).toBe(2);
  });

  it('draws the dragon from 416 and the tiger from the 415 left', () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const r = playDragonTiger({ ...seeds, nonce, betMinor: 10, bets: [{ kind: 'tie' }] });
      const stream = createByteStream({ ...seeds, nonce });
      const d = stream.uniformInt(416);
      const t0 = stream.uniformInt(415);
      expect(r.dragon.card).toBe(d % 52);
      expect(r.tiger.card).toBe((t0 >= d ? t0 + 1 : t0) % 52);
    }
  });

  it('refuses bad bets and verifies a round', () => {
    for (const bets of [
      [],
      [{ kind: 'banker' }],
      [{ kind: 'tie' }, { kind: 'tie' }],
      [{ kind: 'dragon', chips: 101 }],
    ])
      expect(() => playDragonTiger({ ...seeds, betMinor: 10, bets: bets as DragonTigerBet[] })).toThrow(
        FairError,
      );
    const bets: DragonTigerBet[] = [{ kind: 'dragon' }];
    const r = playDragonTiger({ ...seeds, nonce: 7, betMinor: 20, bets });
    const revealed = {
      ...seeds,
      nonce: 7,
      serverSeedHash: commitmentOf(seeds.serverSeed),
      betMinor: 20,
      bets,
    };
    expect(verifyDragonTiger({ ...revealed, recorded: r }).ok).toBe(true);
    expect(verifyDragonTiger({ ...revealed, recorded: { ...r, payoutMinor: r.payoutMinor + 1 } }).ok).toBe(
      false,
    );
  });
});
