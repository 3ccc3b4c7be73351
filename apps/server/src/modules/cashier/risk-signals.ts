import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** A finding of the risk scan (protection's `RiskSource`, docs/decisions/054). */
type Signal = {
  memberId: number;
  kind: 'sharedPayout' | 'rapidCycle';
  key: string;
  detail: Record<string, unknown>;
};

/**
 * The rapid-cycle rule of a merchant (its licence profile's, docs/decisions/057): a withdrawal
 * asked for within `hours` after a deposit was credited, taking at least `percent` of it back out.
 */
export type RapidCycleRule = { merchantCode: string; hours: number; percent: number };
/** The rules of the scan: each merchant's own, the default for the others. */
export type RapidCycleRules = { merchants: RapidCycleRule[]; otherwise: { hours: number; percent: number } };

const masked = (number: string) => `••••${number.slice(-4)}`;

/**
 * The cashier's risk signals (docs/decisions/054), read from its own tables:
 * - `sharedPayout`: a payout account (channel and number) bound by, or withdrawn to by, two or
 *   more members — one flag per member and account, naming the others;
 * - `rapidCycle`: a deposit credited since `since`, followed within the merchant's `hours` by a
 *   withdrawal of at least its `percent` of it — one flag per deposit, set-based over every
 *   merchant's rule at once.
 */
export const cashierRiskSignals = (db: Db) => ({
  sharedPayout: async (since: Date): Promise<Signal[]> => {
    const rows = await sql<{ member_id: number; channel: string; number: string; members: number[] }>`
      WITH accounts AS (
        SELECT member_id, payout_channel AS channel, payout_number AS number FROM cashier_member
          WHERE payout_number IS NOT NULL AND payout_channel IS NOT NULL
        UNION
        SELECT member_id, channel, number FROM cashier_withdrawal WHERE created_at >= ${since}
      ),
      shared AS (
        SELECT channel, number, array_agg(DISTINCT member_id) AS members FROM accounts
          GROUP BY channel, number HAVING count(DISTINCT member_id) > 1
      )
      SELECT DISTINCT a.member_id, s.channel, s.number, s.members FROM shared s
        JOIN accounts a ON a.channel = s.channel AND a.number = s.number
    `.execute(db);
    return rows.rows.map((r) => ({
      memberId: Number(r.member_id),
      kind: 'sharedPayout' as const,
      key: `${r.channel}:${r.number}`,
      detail: {
        channel: r.channel,
        account: masked(r.number),
        members: r.members
          .map(Number)
          .filter((id) => id !== Number(r.member_id))
          .sort((a, b) => a - b),
      },
    }));
  },
  rapidCycle: async (since: Date, rules: RapidCycleRules): Promise<Signal[]> => {
    const own = rules.merchants.length
      ? sql`VALUES ${sql.join(rules.merchants.map((r) => sql`(${r.merchantCode}::text, ${r.hours}::integer, ${r.percent}::integer)`))}`
      : sql`SELECT NULL::text, NULL::integer, NULL::integer WHERE false`;
    const rows = await sql<{
      member_id: number;
      deposit_id: string;
      deposited: string;
      withdrawal_id: string;
      withdrawn: string;
      minutes: number;
    }>`
      SELECT DISTINCT ON (d.id) d.member_id, d.id AS deposit_id, d.amount AS deposited,
          w.id AS withdrawal_id, w.amount AS withdrawn,
          floor(extract(epoch FROM (w.created_at - d.decided_at)) / 60)::integer AS minutes
        FROM cashier_deposit d
        LEFT JOIN (${own}) AS rule (merchant_code, hours, percent) ON rule.merchant_code = d.merchant_code
        JOIN cashier_withdrawal w ON w.member_id = d.member_id
          AND w.created_at >= d.decided_at
          AND w.created_at < d.decided_at
            + make_interval(hours => coalesce(rule.hours, ${rules.otherwise.hours}::integer))
          AND w.amount * 100 >= d.amount * coalesce(rule.percent, ${rules.otherwise.percent}::integer)
        WHERE d.status = 'approved' AND d.decided_at >= ${since}
        ORDER BY d.id, w.created_at
    `.execute(db);
    return rows.rows.map((r) => ({
      memberId: Number(r.member_id),
      kind: 'rapidCycle' as const,
      key: `deposit:${r.deposit_id}`,
      detail: {
        deposit: String(r.deposited),
        withdrawal: String(r.withdrawn),
        minutes: Number(r.minutes),
        withdrawalId: String(r.withdrawal_id),
      },
    }));
  },
});
