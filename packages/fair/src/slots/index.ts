/** The slot engines besides the classic 5×3: cluster pays with cascades, hold-and-win, megaways. */
export {
  CLUSTER_CAP,
  CLUSTER_CELLS,
  CLUSTER_COLS,
  CLUSTER_MIN,
  CLUSTER_ROWS,
  type ClusterGrid,
  type ClusterInput,
  type ClusterResult,
  type ClusterTable,
  type ClusterWin,
  clusterTable,
  clusterWins,
  spinCluster,
} from './cluster';
export {
  type ClusterRtp,
  clusterFacts,
  clusterNoWinWeight,
  clusterRtp,
  clusterRtpOf,
  clusterSizeCounts,
  type GridShape,
} from './cluster-rtp';
export { checkSlotBet, ENGINE_VOLATILITIES, type EngineVolatility } from './common';
export {
  CASH,
  HOLDWIN_CELLS,
  HOLDWIN_RESPINS,
  HOLDWIN_TRIGGER,
  type HoldWinInput,
  type HoldWinResult,
  type HoldWinTable,
  holdWinPaytable,
  holdWinTable,
  type Respin,
  spinHoldWin,
} from './holdwin';
export { type HoldWinRtp, holdWinChain, holdWinRtp, holdWinRtpOf } from './holdwin-rtp';
export {
  ENGINE_SYMBOL_KEYS,
  type GameEngine,
  gameEngineFor,
  PALETTES,
  type Palette,
  SLOT_ENGINES,
  type SlotEngine,
  type SlotLook,
  slotLookFor,
} from './looks';
export {
  evaluateMegaways,
  MEGAWAYS_HEIGHTS,
  MEGAWAYS_MIN_HEIGHT,
  MEGAWAYS_REELS,
  type MegawaysInput,
  type MegawaysResult,
  type MegawaysSpin,
  type MegawaysTable,
  type MegawaysWin,
  megawaysTable,
  spinMegaways,
} from './megaways';
export { type MegawaysRtp, megawaysRtp, megawaysRtpOf } from './megaways-rtp';
export { SLOT_RECORDED_FIELDS, type VerifySlotInput, verifySlotRound } from './verify';
