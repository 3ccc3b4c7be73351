import { endpoint } from '../core/endpoint';

/** Playing games (docs/decisions/009-games-launch-rounds-jackpot.md): launch, the in-house slot, round proof, jackpot pool, betting record; and the back office's game screens. */
export const gamesEndpoints = {
  /** accountType 1 (real, needs a session) or 0 (free play; visitors too where the vendor allows demo). */
  launchGame: endpoint({
    method: 'GET',
    path: '/wps/game/launchGame',
    modId: 'GAMELO3',
    auth: 'optional',
    protection: 'play',
  }),
  /** Sports-vendor launch (API-FACTS §2.4): the same answer as launchGame, for the sportsbook. */
  gameLaunchFB: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_gameLaunchFB',
    modId: 'GAMELO3',
    auth: 'optional',
    protection: 'play',
  }),
  /** The game page exchanges its single-use launch token for a game session (once). */
  gameSession: endpoint({ method: 'POST', path: '/wps/game/session', modId: null, auth: false }),
  /** In-house slot calls: `X-Game-Session: <game session token>`, no member token. */
  slotInit: endpoint({ method: 'GET', path: '/wps/game/slot/init', modId: null, auth: false }),
  slotSpin: endpoint({
    method: 'POST',
    path: '/wps/game/slot/spin',
    modId: null,
    auth: false,
    protection: 'stake',
  }),
  slotClientSeed: endpoint({ method: 'POST', path: '/wps/game/slot/seed/client', modId: null, auth: false }),
  slotRotateSeed: endpoint({ method: 'POST', path: '/wps/game/slot/seed/rotate', modId: null, auth: false }),
  slotHistory: endpoint({ method: 'GET', path: '/wps/game/slot/history', modId: null, auth: false }),
  /** In-house engines besides the 5×3 slot (originals, cluster / hold-and-win / megaways): same session header. */
  engineInit: endpoint({ method: 'GET', path: '/wps/game/engine/init', modId: null, auth: false }),
  enginePlay: endpoint({
    method: 'POST',
    path: '/wps/game/engine/play',
    modId: null,
    auth: false,
    protection: 'stake',
  }),
  engineStep: endpoint({ method: 'POST', path: '/wps/game/engine/step', modId: null, auth: false }),
  /** A cash-out credits a round already staked: it stays open to every member (ADR 030). */
  engineCashout: endpoint({
    method: 'POST',
    path: '/wps/game/engine/cashout',
    modId: null,
    auth: false,
    protection: 'exempt',
  }),
  /** Public: what the verify page needs to recompute a round (the server seed once revealed). */
  roundProof: endpoint({ method: 'GET', path: '/wps/game/round/proof', modId: null, auth: false }),
  /** Public: the real progressive jackpot pool of the merchant (the /rng counter). */
  jackpotPool: endpoint({ method: 'GET', path: '/wps/relay/VIS_getJackpot', modId: 'COMM3', auth: false }),
  /** Betting record (personalHistoryCopy): the member's rounds, 15 a page. */
  betRecords: endpoint({ method: 'GET', path: '/wps/relay/MCSFE_getBetRecords', modId: 'COMM3', auth: true }),
  betRecordDetail: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getBetRecordDetail',
    modId: 'COMM3',
    auth: true,
  }),
  boGameRounds: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameRoundsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boGameRound: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameVendors: endpoint({
    method: 'GET',
    path: '/bo/api/games/vendors',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameVendorStatus: endpoint({
    method: 'POST',
    path: '/bo/api/games/vendors/status',
    modId: null,
    auth: false,
    staff: true,
  }),
  boJackpot: endpoint({
    method: 'GET',
    path: '/bo/api/games/jackpot',
    modId: null,
    auth: false,
    staff: true,
  }),
  boJackpotUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/games/jackpot',
    modId: null,
    auth: false,
    staff: true,
  }),
} as const;
