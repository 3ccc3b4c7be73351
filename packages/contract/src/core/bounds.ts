/**
 * Bounds every contract puts on numbers that reach the database or a Date: a larger value is bad
 * input (400 with the envelope), never a query or a conversion that fails (500).
 */

/** The largest row id the database holds (PostgreSQL `integer`). */
export const ROW_ID_MAX = 2_147_483_647;
/** The latest instant a JavaScript Date holds (ms since 1970). */
export const TIME_MAX = 8_640_000_000_000_000;
