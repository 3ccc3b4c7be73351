/**
 * Lottery rules shared by the server and the browser (spec §3, §4, §9; API-FACTS §2.6). Zod-free.
 */

/** Prize modes of the lottery vendor (spec §3). */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** Cards of the electronic-lottery lane that make the prize mode ELOTT (spec §4). */
export const ELOTT_PRIZE_CARDS = ['TCG_LOTTO_VN', 'LOTT'] as const;

/**
 * The brand's prize mode (spec §4): ELOTT if the electronic lottery lane holds a TCG_LOTTO_VN or
 * LOTT card, else LOTT.
 */
export const prizeModeOf = (
  lanes: readonly { title: string; cards: readonly { vassalage: string }[] }[],
): PrizeMode => {
  const elott = lanes.find((lane) => lane.title === 'ELOTT');
  const holds = elott?.cards.some((card) =>
    (ELOTT_PRIZE_CARDS as readonly string[]).includes(card.vassalage.toUpperCase()),
  );
  return holds ? 'ELOTT' : 'LOTT';
};

/** Recent lotteries asked for (spec §9) and the popular list's length. */
export const LOTTERY_RECENT_COUNT = 100;
export const LOTTERY_POPULAR_COUNT = 20;

/** Menu groups (`gameGroupCode`), in the order the lottery list shows them. */
export const LOTTERY_GROUPS = ['VN', 'KENO', 'LOTTO', 'DIGITS', 'RACING', 'WHEEL'] as const;
export type LotteryGroup = (typeof LOTTERY_GROUPS)[number];

/** The poll of the lottery list (spec §9): never later than this, and this soon after a draw. */
export const LOTTERY_POLL_MAX_S = 30;
export const LOTTERY_POLL_AFTER_DRAW_S = 7;

/**
 * Seconds until the lottery list asks again (spec §9): the smallest time left to bet (remaining
 * time less the lock time), at most 30 s; 7 s when that is 0 or less (a draw is on).
 */
export const lotteryPollSeconds = (items: readonly { remainTime: number; lockTime: number }[]) => {
  if (items.length === 0) return LOTTERY_POLL_MAX_S;
  const least = Math.min(...items.map((item) => item.remainTime - item.lockTime));
  if (least <= 0) return LOTTERY_POLL_AFTER_DRAW_S;
  return Math.min(least, LOTTERY_POLL_MAX_S);
};

/** Weekday numbers of `drawDayOfWeek` and the weekday filter: 1..7 are Sunday..Saturday (spec §9). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The weekday number of a JavaScript day (`Date#getDay()`, 0 = Sunday). */
export const weekdayNumber = (jsDay: number) => jsDay + 1;

/** Open (issue) numbers show at most 6 digits (spec §9): the last six. */
export const shortNumero = (numero: string) => numero.replace(/\D/g, '').slice(-6);

/** A draw time as the lottery list writes it (spec §9: date format YYYY.MM.DD), in local time. */
export const formatDrawTime = (epochMs: number, date = new Date(epochMs)) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};
