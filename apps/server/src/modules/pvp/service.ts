import { randomUUID } from 'node:crypto';
import { PVP_SEAT_HOLD_MS } from '@khela/contract';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import { createSignals } from '../../shared/pubsub';
import type { PlayHooks } from '../activity';
import { applyMove, type PlayerMove, startHand } from './hands';
import { moveTableBalance, type PvpWallet } from './money';
import * as store from './store';
import { ensureDefaultTiers, tierInForce, tiersInForce, tierView } from './tiers';
import { stateView } from './view';

/** A table's owner renews its lease every tick; another node takes the table when it runs out. */
export const PVP_LEASE_MS = 5_000;
/** The pause after a hand's end (the result on screen) before the owner deals the next. */
export const PVP_RESULT_PAUSE_MS = 4_000;

export type PvpDeps = {
  db: Kysely<DB>;
  wallet: PvpWallet;
  play: PlayHooks;
  merchants: () => Promise<{ code: string; currency: string }[]>;
  now?: (() => Date) | undefined;
  redis?: Redis | undefined;
  log?: { warn: (obj: unknown, msg?: string) => void } | undefined;
  publishBalance?: (memberId: number) => void;
  nodeId?: string;
};

export type PvpMember = { id: number; merchantCode: string; nickname: string };

const amountOf = (value: string | number) => {
  const text = String(value);
  if (!/^[0-9]{1,15}$/.test(text)) throw new AppError('pvp.buyin.out.of.range');
  return BigInt(text);
};

/**
 * PvP Teen Patti rooms (issue 22, docs/decisions/042): tiers, matchmaking with buy-in into the
 * table balance, hands with turn timers, leaving with the table balance returned. Any node takes
 * moves (each under the hand's row lock); the node holding a table's lease runs its clock (deals
 * the next hand, packs an expired turn, frees seats held past their time). Every change is
 * signalled through the pub/sub (Redis across nodes) to the nodes' sockets.
 */
export const createPvp = (deps: PvpDeps) => {
  const now = deps.now ?? (() => new Date());
  const nodeId = deps.nodeId ?? randomUUID();
  const handDeps = { db: deps.db, wallet: deps.wallet, play: deps.play };
  const signals = createSignals<string>({
    channel: 'khela:pvp',
    name: 'pvp',
    encode: (id) => id,
    decode: (message) => message || undefined,
    redis: deps.redis,
    log: deps.log,
  });
  let defaultsDone = false;
  const ensureDefaults = async () => {
    if (defaultsDone) return;
    await ensureDefaultTiers(deps.db, await deps.merchants());
    defaultsDone = true;
  };
  const currencyOf = async (merchantCode: string) => {
    const m = (await deps.merchants()).find((x) => x.code === merchantCode);
    if (!m) throw new AppError('pvp.tier.unknown');
    return m.currency;
  };
  const changed = (tableId: string, memberIds: number[] = []) => {
    signals.publish(tableId);
    for (const id of memberIds) deps.publishBalance?.(id);
  };

  const state = async (merchantCode: string, tableId: string, memberId: number | null) => {
    const table = await store.tableById(deps.db, tableId);
    if (!table || table.merchant_code !== merchantCode) throw new AppError('pvp.not.seated');
    const tier = await tierInForce(deps.db, merchantCode, table.tier_key);
    if (!tier) throw new AppError('pvp.tier.unknown');
    const [seats, hand] = await Promise.all([
      store.seatsOf(deps.db, tableId),
      store.currentHand(deps.db, tableId),
    ]);
    return stateView({ tableId, tier, seats, hand, memberId }, now());
  };

  /** Deals the next hand if the table is ready (after the result pause); answers whether it did. */
  const maybeDeal = async (tableId: string, at: Date) => {
    const last = await store.currentHand(deps.db, tableId);
    if (last?.state === 'playing') return false;
    if (last?.endedAt && at.getTime() - last.endedAt.getTime() < PVP_RESULT_PAUSE_MS) return false;
    const started = await startHand(handDeps, tableId, at);
    if (started)
      changed(
        tableId,
        (await store.seatsOf(deps.db, tableId)).map((s) => s.memberId),
      );
    return started;
  };

  /** Packs the member's hand in play at the table, if they are in it and not packed yet. */
  const packIfPlaying = async (tableId: string, memberId: number) => {
    const hand = await store.currentHand(deps.db, tableId);
    const i = hand?.members.findIndex((m) => m.memberId === memberId) ?? -1;
    if (hand?.state !== 'playing' || i < 0 || hand.game.players[i]?.packed) return false;
    await applyMove(handDeps, { tableId, handNo: hand.handNo, memberId, move: { type: 'pack' }, at: now() });
    return true;
  };

  /** Leaves: packs a hand in play, then returns the table balance to main and frees the seat. */
  const leave = async (member: { id: number }, tableId: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await packIfPlaying(tableId, member.id).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      const done = await deps.db.transaction().execute(async (trx) => {
        await store.lockTable(trx, tableId);
        const seat = await store.seatOfMember(trx, member.id, true);
        if (!seat || seat.tableId !== tableId) throw new AppError('pvp.not.seated');
        const hand = await store.currentHand(trx, tableId);
        const i = hand?.members.findIndex((m) => m.memberId === member.id) ?? -1;
        if (hand?.state === 'playing' && i >= 0 && !hand.game.players[i]?.packed) return null;
        const balance =
          seat.chipsMinor > 0n
            ? await moveTableBalance(deps.wallet, trx, {
                merchantCode: seat.merchantCode,
                currency: seat.currency,
                memberId: member.id,
                amountMinor: seat.chipsMinor,
                key: `${tableId}:${seat.seatNo}:${member.id}:${seat.joinedAt.getTime()}`,
                out: true,
                tableId,
              })
            : null;
        await trx.deleteFrom('pvp_seat').where('member_id', '=', member.id).execute();
        return { returnedMinor: String(seat.chipsMinor), balance };
      });
      if (done) {
        changed(tableId, [member.id]);
        return {
          returnedMinor: done.returnedMinor,
          balanceMinor: done.balance === null ? null : String(done.balance),
        };
      }
    }
    throw new AppError('pvp.action.invalid');
  };

  return {
    nodeId,
    signals,
    ensureDefaults,
    state,
    maybeDeal,

    /** The PvP lobby (`GLS2_roomList`): tiers in force with their tables and seats taken. */
    async roomList(merchantCode: string) {
      await ensureDefaults();
      const [tiers, tables] = await Promise.all([
        tiersInForce(deps.db, merchantCode),
        store.tablesOf(deps.db, merchantCode),
      ]);
      const ids = tables.map((t) => t.id);
      const [players, playing] = await Promise.all([
        store.playersByTable(deps.db, ids),
        store.playingTables(deps.db, ids),
      ]);
      return {
        game: 'teen-patti' as const,
        tiers: tiers.map((tier) => {
          const rooms = tables
            .filter((t) => t.tier_key === tier.tierKey)
            .map((t) => ({
              tableId: t.id,
              tierKey: t.tier_key,
              bootMinor: String(tier.bootMinor),
              seats: t.seats,
              players: players.get(t.id) ?? 0,
              playing: playing.has(t.id),
            }))
            .filter((r) => r.players > 0);
          return { ...tierView(tier), players: rooms.reduce((a, r) => a + r.players, 0), rooms };
        }),
      };
    },

    /** The member's own table (or a named one): state as the socket sends it. */
    async stateFor(member: PvpMember, tableId: string | undefined) {
      const id = tableId ?? (await store.seatOfMember(deps.db, member.id))?.tableId;
      if (!id) throw new AppError('pvp.not.seated');
      return state(member.merchantCode, id, member.id);
    },

    /**
     * Matchmaking: seats the member at the oldest table of the tier with a free seat (or opens
     * one), buying in from the main wallet into the table balance in the same transaction. A
     * member already seated at a table of this tier gets that seat back (no second buy-in).
     */
    async join(member: PvpMember, tierKey: string, buyIn: string | number) {
      await ensureDefaults();
      const tier = await tierInForce(deps.db, member.merchantCode, tierKey);
      if (!tier) throw new AppError('pvp.tier.unknown');
      const amount = amountOf(buyIn);
      if (amount < tier.minBuyInMinor || amount > tier.maxBuyInMinor)
        throw new AppError('pvp.buyin.out.of.range', {
          value: { min: String(tier.minBuyInMinor), max: String(tier.maxBuyInMinor) },
        });
      const currency = await currencyOf(member.merchantCode);
      const at = now();
      const joined = await deps.db
        .transaction()
        .execute(async (trx) => {
          const mine = await store.seatOfMember(trx, member.id, true);
          if (mine) {
            const table = await store.tableById(trx, mine.tableId);
            if (table?.tier_key !== tierKey)
              throw new AppError('pvp.already.seated', { value: { tableId: mine.tableId } });
            return { tableId: mine.tableId, seatNo: mine.seatNo, chipsMinor: mine.chipsMinor, balance: null };
          }
          const tables = await trx
            .selectFrom('pvp_table')
            .selectAll()
            .where('merchant_code', '=', member.merchantCode)
            .where('tier_key', '=', tierKey)
            .orderBy('created_at')
            .forUpdate()
            .execute();
          const counts = await store.playersByTable(
            trx,
            tables.map((t) => t.id),
          );
          let table = tables.find((t) => (counts.get(t.id) ?? 0) < t.seats);
          if (!table) {
            table = await trx
              .insertInto('pvp_table')
              .values({
                id: `${member.merchantCode}-tp-${tierKey}-${randomUUID().slice(0, 8)}`,
                merchant_code: member.merchantCode,
                tier_key: tierKey,
                seats: tier.seats,
                created_at: at,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
          }
          const taken = new Set((await store.seatsOf(trx, table.id)).map((s) => s.seatNo));
          const seatNo = Array.from({ length: table.seats }, (_, i) => i + 1).find((n) => !taken.has(n)) ?? 1;
          await trx
            .insertInto('pvp_seat')
            .values({
              table_id: table.id,
              seat_no: seatNo,
              member_id: member.id,
              merchant_code: member.merchantCode,
              currency,
              nickname: member.nickname,
              chips_minor: amount,
              connections: 0,
              held_until: new Date(at.getTime() + PVP_SEAT_HOLD_MS),
              joined_at: at,
            })
            .execute();
          const balance = await moveTableBalance(deps.wallet, trx, {
            merchantCode: member.merchantCode,
            currency,
            memberId: member.id,
            amountMinor: amount,
            key: `${table.id}:${seatNo}:${member.id}:${at.getTime()}`,
            out: false,
            tableId: table.id,
          });
          return { tableId: table.id, seatNo, chipsMinor: amount, balance };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'pvp_seat')) throw new AppError('pvp.already.seated');
          throw error;
        });
      changed(joined.tableId, [member.id]);
      await maybeDeal(joined.tableId, at);
      return {
        tableId: joined.tableId,
        seatNo: joined.seatNo,
        chipsMinor: String(joined.chipsMinor),
        balanceMinor: joined.balance === null ? null : String(joined.balance),
      };
    },

    async act(member: PvpMember, input: { tableId: string; handNo: number; move: PlayerMove }) {
      const seat = await store.seatOfMember(deps.db, member.id);
      if (!seat || seat.tableId !== input.tableId) throw new AppError('pvp.not.seated');
      const hand = await applyMove(handDeps, {
        tableId: input.tableId,
        handNo: input.handNo,
        memberId: member.id,
        move: input.move,
        at: now(),
      });
      changed(input.tableId, hand.game.ended ? hand.members.map((m) => m.memberId) : [member.id]);
      return state(member.merchantCode, input.tableId, member.id);
    },

    leave,

    /** A socket of the member opened at their table: the seat counts it and is no longer held. */
    async connect(tableId: string, memberId: number) {
      await deps.db
        .updateTable('pvp_seat')
        .set((eb) => ({ connections: eb('connections', '+', 1), held_until: null }))
        .where('table_id', '=', tableId)
        .where('member_id', '=', memberId)
        .execute();
      changed(tableId);
    },

    /** A socket closed: when it was the member's last, the seat (and chips) is held 30 s. */
    async disconnect(tableId: string, memberId: number) {
      await deps.db
        .updateTable('pvp_seat')
        .set((eb) => ({
          connections: eb.fn('greatest', [eb('connections', '-', 1), eb.lit(0)]),
          held_until: eb
            .case()
            .when('connections', '<=', 1)
            .then(new Date(now().getTime() + PVP_SEAT_HOLD_MS))
            .else(eb.ref('held_until'))
            .end(),
        }))
        .where('table_id', '=', tableId)
        .where('member_id', '=', memberId)
        .execute();
      changed(tableId);
    },

    /**
     * The scheduler's job: renew the leases; at each owned table pack an expired turn (a
     * disconnected player's turn waits until their seat hold runs out), free the seats held past
     * their time (their chips go back to main), deal the next hand.
     */
    async tick() {
      await ensureDefaults();
      const at = now();
      for (const tableId of await store.claimTables(deps.db, nodeId, at, PVP_LEASE_MS)) {
        const seats = await store.seatsOf(deps.db, tableId);
        for (const seat of seats)
          if (seat.connections === 0 && seat.heldUntil && seat.heldUntil < at)
            await leave({ id: seat.memberId }, tableId).catch((error: unknown) =>
              deps.log?.warn({ err: error, tableId }, 'pvp: freeing a held seat failed'),
            );
        const hand = await store.currentHand(deps.db, tableId);
        if (hand?.state === 'playing' && hand.turnDeadline && hand.turnDeadline < at) {
          const toAct = hand.members[hand.game.turn];
          const seat = seats.find((s) => s.memberId === toAct?.memberId);
          const held = seat && seat.connections === 0 && seat.heldUntil && seat.heldUntil > at;
          if (!held) {
            const done = await applyMove(handDeps, {
              tableId,
              handNo: hand.handNo,
              memberId: null,
              move: { type: 'timeout' },
              at,
            }).catch((error: unknown) => {
              if (error instanceof AppError) return null;
              throw error;
            });
            if (done) changed(tableId, done.game.ended ? done.members.map((m) => m.memberId) : []);
          }
        }
        await maybeDeal(tableId, at);
      }
    },

    async close() {
      await store.releaseTables(deps.db, nodeId).catch(() => undefined);
      await signals.close();
    },
  };
};

export type Pvp = ReturnType<typeof createPvp>;
