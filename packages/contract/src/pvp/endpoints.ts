import { endpoint } from '../core/endpoint';

/** PvP rooms (issue 22): the room list, joining a tier (buy-in), a table's state, actions, leaving. */
export const pvpEndpoints = {
  /** The spec's PvP room list (API-FACTS §2.4 `GLS2_roomList`): tiers with their open tables. */
  pvpRoomList: endpoint({ method: 'GET', path: '/wps/relay/GLS2_roomList', modId: null, auth: 'optional' }),
  pvpState: endpoint({ method: 'GET', path: '/wps/pvp/state', modId: null, auth: true }),
  /** Buys in from the main wallet into the table balance and takes a seat at a table of the tier. */
  pvpJoin: endpoint({
    method: 'POST',
    path: '/wps/pvp/join',
    modId: null,
    auth: true,
    realAccountOnly: true,
    protection: 'stake',
  }),
  /** A player's move in the hand: every chip into the pot is a stake through the play hooks. */
  pvpAction: endpoint({
    method: 'POST',
    path: '/wps/pvp/action',
    modId: null,
    auth: true,
    realAccountOnly: true,
    protection: 'stake',
  }),
  /** Leaves the table: packs a hand in play, returns the table balance to the main wallet. */
  pvpLeave: endpoint({
    method: 'POST',
    path: '/wps/pvp/leave',
    modId: null,
    auth: true,
    protection: 'exempt',
  }),
};
