import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import type { VnBetRow, VnBetStatus } from './vn-store';

/** Queries of the Vietnamese lotteries' bets (`lottery_vn_bet`). */

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

type BetDbRow = {
  id: string;
  merchant_code: string;
  member_id: number;
  request_key: string;
  seq: number;
  draw_id: string;
  bet_type: string;
  numbers: unknown;
  stake_minor: string;
  currency: string;
  rule_id: string;
  payout_milli: string;
  status: string;
  payout_minor: string;
  owed_minor: string;
  settled_version: number;
  balance_after_stake_minor: string;
  placed_at: Date;
  settled_at: Date | null;
};

const toBet = (r: BetDbRow): VnBetRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  requestKey: r.request_key,
  seq: r.seq,
  drawId: r.draw_id,
  betType: r.bet_type as VnBetRow['betType'],
  numbers: json(r.numbers),
  stakeMinor: BigInt(r.stake_minor),
  currency: r.currency,
  ruleId: String(r.rule_id),
  payoutMilli: BigInt(r.payout_milli),
  status: r.status as VnBetStatus,
  payoutMinor: BigInt(r.payout_minor),
  owedMinor: BigInt(r.owed_minor),
  settledVersion: r.settled_version,
  balanceAfterStakeMinor: BigInt(r.balance_after_stake_minor),
  placedAt: r.placed_at,
  settledAt: r.settled_at,
});

export const insertVnBet = (db: Db, bet: VnBetRow) =>
  db
    .insertInto('lottery_vn_bet')
    .values({
      id: bet.id,
      merchant_code: bet.merchantCode,
      member_id: bet.memberId,
      request_key: bet.requestKey,
      seq: bet.seq,
      draw_id: bet.drawId,
      bet_type: bet.betType,
      numbers: JSON.stringify(bet.numbers),
      stake_minor: bet.stakeMinor.toString(),
      currency: bet.currency,
      rule_id: bet.ruleId,
      payout_milli: bet.payoutMilli.toString(),
      status: bet.status,
      payout_minor: '0',
      balance_after_stake_minor: bet.balanceAfterStakeMinor.toString(),
      placed_at: bet.placedAt,
    })
    .execute();

export const betsOfRequest = async (db: Db, memberId: number, requestKey: string) =>
  (
    await db
      .selectFrom('lottery_vn_bet')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .orderBy('seq')
      .execute()
  ).map(toBet);

export const vnBetsOfMember = async (db: Db, memberId: number, count: number) =>
  (
    await db
      .selectFrom('lottery_vn_bet as b')
      .innerJoin('lottery_vn_draw as d', 'd.id', 'b.draw_id')
      .selectAll('b')
      .select(['d.issue_no', 'd.region'])
      .where('b.member_id', '=', memberId)
      .orderBy('b.placed_at', 'desc')
      .orderBy('b.seq', 'desc')
      .limit(count)
      .execute()
  ).map((r) => ({ ...toBet(r), issueNo: r.issue_no, region: r.region }));

/** Bets of a draw not settled at `version` yet (void bets are done). */
export const betsBehind = async (db: Db, drawId: string, version: number, limit: number) =>
  (
    await db
      .selectFrom('lottery_vn_bet')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('settled_version', '<', version)
      .where('status', '<>', 'void')
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map(toBet);

export type VnOutcome = {
  id: string;
  status: 'won' | 'lost';
  payoutMinor: bigint;
  /** The version the bet was at when evaluated: the update only moves a bet still there. */
  fromVersion: number;
  version: number;
};

/**
 * One set-based update moves the bets still at their evaluated version to the new one and
 * answers them (a bet's payout only changes with its version, so the payout read with
 * `fromVersion` is the one it had: the delta to pay is new − that).
 */
export const settleVnBets = async (db: Db, outcomes: VnOutcome[], now: Date) => {
  if (outcomes.length === 0) return [];
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::uuid, ${o.status}::text, ${o.payoutMinor.toString()}::bigint, ${o.fromVersion}::int, ${o.version}::int)`,
    ),
  );
  const result = await sql<BetDbRow>`
    UPDATE lottery_vn_bet b
       SET status = v.status, payout_minor = v.payout, settled_version = v.version, settled_at = ${now}
      FROM (VALUES ${values}) AS v(id, status, payout, from_version, version)
     WHERE b.id = v.id AND b.settled_version = v.from_version AND b.status <> 'void'
    RETURNING b.*`.execute(db);
  return result.rows.map(toBet);
};

/** Records what a correction could not take back (the member's balance was short). */
export const addOwed = (db: Db, id: string, owedMinor: bigint) =>
  db
    .updateTable('lottery_vn_bet')
    .set((eb) => ({ owed_minor: eb('owed_minor', '+', owedMinor.toString()) }))
    .where('id', '=', id)
    .execute();

/** Voids the open bets of a void draw, set-based; answers the rows this call voided. */
export const voidOpenVnBets = async (db: Db, drawId: string, limit: number, now: Date) => {
  const result = await sql<BetDbRow>`
    UPDATE lottery_vn_bet SET status = 'void', settled_at = ${now}
     WHERE id IN (SELECT id FROM lottery_vn_bet WHERE draw_id = ${drawId} AND status = 'open' ORDER BY id LIMIT ${limit})
       AND status = 'open'
    RETURNING *`.execute(db);
  return result.rows.map(toBet);
};

/**
 * Adds liability to a number of a Vietnamese draw unless that would pass the cap (false: sold
 * out). One conditional upsert: concurrent slips serialise on the row and never pass the cap.
 */
export const addVnExposure = async (db: Db, drawId: string, key: string, liability: bigint, cap: bigint) => {
  if (liability > cap) return false;
  const row = await sql<{ liability_minor: string }>`
    INSERT INTO lottery_vn_exposure (draw_id, number_key, liability_minor)
    VALUES (${drawId}::uuid, ${key}, ${liability.toString()}::bigint)
    ON CONFLICT (draw_id, number_key) DO UPDATE
      SET liability_minor = lottery_vn_exposure.liability_minor + EXCLUDED.liability_minor
      WHERE lottery_vn_exposure.liability_minor + EXCLUDED.liability_minor <= ${cap.toString()}::bigint
    RETURNING liability_minor`.execute(db);
  return row.rows.length > 0;
};

/** A draw's exposure per number, largest first (the back office's view). */
export const vnExposureOf = async (db: Db, drawId: string, limit = 100) =>
  (
    await db
      .selectFrom('lottery_vn_exposure')
      .select(['number_key', 'liability_minor'])
      .where('draw_id', '=', drawId)
      .orderBy('liability_minor', 'desc')
      .orderBy('number_key')
      .limit(limit)
      .execute()
  ).map((r) => ({ number: r.number_key, liabilityMinor: BigInt(r.liability_minor) }));
