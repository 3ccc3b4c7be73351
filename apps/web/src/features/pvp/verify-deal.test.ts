import { describe, expect, it } from 'vitest';
import type { PvpState } from './pvp-room';
import { verifyDealHref } from './verify-deal';

type Hand = NonNullable<PvpState['hand']>;
type Seat = PvpState['seats'][number];

const seat = (seatNo: number, cards: number[] | null, memberless = false): Seat => ({
  seatNo,
  name: `p${seatNo}`,
  chipsMinor: '1000',
  connected: true,
  me: seatNo === 4,
  inHand: !memberless,
  inMinor: '200',
  seen: cards !== null,
  packed: false,
  cards,
});

const hand: Hand = {
  handNo: 12,
  commitment: 'c'.repeat(64),
  clientSeed: 'pvp-khelabd-tp-2',
  serverSeed: 'd'.repeat(64),
  dealtSeatNos: [2, 4, 5],
  potMinor: '600',
  stakeMinor: '200',
  turnSeatNo: null,
  turnDeadline: null,
  sideShow: null,
  ended: { reason: 'show', winnerSeatNos: [4], payouts: { '4': '570' }, rakeMinor: '30' },
  moves: [],
  minBetMinor: null,
  maxBetMinor: null,
};

describe('the room’s verify link', () => {
  it('carries the seeds, the hand number, the seats dealt in and the cards this player saw', () => {
    // Seat 2 packed unseen, seat 4 (me) and seat 5 showed; seat 1 sat down after the deal.
    const href = verifyDealHref(hand, [
      seat(1, null, true),
      seat(2, null),
      seat(4, [0, 13, 26]),
      seat(5, [51, 50, 49]),
    ]);
    expect(href.startsWith('/verify?')).toBe(true);
    const query = Object.fromEntries(new URLSearchParams(href.slice('/verify?'.length)));
    expect(query).toEqual({
      engine: 'teen-patti',
      serverSeed: 'd'.repeat(64),
      serverSeedHash: 'c'.repeat(64),
      clientSeed: 'pvp-khelabd-tp-2',
      nonce: '12',
      params: '{"seats":[2,4,5]}',
      recorded: '{"cards":[null,[0,13,26],[51,50,49]]}',
    });
  });
});
