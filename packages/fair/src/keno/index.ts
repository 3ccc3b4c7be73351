/** Instant keno, 20 of 80 (docs/decisions/043-table-games.md). */
export {
  KENO_DRAWN,
  KENO_MAX_SPOTS,
  KENO_NUMBERS,
  KENO_PAYTABLE,
  KENO_PAYTABLE_VERSION,
  KENO_RECORDED_FIELDS,
  type KenoInput,
  type KenoResult,
  kenoDraw,
  kenoSpotsOf,
  playKeno,
  settleKeno,
  verifyKeno,
} from './keno';
