import { defineRoute } from '../core/route';
import { pvpEndpoints } from './endpoints';
import {
  pvpActionBody,
  pvpJoinBody,
  pvpJoinValue,
  pvpLeaveValue,
  pvpRoomListValue,
  pvpStateQuery,
  pvpStateValue,
  pvpTableBody,
} from './schemas';

export const pvpRoutes = {
  pvpRoomList: defineRoute({
    ...pvpEndpoints.pvpRoomList,
    tag: 'pvp',
    summary: 'The PvP lobby: Teen Patti tiers (boot, limits, rake) with their tables and seats taken',
    value: pvpRoomListValue,
  }),
  pvpState: defineRoute({
    ...pvpEndpoints.pvpState,
    tag: 'pvp',
    summary: "The caller's table (or the one named): seats, the hand, the caller's cards once seen and moves",
    query: pvpStateQuery,
    value: pvpStateValue,
  }),
  pvpJoin: defineRoute({
    ...pvpEndpoints.pvpJoin,
    tag: 'pvp',
    summary:
      'Buys in (main wallet → table balance) and seats the caller at a table of the tier with a free seat',
    body: pvpJoinBody,
    value: pvpJoinValue,
  }),
  pvpAction: defineRoute({
    ...pvpEndpoints.pvpAction,
    tag: 'pvp',
    summary: 'A move in the hand: see, bet (blind or chaal), pack, show, side-show and its answer',
    body: pvpActionBody,
    value: pvpStateValue,
  }),
  pvpLeave: defineRoute({
    ...pvpEndpoints.pvpLeave,
    tag: 'pvp',
    summary: 'Leaves the table (packing a hand in play) and returns the table balance to the main wallet',
    body: pvpTableBody,
    value: pvpLeaveValue,
  }),
};
