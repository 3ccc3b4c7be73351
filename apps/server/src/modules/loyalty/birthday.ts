import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { levelsOf } from './members';
import type { LoyaltyWallet } from './money';
import { dayOf } from './play';
import { ruleInForce } from './rules';
import { grantVipBonuses, tierAmount } from './vip-bonus';

/**
 * Members with a birthday on one of the month-days ('MM-DD') whom marketing may reach at `at`
 * (protection's date of birth and marketing stop, with identity's merchant; composed by app-play.ts).
 */
export type BirthdayMembers = (
  monthDays: string[],
  at: Date,
) => Promise<{ memberId: number; merchantCode: string }[]>;

const leapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthdays celebrated on a UTC day (YYYY-MM-DD): 29 February on 28 February of a common year. */
export const birthdayMonthDays = (day: string) => {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !leapYear(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
};

/** How many members one transaction pays. */
const BATCH = 500;

export type BirthdayReport = { day: string; members: number; paid: number; amountMinor: bigint };

/**
 * The birthday bonus of the UTC day of `at` (ADR 056): every member whose birthday it is — and whom
 * marketing may reach — gets their current VIP tier's `birthdayBonusMinor` (the rule in force at
 * `at`) once for the year, claimed and paid a batch of members per transaction
 * (`grantVipBonuses`, period = the year). Run again the same day (a later hour, another node) it
 * pays nothing more.
 */
export const payBirthdays = async (
  db: Kysely<DB>,
  wallet: LoyaltyWallet,
  deps: {
    birthdays: BirthdayMembers;
    merchants: () => Promise<{ code: string; currency: string }[]>;
    publishBalance: (memberId: number) => void;
  },
  at: Date,
): Promise<BirthdayReport> => {
  const day = dayOf(at);
  const year = day.slice(0, 4);
  const members = await deps.birthdays(birthdayMonthDays(day), at);
  const report: BirthdayReport = { day, members: members.length, paid: 0, amountMinor: 0n };
  for (const merchant of await deps.merchants()) {
    const ids = members.filter((m) => m.merchantCode === merchant.code).map((m) => m.memberId);
    if (ids.length === 0) continue;
    const rule = await ruleInForce(db, merchant.code, at);
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const paid = await db.transaction().execute(async (trx) => {
        const levels = await levelsOf(trx, batch);
        const grants = batch
          .map((memberId) => {
            const level = levels.get(memberId) ?? 0;
            return { memberId, period: year, level, amountMinor: tierAmount(rule, level, 'birthday') };
          })
          .filter((g) => g.amountMinor > 0n);
        return grantVipBonuses(trx, wallet, {
          merchantCode: merchant.code,
          currency: merchant.currency,
          kind: 'birthday',
          rule,
          grants,
          at,
        });
      });
      for (const p of paid) {
        report.paid += 1;
        report.amountMinor += p.amountMinor;
        deps.publishBalance(p.memberId);
      }
    }
  }
  return report;
};
