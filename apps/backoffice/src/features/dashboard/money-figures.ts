/** The money dashboard's figures, in the order the tiles and the merchant table show them. */
export const MONEY_KEYS = [
  'deposits',
  'withdrawals',
  'netDeposits',
  'bets',
  'wins',
  'ggr',
  'bonusCost',
] as const;
export type MoneyKey = (typeof MONEY_KEYS)[number];

/** Minor units ("-123450") as the decimal string the amount formatter takes ("-1234.50"), exactly. */
export const minorToDecimal = (minor: string) => {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** Minor units as a chart's number of major units (charts only: a float is fine for a bar's height). */
export const minorToChart = (minor: string) => Number(BigInt(minor)) / 100;
