import { randomUUID } from 'node:crypto';
import { LIVE_HISTORY_COUNT } from '@khela/contract';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import { createSignals } from '../../shared/pubsub';
import type { PlayHooks } from '../activity';
import { type PlaceTableBets, placeTableBets } from './bets';
import type { TableWallet } from './money';
import { settleRound, voidRound } from './rounds';
import { releaseSeat, sweepSeats, takeSeat } from './seats';
import { personalState, roundView, sharedState, tableView } from './state';
import * as store from './store';

/** A table's owner renews its lease every tick; another node takes the table when it runs out. */
export const TABLE_LEASE_MS = 5_000;
/** A round left unsettled this long after its close (every owner down) is voided, stakes given back. */
export const STALE_ROUND_MS = 10 * 60_000;

export type TablesDeps = {
  db: Kysely<DB>;
  wallet: TableWallet;
  play: PlayHooks;
  /** The merchants and their currencies (the site module's). */
  merchants: () => Promise<{ code: string; currency: string }[]>;
  now?: () => Date;
  redis?: Redis | undefined;
  log?: { warn: (obj: unknown, msg?: string) => void } | undefined;
  /** Tells the member's balance push that their balance moved (after the commit). */
  publishBalance?: (memberId: number) => void;
  /** This node's name in the leases (default: a random id per process). */
  nodeId?: string;
};

/**
 * The live tables (issue 22, docs/decisions/040): every node answers reads and takes bets; the
 * node holding a table's lease runs its clock (`tick`: opens rounds, settles them at their close
 * time, opens the next); every change is signalled through the pub/sub (Redis across nodes) and
 * each node's sockets send their players the new state.
 */
export const createTables = (deps: TablesDeps) => {
  const now = deps.now ?? (() => new Date());
  const nodeId = deps.nodeId ?? randomUUID();
  const signals = createSignals<string>({
    channel: 'khela:tables',
    name: 'tables',
    encode: (id) => id,
    decode: (message) => message || undefined,
    redis: deps.redis,
    log: deps.log,
  });
  let defaultsDone = false;
  const ensureDefaults = async () => {
    if (defaultsDone) return;
    await store.ensureDefaultTables(deps.db, await deps.merchants());
    defaultsDone = true;
  };

  const tableOf = async (merchantCode: string, tableId: string) => {
    const table = await store.tableById(deps.db, merchantCode, tableId);
    if (!table) throw new AppError('table.unavailable');
    return table;
  };

  /** Runs one table's clock (its owner only): open the first round, settle a closed one and open the next. */
  const runClock = async (table: store.TableRow, at: Date) => {
    const open = await store.openRound(deps.db, table.id);
    if (!open) {
      const created = await store.createRound(
        deps.db,
        table,
        (await store.lastRoundNo(deps.db, table.id)) + 1,
        at,
      );
      return created !== undefined;
    }
    if (at < open.closesAt) return false;
    try {
      const done = await deps.db.transaction().execute(async (trx) => {
        const stale = at.getTime() - open.closesAt.getTime() > STALE_ROUND_MS;
        const moved = stale ? await voidRound(deps, trx, open, at) : await settleRound(deps, trx, open, at);
        if (moved)
          await store.createRound(trx, table, open.roundNo + 1, new Date(at.getTime() + table.resultMs));
        return moved;
      });
      if (done)
        for (const memberId of await store.membersOfRound(deps.db, open.id)) deps.publishBalance?.(memberId);
      return done;
    } catch (error) {
      // Another node settled it and opened the next round first: nothing to do.
      if (isUniqueViolation(error, 'live_round')) return false;
      throw error;
    }
  };

  return {
    nodeId,
    signals,
    ensureDefaults,

    /** The scheduler's job: renew leases, run the clocks of the tables owned, free held seats. */
    async tick() {
      await ensureDefaults();
      const at = now();
      const owned = await store.claimTables(deps.db, nodeId, at, TABLE_LEASE_MS);
      for (const table of owned) if (await runClock(table, at)) signals.publish(table.id);
      for (const tableId of new Set(await sweepSeats(deps.db, at))) signals.publish(tableId);
    },

    async lobby(merchantCode: string) {
      await ensureDefaults();
      const tables = await store.tablesOf(deps.db, merchantCode);
      const ids = tables.map((t) => t.id);
      const [histories, players] = await Promise.all([
        store.historiesOf(deps.db, ids, LIVE_HISTORY_COUNT),
        store.playersOf(deps.db, ids),
      ]);
      const rounds = await Promise.all(tables.map((t) => store.openRound(deps.db, t.id)));
      return {
        serverTime: now().getTime(),
        tables: tables.map((t, i) => {
          const round = rounds[i];
          return {
            ...tableView(t),
            roundNo: round?.roundNo ?? null,
            opensAt: round ? round.opensAt.getTime() : null,
            closesAt: round ? round.closesAt.getTime() : null,
            history: histories.get(t.id) ?? [],
            players: players.get(t.id) ?? 0,
          };
        }),
      };
    },

    async state(merchantCode: string, tableId: string, memberId: number | null) {
      await ensureDefaults();
      const table = await tableOf(merchantCode, tableId);
      return personalState(deps.db, await sharedState(deps.db, table), memberId, now());
    },

    /** The shared state of a table (one read per change, whatever the number of sockets). */
    shared: (table: store.TableRow) => sharedState(deps.db, table),
    personal: (shared: Awaited<ReturnType<typeof sharedState>>, memberId: number | null) =>
      personalState(deps.db, shared, memberId, now()),
    table: tableOf,

    async round(merchantCode: string, tableId: string, roundNo: number) {
      const table = await tableOf(merchantCode, tableId);
      const round = await store.roundByNo(deps.db, table.id, roundNo);
      if (!round) throw new AppError('table.unavailable');
      return { game: table.game, round: roundView(round) };
    },

    async place(input: PlaceTableBets) {
      const currencyOf = async (code: string) => {
        const merchant = (await deps.merchants()).find((m) => m.code === code);
        if (!merchant) throw new AppError('table.unavailable');
        return merchant.currency;
      };
      const answer = await placeTableBets(
        { db: deps.db, wallet: deps.wallet, play: deps.play, now, currencyOf },
        input,
      );
      signals.publish(input.tableId);
      deps.publishBalance?.(input.memberId);
      return answer;
    },

    async join(table: store.TableRow, memberId: number, nickname: string) {
      const seat = await takeSeat(deps.db, table.id, table.seats, memberId, nickname);
      signals.publish(table.id);
      return seat;
    },

    async leave(tableId: string, memberId: number) {
      await releaseSeat(deps.db, tableId, memberId, now());
      signals.publish(tableId);
    },

    /** Settles (or voids) a round now, whoever owns the table: the crash and exactly-once tests use it. */
    settleNow: (round: store.RoundRow, mode: 'settle' | 'void') =>
      deps.db
        .transaction()
        .execute((trx) =>
          mode === 'settle' ? settleRound(deps, trx, round, now()) : voidRound(deps, trx, round, now()),
        ),

    async close() {
      await store.releaseTables(deps.db, nodeId).catch(() => undefined);
      await signals.close();
    },
  };
};

export type Tables = ReturnType<typeof createTables>;
