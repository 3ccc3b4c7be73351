import { formatOdds, ODDS_SCALE } from './odds';

/**
 * The odds formats a member may choose to read prices in (issue 21, ADR 050); the book keeps
 * decimal ten-thousandths and converts only for display (verticals.md §B1). From decimal d:
 * fractional (d − 1) as a reduced fraction; American +100(d − 1) from 2.00, else −100/(d − 1);
 * Hong Kong d − 1; Malay d − 1 up to 2.00, else −1/(d − 1); Indonesian d − 1 from 2.00
 * (shown with +), else −1/(d − 1). Rounded half away from zero (two decimals; American whole).
 */
export const ODDS_DISPLAY_FORMATS = ['decimal', 'fractional', 'american', 'hk', 'malay', 'indo'] as const;
export type OddsDisplayFormat = (typeof ODDS_DISPLAY_FORMATS)[number];

/** num / den rounded half away from zero. */
const roundDiv = (num: bigint, den: bigint) => {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
};

/** num / den with two decimals, e.g. "-0.67". */
const twoDecimals = (num: bigint, den: bigint, plus = false) => {
  const hundredths = roundDiv(num * 100n, den);
  const abs = hundredths < 0n ? -hundredths : hundredths;
  const sign = hundredths < 0n ? '-' : plus && hundredths > 0n ? '+' : '';
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** Decimal odds (ten-thousandths, above 1.0000) as the member reads them in `format`. */
export const oddsText = (odds: bigint, format: OddsDisplayFormat): string => {
  const profit = odds - ODDS_SCALE;
  if (profit <= 0n) return formatOdds(odds);
  const evensOrMore = odds >= 2n * ODDS_SCALE;
  switch (format) {
    case 'decimal':
      return formatOdds(odds);
    case 'fractional': {
      const g = gcd(profit, ODDS_SCALE);
      return `${profit / g}/${ODDS_SCALE / g}`;
    }
    case 'american':
      return evensOrMore
        ? `+${roundDiv(100n * profit, ODDS_SCALE)}`
        : `${roundDiv(-100n * ODDS_SCALE, profit)}`;
    case 'hk':
      return twoDecimals(profit, ODDS_SCALE);
    case 'malay':
      return odds <= 2n * ODDS_SCALE ? twoDecimals(profit, ODDS_SCALE) : twoDecimals(-ODDS_SCALE, profit);
    case 'indo':
      return evensOrMore ? twoDecimals(profit, ODDS_SCALE, true) : twoDecimals(-ODDS_SCALE, profit);
  }
};
