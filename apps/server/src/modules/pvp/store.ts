import type { TeenPattiHand } from '@khela/fair';
import type { Db } from '../../shared/db';

/** The pvp module's database code: tables and their leases, seats, hands. */

export type SeatRow = {
  tableId: string;
  seatNo: number;
  memberId: number;
  merchantCode: string;
  currency: string;
  nickname: string;
  chipsMinor: bigint;
  connections: number;
  heldUntil: Date | null;
  joinedAt: Date;
};

export type HandMember = { seatNo: number; memberId: number };

export type HandRow = {
  id: string;
  tableId: string;
  handNo: number;
  state: 'playing' | 'ended';
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  members: HandMember[];
  game: TeenPattiHand;
  step: number;
  turnDeadline: Date | null;
  endedAt: Date | null;
};

/** A hand's state as JSON: bigints as `"<digits>n"` strings. */
export const encodeGame = (game: TeenPattiHand) =>
  JSON.stringify(game, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
export const decodeGame = (value: unknown): TeenPattiHand =>
  JSON.parse(typeof value === 'string' ? value : JSON.stringify(value), (_k, v) =>
    typeof v === 'string' && /^-?[0-9]+n$/.test(v) ? BigInt(v.slice(0, -1)) : v,
  );

const seatOf = (r: {
  table_id: string;
  seat_no: number;
  member_id: number;
  merchant_code: string;
  currency: string;
  nickname: string;
  chips_minor: string;
  connections: number;
  held_until: Date | null;
  joined_at: Date;
}): SeatRow => ({
  tableId: r.table_id,
  seatNo: r.seat_no,
  memberId: r.member_id,
  merchantCode: r.merchant_code,
  currency: r.currency.trim(),
  nickname: r.nickname,
  chipsMinor: BigInt(r.chips_minor),
  connections: r.connections,
  heldUntil: r.held_until,
  joinedAt: r.joined_at,
});

export const seatsOf = async (db: Db, tableId: string, lock = false) => {
  let q = db.selectFrom('pvp_seat').selectAll().where('table_id', '=', tableId).orderBy('seat_no');
  if (lock) q = q.forUpdate();
  return (await q.execute()).map(seatOf);
};

export const seatOfMember = async (db: Db, memberId: number, lock = false) => {
  let q = db.selectFrom('pvp_seat').selectAll().where('member_id', '=', memberId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? seatOf(row) : undefined;
};

export const tableById = (db: Db, tableId: string) =>
  db.selectFrom('pvp_table').selectAll().where('id', '=', tableId).executeTakeFirst();

export const lockTable = (db: Db, tableId: string) =>
  db.selectFrom('pvp_table').selectAll().where('id', '=', tableId).forUpdate().executeTakeFirst();

export const tablesOf = (db: Db, merchantCode: string) =>
  db
    .selectFrom('pvp_table')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('created_at')
    .execute();

/** How many sit at each table. */
export const playersByTable = async (db: Db, tableIds: string[]) => {
  if (tableIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('pvp_seat')
    .select(['table_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('table_id', 'in', tableIds)
    .groupBy('table_id')
    .execute();
  return new Map(rows.map((r) => [r.table_id, Number(r.n)]));
};

export const playingTables = async (db: Db, tableIds: string[]) => {
  if (tableIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('pvp_hand')
    .select('table_id')
    .where('table_id', 'in', tableIds)
    .where('state', '=', 'playing')
    .execute();
  return new Set(rows.map((r) => r.table_id));
};

const handOf = (r: {
  id: string;
  table_id: string;
  hand_no: number;
  state: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  members: unknown;
  game: unknown;
  step: number;
  turn_deadline: Date | null;
  ended_at: Date | null;
}): HandRow => ({
  id: String(r.id),
  tableId: r.table_id,
  handNo: r.hand_no,
  state: r.state as HandRow['state'],
  serverSeed: r.server_seed,
  commitment: r.commitment,
  clientSeed: r.client_seed,
  members: (typeof r.members === 'string' ? JSON.parse(r.members) : r.members) as HandMember[],
  game: decodeGame(r.game),
  step: r.step,
  turnDeadline: r.turn_deadline,
  endedAt: r.ended_at,
});

/** The table's hand in play, or else its last one. */
export const currentHand = async (db: Db, tableId: string, lock = false) => {
  let q = db
    .selectFrom('pvp_hand')
    .selectAll()
    .where('table_id', '=', tableId)
    .orderBy('hand_no', 'desc')
    .limit(1);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? handOf(row) : undefined;
};

export const saveHand = (db: Db, hand: HandRow, at: Date) =>
  db
    .updateTable('pvp_hand')
    .set({
      game: encodeGame(hand.game),
      step: hand.step,
      turn_deadline: hand.game.ended ? null : hand.turnDeadline,
      state: hand.game.ended ? 'ended' : 'playing',
      ended_at: hand.game.ended ? at : null,
    })
    .where('id', '=', hand.id)
    .execute();

/** Every node renews its leases and takes the free or expired ones (as the live tables do). */
export const claimTables = async (db: Db, owner: string, now: Date, leaseMs: number) => {
  await db
    .updateTable('pvp_table')
    .set({ owner, lease_until: new Date(now.getTime() + leaseMs) })
    .where((eb) =>
      eb.or([
        eb('owner', 'is', null),
        eb('lease_until', '<', now),
        eb.and([eb('owner', '=', owner), eb('lease_until', '<', new Date(now.getTime() + leaseMs / 2))]),
      ]),
    )
    .execute();
  return (
    await db
      .selectFrom('pvp_table')
      .select('id')
      .where('owner', '=', owner)
      .where('lease_until', '>', now)
      .execute()
  ).map((r) => r.id);
};

export const releaseTables = (db: Db, owner: string) =>
  db.updateTable('pvp_table').set({ owner: null, lease_until: null }).where('owner', '=', owner).execute();
