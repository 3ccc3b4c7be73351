import { z } from 'zod';
import { PVP_ACTIONS } from './constants';

/** Money: minor units as digit strings. */
const minor = z.string().regex(/^-?[0-9]+$/);

export const pvpTierView = z.object({
  tierKey: z.string(),
  version: z.number().int(),
  name: z.string(),
  bootMinor: minor,
  potLimitMinor: minor,
  rakeBp: z.number().int(),
  rakeCapMinor: minor,
  turnMs: z.number().int(),
  minBuyInMinor: minor,
  maxBuyInMinor: minor,
  seats: z.number().int(),
});
export type PvpTierView = z.infer<typeof pvpTierView>;

export const pvpRoomView = z.object({
  tableId: z.string(),
  tierKey: z.string(),
  bootMinor: minor,
  seats: z.number().int(),
  players: z.number().int(),
  playing: z.boolean(),
});

export const pvpRoomListValue = z.object({
  game: z.literal('teen-patti'),
  tiers: z.array(pvpTierView.extend({ players: z.number().int(), rooms: z.array(pvpRoomView) })),
});
export type PvpRoomList = z.infer<typeof pvpRoomListValue>;

export const pvpSeatView = z.object({
  seatNo: z.number().int(),
  name: z.string(),
  chipsMinor: minor,
  connected: z.boolean(),
  me: z.boolean(),
  /** In the hand now: what they put in, whether they looked, packed; cards once shown. */
  inHand: z.boolean(),
  inMinor: minor,
  seen: z.boolean(),
  packed: z.boolean(),
  cards: z.array(z.number().int()).nullable(),
});

export const pvpHandView = z.object({
  handNo: z.number().int(),
  commitment: z.string(),
  clientSeed: z.string(),
  /** Revealed once the hand ended (null before). */
  serverSeed: z.string().nullable(),
  /** The seats dealt in, in deal order: the i-th takes cards 3i..3i+2 of `dealTeenPatti`. */
  dealtSeatNos: z.array(z.number().int()),
  potMinor: minor,
  stakeMinor: minor,
  turnSeatNo: z.number().int().nullable(),
  turnDeadline: z.number().int().nullable(),
  sideShow: z.object({ fromSeatNo: z.number().int(), toSeatNo: z.number().int() }).nullable(),
  ended: z
    .object({
      reason: z.enum(['last', 'show', 'pot-limit']),
      winnerSeatNos: z.array(z.number().int()),
      payouts: z.record(z.string(), minor),
      rakeMinor: minor,
    })
    .nullable(),
  /** What the caller may do now (empty when it is not their move). */
  moves: z.array(z.enum(PVP_ACTIONS)),
  minBetMinor: minor.nullable(),
  maxBetMinor: minor.nullable(),
});

export const pvpStateValue = z.object({
  serverTime: z.number().int(),
  tableId: z.string(),
  tier: pvpTierView,
  seats: z.array(pvpSeatView),
  mySeatNo: z.number().int().nullable(),
  hand: pvpHandView.nullable(),
});
export type PvpState = z.infer<typeof pvpStateValue>;

export const pvpStateQuery = z.object({ tableId: z.string().trim().min(1).max(64).optional() });

export const pvpJoinBody = z.object({
  tierKey: z.string().trim().min(1).max(32),
  buyInMinor: z.union([minor, z.number().int()]),
});
export const pvpJoinValue = z.object({
  tableId: z.string(),
  seatNo: z.number().int(),
  chipsMinor: minor,
  /** The main balance after the buy-in (null when the member already sat at a table of the tier). */
  balanceMinor: minor.nullable(),
});

export const pvpActionBody = z.object({
  tableId: z.string().trim().min(1).max(64),
  /** The hand the move is for: a move sent for a hand that ended is refused. */
  handNo: z.number().int().min(1),
  action: z.enum(PVP_ACTIONS),
  amountMinor: z.union([minor, z.number().int()]).optional(),
});
export const pvpTableBody = z.object({ tableId: z.string().trim().min(1).max(64) });
/** `balanceMinor`: the main balance after the cash-out (null when there were no chips to return). */
export const pvpLeaveValue = z.object({ returnedMinor: minor, balanceMinor: minor.nullable() });
