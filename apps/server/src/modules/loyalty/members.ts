import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** A member's loyalty row (`loyalty_member`): VIP level and points. Created on first use. */
export type LoyaltyMemberRow = {
  memberId: number;
  merchantCode: string;
  vipLevel: number;
  levelSince: Date;
  lastUpgradeDay: string | null;
  points: bigint;
  pointsEarned: bigint;
};

export const ensureLoyaltyMember = async (db: Db, memberId: number, merchantCode: string, at: Date) => {
  await db
    .insertInto('loyalty_member')
    .values({ member_id: memberId, merchant_code: merchantCode, level_since: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
};

/** The member's row, locked for update when `lock` (points and level change one at a time). */
export const loyaltyMemberOf = async (
  db: Db,
  memberId: number,
  merchantCode: string,
  at: Date,
  lock = false,
): Promise<LoyaltyMemberRow> => {
  await ensureLoyaltyMember(db, memberId, merchantCode, at);
  let q = db
    .selectFrom('loyalty_member')
    .select([
      'member_id',
      'merchant_code',
      'vip_level',
      'level_since',
      sql<string | null>`last_upgrade_day::text`.as('last_upgrade_day'),
      'points',
      'points_earned',
    ])
    .where('member_id', '=', memberId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirstOrThrow();
  return {
    memberId: row.member_id,
    merchantCode: row.merchant_code,
    vipLevel: row.vip_level,
    levelSince: new Date(row.level_since),
    lastUpgradeDay: row.last_upgrade_day,
    points: BigInt(row.points),
    pointsEarned: BigInt(row.points_earned),
  };
};

/** VIP levels of members (0 for those without a row). */
export const levelsOf = async (db: Db, memberIds: number[]) => {
  const out = new Map<number, number>();
  if (memberIds.length === 0) return out;
  const rows = await db
    .selectFrom('loyalty_member')
    .select(['member_id', 'vip_level'])
    .where('member_id', 'in', memberIds)
    .execute();
  for (const r of rows) out.set(r.member_id, r.vip_level);
  return out;
};
