/** Sportsbook maths (issue 21): exact odds, Asian lines, multiples, systems and pari-mutuel. */

export { type CashOutLeg, cashOutOffer } from './cashout';
export { formatLine, handicapOutcome, totalOutcome } from './lines';
export {
  betPayoutOf,
  convertOdds,
  type DeadHeat,
  formatOdds,
  isDeadHeat,
  LEG_DENOMINATOR,
  LEG_OUTCOMES,
  type LegOutcome,
  legFactor,
  MIN_ODDS,
  ODDS_FORMATS,
  ODDS_SCALE,
  type OddsFormat,
  parseOdds,
  potentialPayoutOf,
  type SettledLeg,
  settledLegFraction,
} from './odds';
export { ODDS_DISPLAY_FORMATS, type OddsDisplayFormat, oddsText } from './odds-display';
export {
  COCKFIGHT_MIN_PRICE,
  COCKFIGHT_SIDES,
  type CockfightResult,
  type CockfightSide,
  cockfightPayoutOf,
  pariMutuelPrice,
  pricesCancelFight,
} from './parimutuel';
export {
  combinations,
  NAMED_SYSTEMS,
  type NamedSystem,
  namedSystemSizes,
  systemCombinations,
  systemPayoutOf,
} from './systems';
