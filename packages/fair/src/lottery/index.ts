/** Provably fair lottery draws, bet evaluation and exact RTP (issue 17; README "Lottery"). */
export {
  BET_TYPES,
  type BetSelection,
  type BetType,
  exposureKeysOf,
  KIND_BET_TYPES,
  maxMultiplierOf,
  normalizeSelection,
  outcomeOf,
  type PayoutTable,
  PICK_LIMITS,
  payoutOf,
} from './bets';
export {
  chainLink,
  type DrawProof,
  type DrawVerification,
  drawNumbers,
  GENESIS_LINK,
  isLotteryKind,
  issueClientSeed,
  KIND_SHAPES,
  LOTTERY_FAIR_VERSION,
  LOTTERY_KINDS,
  type LotteryKind,
  verifyDraw,
} from './draw';
export { DEFAULT_PAYOUTS } from './payouts';
export { type LotteryRtpClass, type LotteryRtpReport, lotteryRtpOf } from './rtp';
export {
  drawVnResult,
  normalizeVnSelection,
  VN_BET_SHAPE,
  VN_BET_TYPES,
  VN_REGIONS,
  type VnBetType,
  type VnPrize,
  type VnRegion,
  type VnResult,
  vnPayoutOf,
  vnStructure,
  vnTimesWon,
} from './vietnam';
