import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { type LoyaltyWallet, payMember } from './money';
import type { RuleInForce } from './rules';

/**
 * VIP bonuses (ADR 056): the level-up bonus, once per (member, level) the first time the member
 * reaches the level, and the birthday bonus, once per (member, year). Both are cash from the
 * merchant's `bonus` account to the member's main account (`payMember`), claimed first in
 * `loyalty_vip_bonus` under its unique (member, kind, period) key — one `INSERT … SELECT FROM
 * unnest(…) ON CONFLICT DO NOTHING RETURNING` for a whole set — and paid for the rows this
 * statement claimed, in the same transaction, under the ledger key
 * `loyalty:<kind>:<member>:<period>`. Whatever runs again (a second promotion to the level after a
 * demotion, the birthday job twice or on two nodes) claims nothing and pays nothing.
 */
export type VipBonusKind = 'level_up' | 'birthday';

export type VipBonusGrant = { memberId: number; period: string; level: number; amountMinor: bigint };

export type VipBonusPaid = VipBonusGrant & { entryId: string | null };

const KEY_PART: Record<VipBonusKind, string> = { level_up: 'levelup', birthday: 'birthday' };
const ENTRY_KIND = { level_up: 'loyalty.levelup', birthday: 'loyalty.birthday' } as const;

/** The ledger key of one VIP bonus (member and level, or member and year). */
export const vipBonusKey = (kind: VipBonusKind, memberId: number, period: string) =>
  `loyalty:${KEY_PART[kind]}:${memberId}:${period}`;

/**
 * Claims the grants (set-based) and pays those this call claimed, inside `trx`. A zero amount is
 * claimed (the level counts as reached) with no ledger entry. Answers what was claimed now.
 */
export const grantVipBonuses = async (
  trx: Db,
  wallet: LoyaltyWallet,
  p: {
    merchantCode: string;
    currency: string;
    kind: VipBonusKind;
    rule: RuleInForce;
    grants: VipBonusGrant[];
    at: Date;
  },
): Promise<VipBonusPaid[]> => {
  if (p.grants.length === 0) return [];
  const claimed = await sql<{
    id: string;
    member_id: number;
    period: string;
    vip_level: number;
    amount: string;
  }>`
    INSERT INTO loyalty_vip_bonus (merchant_code, member_id, kind, period, vip_level, rule_version,
      amount_minor, created_at)
    SELECT ${p.merchantCode}, g.member_id, ${p.kind}, g.period, g.vip_level, ${p.rule.version}::int,
      g.amount, ${p.at}
    FROM unnest(${p.grants.map((g) => g.memberId)}::int[], ${p.grants.map((g) => g.period)}::text[],
      ${p.grants.map((g) => g.level)}::int[], ${p.grants.map((g) => g.amountMinor.toString())}::bigint[])
      AS g(member_id, period, vip_level, amount)
    ON CONFLICT (member_id, kind, period) DO NOTHING
    RETURNING id, member_id, period, vip_level, amount_minor::text AS amount
  `.execute(trx);
  const paid: VipBonusPaid[] = [];
  for (const row of claimed.rows) {
    const amountMinor = BigInt(row.amount);
    let entryId: string | null = null;
    if (amountMinor > 0n) {
      entryId = await payMember(wallet, trx, {
        merchantCode: p.merchantCode,
        currency: p.currency,
        memberId: row.member_id,
        key: vipBonusKey(p.kind, row.member_id, row.period),
        kind: ENTRY_KIND[p.kind],
        amountMinor,
        metadata: { memberId: row.member_id, vipLevel: row.vip_level, ruleVersion: p.rule.version },
      });
      await trx
        .updateTable('loyalty_vip_bonus')
        .set({ entry_id: entryId })
        .where('id', '=', row.id)
        .execute();
    }
    paid.push({ memberId: row.member_id, period: row.period, level: row.vip_level, amountMinor, entryId });
  }
  return paid;
};

/** The tier's amount of a bonus (a level above the rule's top counts as the top). */
export const tierAmount = (rule: RuleInForce, level: number, kind: VipBonusKind) => {
  const { tiers } = rule.rule.vip;
  const tier = tiers[Math.min(level, tiers.length - 1)];
  const text = kind === 'level_up' ? tier?.levelUpBonusMinor : tier?.birthdayBonusMinor;
  return BigInt(text ?? '0');
};

/** The member's VIP bonuses, newest first (shown on /vip). */
export const vipBonusesOf = async (db: Db, memberId: number, limit = 20) =>
  (
    await db
      .selectFrom('loyalty_vip_bonus')
      .select(['kind', 'period', 'vip_level', sql<string>`amount_minor::text`.as('amount'), 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => ({
    kind: r.kind as VipBonusKind,
    period: r.period,
    level: r.vip_level,
    amountMinor: r.amount,
    at: new Date(r.created_at).getTime(),
  }));
