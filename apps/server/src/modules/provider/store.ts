import { sql } from 'kysely';
import type { ProviderTxState } from '../../db/schema';
import type { Db } from '../../shared/db';

/** Provider queries: vendor secrets, sessions, transactions and rounds. No rules here. */

export const readVendorConfig = (db: Db, merchantCode: string, vendorCode: string) =>
  db
    .selectFrom('provider_vendor')
    .select(['merchant_code', 'vendor_code', 'secret', 'launch_url', 'enabled'])
    .where('merchant_code', '=', merchantCode)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();

export const readMember = (db: Db, merchantCode: string, memberId: number) =>
  db
    .selectFrom('member')
    .select(['id', 'merchant_code', 'status', 'nickname', 'username', 'type'])
    .where('id', '=', memberId)
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();

export const insertSession = (
  db: Db,
  row: {
    token_hash: string;
    merchant_code: string;
    vendor_code: string;
    member_id: number;
    game_node_id: string;
    created_at: Date;
    expires_at: Date;
  },
) => db.insertInto('provider_session').values(row).execute();

export const deleteExpiredSessions = (db: Db, before: Date) =>
  db.deleteFrom('provider_session').where('expires_at', '<', before).executeTakeFirst();

export const readLaunchToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom('provider_launch_token')
    .select(['merchant_code', 'vendor_code', 'member_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();

export const insertLaunchToken = (
  db: Db,
  row: {
    token_hash: string;
    merchant_code: string;
    vendor_code: string;
    member_id: number;
    game_node_id: string;
    created_at: Date;
    expires_at: Date;
  },
) => db.insertInto('provider_launch_token').values(row).execute();

/**
 * Marks a launch token used, once: a single conditional UPDATE, so of two exchanges (or a late
 * one) at most one gets the row back. Tokens of another merchant or vendor are not touched.
 */
export const claimLaunchToken = (
  db: Db,
  key: { tokenHash: string; merchantCode: string; vendorCode: string; now: Date },
) =>
  db
    .updateTable('provider_launch_token')
    .set({ used_at: key.now })
    .where('token_hash', '=', key.tokenHash)
    .where('merchant_code', '=', key.merchantCode)
    .where('vendor_code', '=', key.vendorCode)
    .where('used_at', 'is', null)
    .where('expires_at', '>', key.now)
    .returning(['member_id', 'game_node_id'])
    .executeTakeFirst();

export const deleteExpiredLaunchTokens = (db: Db, before: Date) =>
  db.deleteFrom('provider_launch_token').where('expires_at', '<', before).executeTakeFirst();

export const readGame = (db: Db, nodeId: string) =>
  db
    .selectFrom('game')
    .select(['node_id', 'vendor_code', 'game_type'])
    .where('node_id', '=', nodeId)
    .executeTakeFirst();

export const readBalance = async (db: Db, accountId: string) => {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
};

export type TxKey = { merchantCode: string; vendorCode: string; txId: string };

const TX_COLUMNS = [
  'tx_id',
  'action',
  'member_id',
  'round_id',
  'ref_tx_id',
  'amount',
  'request_hash',
  'state',
  'answer',
  'entry_id',
] as const;

/**
 * Claims a transaction id: inserts its row, or returns nothing when the id is taken. A
 * concurrent claimer of the same id waits here until the first commits or rolls back.
 */
export const claimTx = async (
  db: Db,
  row: TxKey & {
    action: 'bet' | 'win' | 'rollback' | 'endRound';
    memberId: number;
    roundId: string;
    refTxId?: string | null;
    amount: bigint;
    requestHash: string | null;
    state: ProviderTxState;
    answer: unknown;
    now: Date;
  },
) => {
  const claimed = await db
    .insertInto('provider_tx')
    .values({
      merchant_code: row.merchantCode,
      vendor_code: row.vendorCode,
      tx_id: row.txId,
      action: row.action,
      member_id: row.memberId,
      round_id: row.roundId,
      ref_tx_id: row.refTxId ?? null,
      amount: row.amount.toString(),
      request_hash: row.requestHash,
      state: row.state,
      answer: JSON.stringify(row.answer),
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code', 'tx_id']).doNothing())
    .returning('tx_id')
    .executeTakeFirst();
  return claimed !== undefined;
};

/**
 * The member and, when `txId` is given, that transaction's committed record (no lock) in one
 * read: a repeat is answered from it without a transaction (balance and rollback; bet, win and
 * endRound read both inside their database function, migration 0018).
 */
export const readMemberWithTx = async (
  db: Db,
  key: { merchantCode: string; memberId: number; vendorCode: string; txId: string | undefined },
) => {
  const row = await db
    .selectFrom('member as m')
    .leftJoin('provider_tx as t', (join) =>
      join
        .on('t.merchant_code', '=', key.merchantCode)
        .on('t.vendor_code', '=', key.vendorCode)
        .on('t.tx_id', '=', key.txId ?? ''),
    )
    .select([
      'm.id',
      'm.merchant_code',
      'm.status',
      'm.nickname',
      'm.username',
      'm.type',
      't.member_id as tx_member_id',
      't.request_hash as tx_request_hash',
      't.answer as tx_answer',
    ])
    .where('m.id', '=', key.memberId)
    .where('m.merchant_code', '=', key.merchantCode)
    .executeTakeFirst();
  if (!row) return undefined;
  const { tx_member_id, tx_request_hash, tx_answer, ...member } = row;
  return {
    member,
    tx:
      key.txId !== undefined && tx_member_id !== null
        ? { member_id: tx_member_id, request_hash: tx_request_hash, answer: tx_answer }
        : null,
  };
};

export const readTxForUpdate = (db: Db, key: TxKey) =>
  db
    .selectFrom('provider_tx')
    .select(TX_COLUMNS)
    .where('merchant_code', '=', key.merchantCode)
    .where('vendor_code', '=', key.vendorCode)
    .where('tx_id', '=', key.txId)
    .forUpdate()
    .executeTakeFirst();

export const updateTx = (
  db: Db,
  key: TxKey,
  set: {
    state?: ProviderTxState;
    answer?: unknown;
    requestHash?: string;
    entryId?: string | null;
    refundEntryId?: string | null;
    now: Date;
  },
) =>
  db
    .updateTable('provider_tx')
    .set({
      ...(set.state ? { state: set.state } : {}),
      ...(set.answer !== undefined ? { answer: JSON.stringify(set.answer) } : {}),
      ...(set.requestHash ? { request_hash: set.requestHash } : {}),
      ...(set.entryId !== undefined ? { entry_id: set.entryId } : {}),
      ...(set.refundEntryId !== undefined ? { refund_entry_id: set.refundEntryId } : {}),
      updated_at: set.now,
    })
    .where('merchant_code', '=', key.merchantCode)
    .where('vendor_code', '=', key.vendorCode)
    .where('tx_id', '=', key.txId)
    .execute();

/** Applied bets of a round (not rolled back), oldest first: what the sweeper refunds. */
export const readAppliedBets = (db: Db, merchantCode: string, vendorCode: string, roundId: string) =>
  db
    .selectFrom('provider_tx')
    .select(TX_COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .where('action', '=', 'bet')
    .where('state', '=', 'applied')
    .orderBy('created_at')
    .orderBy('tx_id')
    .forUpdate()
    .execute();

const ROUND_COLUMNS = [
  'id',
  'merchant_code',
  'vendor_code',
  'external_round_id',
  'member_id',
  'game_node_id',
  'currency',
  'status',
  'stake',
  'payout',
  'has_result',
  'game_round_id',
  'last_activity_at',
] as const;

export type RoundKey = { merchantCode: string; vendorCode: string; externalRoundId: string };

export const readRoundForUpdate = (db: Db, key: RoundKey) =>
  db
    .selectFrom('provider_round')
    .select(ROUND_COLUMNS)
    .where('merchant_code', '=', key.merchantCode)
    .where('vendor_code', '=', key.vendorCode)
    .where('external_round_id', '=', key.externalRoundId)
    .forUpdate()
    .executeTakeFirst();

export type ProviderRoundRow = NonNullable<Awaited<ReturnType<typeof readRoundForUpdate>>>;

export const updateRound = (
  db: Db,
  id: string,
  set: {
    stakeDelta?: bigint;
    payoutDelta?: bigint;
    hasResult?: boolean;
    status?: 'open' | 'settled' | 'cancelled';
    gameRoundId?: string;
    now: Date;
  },
) =>
  db
    .updateTable('provider_round')
    .set({
      stake: sql`stake + ${(set.stakeDelta ?? 0n).toString()}::bigint`,
      payout: sql`payout + ${(set.payoutDelta ?? 0n).toString()}::bigint`,
      ...(set.hasResult ? { has_result: true } : {}),
      ...(set.status ? { status: set.status, closed_at: set.status === 'open' ? null : set.now } : {}),
      ...(set.gameRoundId ? { game_round_id: set.gameRoundId } : {}),
      last_activity_at: set.now,
    })
    .where('id', '=', id)
    .returning(ROUND_COLUMNS)
    .executeTakeFirstOrThrow();

/** Open rounds idle since before `before`, oldest first. */
export const readIdleRounds = (db: Db, before: Date, limit: number) =>
  db
    .selectFrom('provider_round')
    .select(['merchant_code', 'vendor_code', 'external_round_id'])
    .where('status', '=', 'open')
    .where('last_activity_at', '<=', before)
    .orderBy('last_activity_at')
    .limit(limit)
    .execute();
