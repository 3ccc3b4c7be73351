import { BET_RECORDS_PAGE_SIZE } from '@khela/contract';
import { sql } from 'kysely';
import type { GameRoundStatus, Localized } from '../../db/schema';
import type { Db } from '../../shared/db';
import { formatMinorString } from './slot';
import { nameIn } from './store';

/**
 * Betting record (personalHistoryCopy, `GET /wps/relay/MCSFE_getBetRecords`): a member's real
 * rounds, in-house and third-party, newest first, 15 a page, filtered by game type (a lane such
 * as ESPORTS matches the SPORTS vendors of that lane), vendor and time range.
 */

export type BetRecordFilter = {
  memberId: number;
  from: Date;
  to: Date;
  gameType?: string | undefined;
  vendor?: string | undefined;
};

const filtered = (db: Db, f: BetRecordFilter) => {
  let query = db
    .selectFrom('game_round as r')
    .leftJoin('game as g', 'g.node_id', 'r.game_node_id')
    .where('r.member_id', '=', f.memberId)
    .where('r.mode', '=', 'real')
    .where('r.opened_at', '>=', f.from)
    .where('r.opened_at', '<=', f.to);
  if (f.vendor) query = query.where('r.vendor_code', '=', f.vendor);
  const gameType = f.gameType;
  if (gameType) {
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('r.game_type', '=', gameType),
          eb.not(
            eb.exists(
              eb
                .selectFrom('vendor as lv')
                .select('lv.code')
                .whereRef('lv.code', '=', 'r.vendor_code')
                .whereRef('lv.game_type', '=', 'r.game_type')
                .where('lv.lane', 'is not', null),
            ),
          ),
        ]),
        eb.exists(
          eb
            .selectFrom('vendor as lv')
            .select('lv.code')
            .whereRef('lv.code', '=', 'r.vendor_code')
            .whereRef('lv.game_type', '=', 'r.game_type')
            .where('lv.lane', '=', gameType as 'ESPORTS' | 'COCKFIGHT'),
        ),
      ]),
    );
  }
  return query;
};

export type BetRecordRow = {
  id: string;
  game_node_id: string | null;
  game_type: string;
  vendor_code: string;
  status: GameRoundStatus;
  stake_minor: string;
  payout_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  opened_at: Date;
  settled_at: Date | null;
  server_seed_id: string | null;
  display_name: Localized | null;
};

export const RECORD_COLUMNS = [
  'r.id',
  'r.game_node_id',
  'r.game_type',
  'r.vendor_code',
  'r.status',
  'r.stake_minor',
  'r.payout_minor',
  'r.balance_before_minor',
  'r.balance_after_minor',
  'r.opened_at',
  'r.settled_at',
  'r.server_seed_id',
  'g.display_name',
] as const;

export const betRecordOf = (r: BetRecordRow, language: string) => {
  const stake = BigInt(r.stake_minor);
  const payout = BigInt(r.payout_minor);
  return {
    roundId: r.id,
    nodeId: r.game_node_id,
    gameName: nameIn(r.display_name, language) || r.game_node_id || r.vendor_code,
    gameType: r.game_type,
    vendor: r.vendor_code,
    status: r.status,
    stake: formatMinorString(stake),
    stakeMinor: stake.toString(),
    payout: formatMinorString(payout),
    payoutMinor: payout.toString(),
    profit: formatMinorString(payout - stake),
    profitMinor: (payout - stake).toString(),
    balanceBefore: r.balance_before_minor === null ? null : formatMinorString(r.balance_before_minor),
    balanceAfter: r.balance_after_minor === null ? null : formatMinorString(r.balance_after_minor),
    provablyFair: r.server_seed_id !== null,
    openedAt: new Date(r.opened_at).getTime(),
    settledAt: r.settled_at ? new Date(r.settled_at).getTime() : null,
  };
};

export const readBetRecords = async (db: Db, f: BetRecordFilter, pageNo: number, language: string) => {
  const pageSize = BET_RECORDS_PAGE_SIZE;
  const totals = await filtered(db, f)
    .select([
      sql<string>`count(*)::text`.as('n'),
      sql<string>`coalesce(sum(r.stake_minor), 0)::text`.as('stake'),
      sql<string>`coalesce(sum(r.payout_minor), 0)::text`.as('payout'),
    ])
    .executeTakeFirstOrThrow();
  const rows = (await filtered(db, f)
    .select(RECORD_COLUMNS)
    .orderBy('r.opened_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute()) as BetRecordRow[];
  const total = Number(totals.n);
  const stake = BigInt(totals.stake);
  const payout = BigInt(totals.payout);
  return {
    list: rows.map((r) => betRecordOf(r, language)),
    pageNo,
    pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / pageSize),
    startTime: f.from.getTime(),
    endTime: f.to.getTime(),
    summary: {
      stake: formatMinorString(stake),
      payout: formatMinorString(payout),
      profit: formatMinorString(payout - stake),
    },
  };
};

export const readBetRecord = async (db: Db, memberId: number, roundId: string) =>
  (await db
    .selectFrom('game_round as r')
    .leftJoin('game as g', 'g.node_id', 'r.game_node_id')
    .select([...RECORD_COLUMNS, 'r.result', 'r.bet'])
    .where('r.id', '=', roundId)
    .where('r.member_id', '=', memberId)
    .where('r.mode', '=', 'real')
    .executeTakeFirst()) as
    | (BetRecordRow & { result: Record<string, unknown> | null; bet: Record<string, unknown> | null })
    | undefined;
