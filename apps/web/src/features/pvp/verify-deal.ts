import type { PvpState } from './pvp-room';

/**
 * The verify page, prefilled with an ended hand's deal (engine `teen-patti`, ADR 060): the seats
 * dealt in, in deal order, and the cards this player saw (their own, those shown), null elsewhere.
 */
export const verifyDealHref = (hand: NonNullable<PvpState['hand']>, seats: PvpState['seats']) => {
  const cards = hand.dealtSeatNos.map((no) => seats.find((s) => s.seatNo === no)?.cards ?? null);
  const query = new URLSearchParams({
    engine: 'teen-patti',
    serverSeed: hand.serverSeed ?? '',
    serverSeedHash: hand.commitment,
    clientSeed: hand.clientSeed,
    nonce: String(hand.handNo),
    params: JSON.stringify({ seats: hand.dealtSeatNos }),
    recorded: JSON.stringify({ cards }),
  });
  return `/verify?${query}`;
};
