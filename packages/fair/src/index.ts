/**
 * @khela/fair — provably fair slots, pure and browser-safe (no Node built-ins at run time; the
 * hashes come from `@noble/hashes`). The server and the browser run the same code: the server
 * decides each spin, the browser's verify page recomputes it.
 *
 * Fairness scheme (see docs/decisions/008-provably-fair-slots.md):
 * - server seed: 32 random bytes as 64 lowercase hex characters, made by the server with
 *   `node:crypto` (`randomBytes(32).toString('hex')`); this package only takes it as input.
 * - commitment: `commitmentOf(serverSeed)` = hex sha256 of the seed's 64 ASCII characters
 *   (`printf %s SEED | sha256sum`), shown to the player before play.
 * - client seed: 1–64 printable ASCII characters without spaces, chosen/edited by the player.
 * - nonce: 0, 1, 2… one per spin under the same seed pair.
 * - byte stream: blocks HMAC-SHA256(key = serverSeed as ASCII, message = `${clientSeed}:${nonce}:${cursor}`),
 *   cursor = 0, 1, 2…; draws are 4 bytes big-endian (uint32) taken in order.
 * - a uniform integer in [0, n) takes draws until one is below floor(2^32 / n) · n and returns
 *   it mod n (rejection sampling: no modulo bias).
 * - a spin takes, in order: one draw per reel stop (reels 1–5, uniform over the strip length),
 *   then the jackpot draw (uniform in [0, jackpotOdds); 0 on a paid spin wins the jackpot).
 *
 * API summary:
 *   commitmentOf(serverSeed) → hex
 *   createByteStream({ serverSeed, clientSeed, nonce }) → ByteStream { nextByte, nextUint32, uniformInt }
 *   mapDraw(draw, bits, n) → number | null      (the rejection mapping, exposed for tests)
 *   themeFor({ nodeId, name }) → Theme            (cached per paytable key)
 *   paytableFor(layout, volatility, family) → Paytable, allPaytables() → Paytable[]
 *   rtpOf(paytable) → RtpReport                   (exact, bigint fractions)
 *   evaluateStops(paytable, stops) → { grid, wins (coins), scatterCount, freeSpinsAwarded }
 *   spin(SpinInput) → SpinResult                  (deterministic)
 *   verifyRound(VerifyInput) → VerifyResult     (strict: jackpot odds and recorded fields required)
 *   originals (crash, dice, limbo, plinko, mines, wheel, tower), fishing, cluster / hold-and-win /
 *   megaways slots: src/originals, src/fishing, src/slots (README "Originals, fishing and more slot engines")
 */

export {
  BET_COINS,
  DEFAULT_JACKPOT_ODDS,
  evaluateStops,
  FAIR_VERSION,
  isValidBet,
  MAX_BET_MINOR,
  REELS,
  ROWS,
  SCATTER,
  spin,
  WILD,
  windowOf,
} from './engine';
// Originals, fishing and the cluster / hold-and-win / megaways slots (README: "Originals, fishing…").
export * from './fishing/index';
// Table games (src/tables/, docs/decisions/034-table-games.md).
export * from './keno/index';
export * from './live/index';
// Lottery draws, bets and RTP (issue 17, src/lottery/).
export * from './lottery/index';
export * from './originals/index';
export * from './pvp/index';
export {
  type ByteStream,
  CLIENT_SEED_PATTERN,
  commitmentOf,
  createByteStream,
  FairError,
  hmacBlock,
  isClientSeed,
  isServerSeed,
  mapDraw,
  SERVER_SEED_PATTERN,
} from './rng';
export { RTP_TARGET, RTP_TOLERANCE, rtpInBand, rtpOf } from './rtp';
// Scratch cards (src/scratch/, docs/decisions/049-video-poker-scratch.md).
export * from './scratch/index';
export * from './slots/index';
// Sportsbook odds, lines, multiples, systems and pari-mutuel (issue 21, src/sports/).
export * from './sports/index';
export * from './tables/index';
export {
  allPaytables,
  LAYOUTS,
  LINES,
  paytableFor,
  SYMBOL_FAMILIES,
  themeFor,
  VOLATILITIES,
} from './themes';
export type * from './types';
export { REQUIRED_RECORDED_FIELDS, verifyRound } from './verify';
