import { LIVE_SEAT_HOLD_MS } from '@khela/contract';
import type { Db } from '../../shared/db';

/**
 * Seats: a member who opens a table's socket takes their seat back (if they still hold one) or
 * the lowest free seat (none free: they watch). Each open socket counts a connection; when the
 * last one closes the seat is held for LIVE_SEAT_HOLD_MS, and a sweep frees it after that.
 * Bets never depend on the seat: a dropped player's bets stay on the round and are settled.
 */
export const takeSeat = async (db: Db, tableId: string, seats: number, memberId: number, nickname: string) =>
  db.transaction().execute(async (trx) => {
    const mine = await trx
      .updateTable('live_seat')
      .set((eb) => ({ connections: eb('connections', '+', 1), held_until: null }))
      .where('table_id', '=', tableId)
      .where('member_id', '=', memberId)
      .returning('seat_no')
      .executeTakeFirst();
    if (mine) return mine.seat_no;
    const taken = new Set(
      (
        await trx
          .selectFrom('live_seat')
          .select('seat_no')
          .where('table_id', '=', tableId)
          .forUpdate()
          .execute()
      ).map((r) => r.seat_no),
    );
    const free = Array.from({ length: seats }, (_, i) => i + 1).find((n) => !taken.has(n));
    if (free === undefined) return null;
    await trx
      .insertInto('live_seat')
      .values({ table_id: tableId, seat_no: free, member_id: memberId, nickname, connections: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return free;
  });

/** One socket of the member closed: the seat is held when it was the last. */
export const releaseSeat = (db: Db, tableId: string, memberId: number, now: Date) =>
  db
    .updateTable('live_seat')
    .set((eb) => ({
      connections: eb.fn('greatest', [eb('connections', '-', 1), eb.lit(0)]),
      held_until: eb
        .case()
        .when('connections', '<=', 1)
        .then(new Date(now.getTime() + LIVE_SEAT_HOLD_MS))
        .else(eb.ref('held_until'))
        .end(),
    }))
    .where('table_id', '=', tableId)
    .where('member_id', '=', memberId)
    .execute();

/** Frees the seats held past their time; answers the tables that changed. */
export const sweepSeats = async (db: Db, now: Date) =>
  (
    await db
      .deleteFrom('live_seat')
      .where('connections', '=', 0)
      .where('held_until', '<', now)
      .returning('table_id')
      .execute()
  ).map((r) => r.table_id);

export const seatsOf = async (db: Db, tableId: string) =>
  (
    await db
      .selectFrom('live_seat')
      .select(['seat_no', 'nickname', 'connections'])
      .where('table_id', '=', tableId)
      .orderBy('seat_no')
      .execute()
  ).map((r) => ({ seatNo: r.seat_no, name: maskName(r.nickname), connected: r.connections > 0 }));

/** Other players see a nickname's first two characters and its last, the rest masked. */
export const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}**`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
};
