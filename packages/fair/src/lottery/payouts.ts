/**
 * Default payout tables (thousandths by outcome key; see bets.ts), each bet type about 95 % RTP
 * (exact figures: rtp.test.ts). They seed a merchant's first rule version; the back office edits
 * copies of them, never these.
 */

import type { BetType, PayoutTable } from './bets';
import type { LotteryKind } from './draw';

const KENO: PayoutTable = {
  '1:1': 3800,
  '2:2': 15790,
  '3:2': 2630,
  '3:3': 42130,
  '4:2': 1550,
  '4:3': 7750,
  '4:4': 93030,
  '5:3': 2380,
  '5:4': 23840,
  '5:5': 715470,
  '6:3': 1610,
  '6:4': 8080,
  '6:5': 97060,
  '6:6': 1617750,
  '7:0': 1080,
  '7:3': 1080,
  '7:4': 4350,
  '7:5': 21750,
  '7:6': 217560,
  '7:7': 2175600,
  '8:0': 980,
  '8:4': 1960,
  '8:5': 14740,
  '8:6': 98300,
  '8:7': 983030,
  '8:8': 9830340,
  '9:0': 1060,
  '9:4': 1060,
  '9:5': 5320,
  '9:6': 42600,
  '9:7': 319500,
  '9:8': 4260080,
  '9:9': 21300400,
  '10:0': 2710,
  '10:5': 2710,
  '10:6': 20370,
  '10:7': 135830,
  '10:8': 1358350,
  '10:9': 6791770,
  '10:10': 67917760,
};

const LOTTO_545: PayoutTable = {
  '1:1': 8550,
  '2:2': 94040,
  '3:2': 22460,
  '3:3': 449340,
  '4:2': 11050,
  '4:3': 110580,
  '4:4': 2211640,
  '5:2': 4510,
  '5:3': 45190,
  '5:4': 1355920,
  '5:5': 90394940,
};

const LOTTO_655: PayoutTable = {
  '1:1': 8700,
  '2:2': 94040,
  '3:2': 21950,
  '3:3': 439170,
  '4:2': 10640,
  '4:3': 106430,
  '4:4': 2128790,
  '5:2': 4170,
  '5:3': 41720,
  '5:4': 1251730,
  '5:5': 41724400,
  '6:3': 21320,
  '6:4': 639630,
  '6:5': 21321210,
  '6:6': 2132121820,
};

const DIGITS = (count: number): Partial<Record<BetType, PayoutTable>> => ({
  position: { hit: 9500 },
  straight: { hit: 950 * 10 ** count },
  bigsmall: { hit: 1900 },
  oddeven: { hit: 1900 },
  dragontiger: { dragon: 2110, tiger: 2110, tie: 9500 },
});

/** The default payout table of each kind's bet types. */
export const DEFAULT_PAYOUTS: Record<LotteryKind, Partial<Record<BetType, PayoutTable>>> = {
  keno: { pick: KENO },
  lotto545: { pick: LOTTO_545 },
  lotto655: { pick: LOTTO_655 },
  digits3: DIGITS(3),
  digits4: DIGITS(4),
  digits5: DIGITS(5),
  racing10: { first: { hit: 9500 }, top3: { hit: 3160 } },
};
