/**
 * Sportsbook odds and payout maths (issue 21), exact: decimal odds are integer ten-thousandths
 * (1.9500 → 19_500n), stakes and payouts integer minor units, and a multiple's combined odds are
 * kept as an exact fraction, so the payout is floored once, at the end.
 */

/** Decimal odds are stored × 10 000 (ten-thousandths). */
export const ODDS_SCALE = 10_000n;
/** The smallest decimal odds a selection can carry (1.0001). */
export const MIN_ODDS = ODDS_SCALE + 1n;

/** How a leg (or a single) ended for the bettor. */
export const LEG_OUTCOMES = ['win', 'half_win', 'push', 'half_loss', 'loss', 'void'] as const;
export type LegOutcome = (typeof LEG_OUTCOMES)[number];

/**
 * The factor a settled leg multiplies the stake by, as a numerator over 2 × ODDS_SCALE:
 * win → o, half win → (o − 1)/2 + 1, push and void → 1, half loss → 0.5, loss → 0
 * (SBOBET's parlay rules; verticals.md §B1).
 */
export const LEG_DENOMINATOR = 2n * ODDS_SCALE;
export const legFactor = (outcome: LegOutcome, odds: bigint): bigint => {
  switch (outcome) {
    case 'win':
      return 2n * odds;
    case 'half_win':
      return odds + ODDS_SCALE;
    case 'push':
    case 'void':
      return 2n * ODDS_SCALE;
    case 'half_loss':
      return ODDS_SCALE;
    case 'loss':
      return 0n;
  }
};

/**
 * A dead heat (verticals.md §B1, Betby §5.19): `tied` selections finished level for `places`
 * paying places (1 ≤ places < tied), so a winning leg is paid on places/tied of its stake at full
 * odds and the rest is lost — a single returns stake × places/tied × o, a multiple's leg counts
 * o × places/tied.
 */
export type DeadHeat = { places: number; tied: number };

/** A dead heat that can be settled: whole numbers with 1 ≤ places < tied ≤ 1000. */
export const isDeadHeat = (d: DeadHeat) =>
  Number.isInteger(d.places) &&
  Number.isInteger(d.tied) &&
  d.places >= 1 &&
  d.places < d.tied &&
  d.tied <= 1000;

/** A settled leg: its outcome, the odds it took and, on a winning leg, a dead heat if any. */
export type SettledLeg = { outcome: LegOutcome; odds: bigint; deadHeat?: DeadHeat | null | undefined };

/**
 * A settled leg's factor as an exact fraction: legFactor over LEG_DENOMINATOR, times
 * places/tied when a winning leg dead-heated.
 */
export const settledLegFraction = (leg: SettledLeg) => {
  const factor = legFactor(leg.outcome, leg.odds);
  if (!leg.deadHeat || leg.outcome !== 'win') return { numerator: factor, denominator: LEG_DENOMINATOR };
  if (!isDeadHeat(leg.deadHeat)) throw new RangeError('dead heat: 1 ≤ places < tied');
  return {
    numerator: factor * BigInt(leg.deadHeat.places),
    denominator: LEG_DENOMINATOR * BigInt(leg.deadHeat.tied),
  };
};

/**
 * The payout of a single or a multiple: stake × Π leg fractions, floored once to the minor unit
 * (combined odds, dead-heat reductions included, are never rounded before: the house keeps the
 * fraction of a minor unit).
 */
export const betPayoutOf = (stakeMinor: bigint, legs: readonly SettledLeg[]) => {
  let numerator = stakeMinor;
  let denominator = 1n;
  for (const leg of legs) {
    const f = settledLegFraction(leg);
    numerator *= f.numerator;
    denominator *= f.denominator;
  }
  return numerator / denominator;
};

/** The potential return if every leg wins: stake × Π odds / SCALE^n, floored once. */
export const potentialPayoutOf = (stakeMinor: bigint, odds: readonly bigint[]) => {
  let numerator = stakeMinor;
  let denominator = 1n;
  for (const o of odds) {
    numerator *= o;
    denominator *= ODDS_SCALE;
  }
  return numerator / denominator;
};

/** Odds from a text like "1.95" (at most four decimals); null when not valid. */
export const parseOdds = (text: string): bigint | null => {
  const m = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  const odds = BigInt(m[1] as string) * ODDS_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
  return odds >= MIN_ODDS ? odds : null;
};

/** Ten-thousandths as a decimal text with `digits` decimals (truncated), e.g. 19_500n → "1.95". */
export const formatOdds = (odds: bigint, digits = 2) => {
  const negative = odds < 0n;
  const abs = negative ? -odds : odds;
  const whole = abs / ODDS_SCALE;
  const frac = (abs % ODDS_SCALE).toString().padStart(4, '0').slice(0, digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
};

export const ODDS_FORMATS = ['decimal', 'hk', 'malay', 'indo'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/**
 * Decimal odds in another format, in ten-thousandths (truncated toward zero): Hong Kong d − 1;
 * Malay d − 1 up to 2.0, else −1/(d − 1); Indonesian d − 1 from 2.0, else −1/(d − 1).
 * A negative Malay/Indo price means the stake is the amount to win (verticals.md §B1).
 */
export const convertOdds = (odds: bigint, format: OddsFormat): bigint => {
  const profit = odds - ODDS_SCALE;
  const negative = () => -((ODDS_SCALE * ODDS_SCALE) / profit);
  switch (format) {
    case 'decimal':
      return odds;
    case 'hk':
      return profit;
    case 'malay':
      return odds <= 2n * ODDS_SCALE ? profit : negative();
    case 'indo':
      return odds >= 2n * ODDS_SCALE ? profit : negative();
  }
};
