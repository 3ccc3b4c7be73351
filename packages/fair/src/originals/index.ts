/** The originals: crash, dice, limbo, plinko, mines, wheel, tower (see packages/fair/README.md). */
export {
  ENGINES_FAIR_VERSION,
  isRoundBet,
  MAX_ROUND_BET_MINOR,
  type Multiplier,
  type RoundSeeds,
} from './common';
export {
  CRASH_TICK_MS,
  type CrashBetResult,
  checkCrashLink,
  crashChain,
  crashMultiplierAtTick,
  crashPointX100,
  crashTickOf,
  previousLink,
  reachesTerminal,
  settleCrashBet,
} from './crash';
export {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  DICE_OUTCOMES,
  type DiceDirection,
  type DiceInput,
  type DiceResult,
  diceMultiplier,
  diceWinChance,
  playDice,
} from './dice';
export { type LimboInput, type LimboResult, MAX_TARGET_X100, MIN_TARGET_X100, playLimbo } from './limbo';
export {
  MINES_CELLS,
  type MinesInput,
  type MinesResult,
  minesLayout,
  minesMultiplier,
  playMines,
} from './mines';
export {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoInput,
  type PlinkoResult,
  type PlinkoRisk,
  playPlinko,
  plinkoTable,
} from './plinko';
export {
  crashRtp,
  diceRtp,
  limboRtp,
  limboRtpLowerBound,
  type ModeRtpRow,
  minesRtp,
  ORIGINALS_RTP_BAND,
  originalsRtpRows,
  plinkoRtp,
  ratioInBand,
  towerRtp,
  wheelRtp,
} from './rtp';
export {
  playTower,
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  type TowerDifficulty,
  type TowerInput,
  type TowerResult,
  towerLayout,
  towerMultiplier,
} from './tower';
export {
  type EngineVerifyResult,
  ORIGINALS_RECORDED_FIELDS,
  type Revealed,
  type VerifyCrashInput,
  type VerifyOriginalInput,
  verifyCrash,
  verifyOriginal,
  verifyReplay,
} from './verify';
export {
  playWheel,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelInput,
  type WheelResult,
  type WheelRisk,
  wheelTable,
} from './wheel';
