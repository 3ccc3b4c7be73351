import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
import { type Actor, appendAudit, assertCan } from '../staff';
import * as bo from './bo-store';
import type { TableWallet } from './money';
import { voidRound } from './rounds';
import * as store from './store';

type Deps = {
  db: Kysely<DB>;
  wallet: TableWallet;
  play: PlayHooks;
  now: () => Date;
  /** Makes every node's sockets at the table send the new state. */
  signal: (tableId: string) => void;
  publishBalance?: ((memberId: number) => void) | undefined;
  ensureDefaults: () => Promise<void>;
};

const viewOf = (t: bo.BoTableRow, round: bo.OpenRoundStats | undefined) => ({
  id: t.id,
  game: t.game,
  name: t.name,
  minBetMinor: t.minBetMinor.toString(),
  maxBetMinor: t.maxBetMinor.toString(),
  open: t.open,
  owner: t.owner,
  round: round
    ? {
        roundNo: round.roundNo,
        closesAt: round.closesAt.getTime(),
        bets: round.bets,
        stakeMinor: round.stakeMinor.toString(),
      }
    : null,
});

/**
 * The live tables' back office (ADR 060): the merchant's tables with their open round; open or
 * close a table (closing takes its lease away and voids its open round: every open bet refunded
 * once, in the betting record as void); void an open round with a reason. `games.read` /
 * `games.write`; each change and its audit row in one transaction. A void of a round no longer
 * open (settled, voided, or never there) writes nothing and answers `voided: false`.
 */
export const createTablesBackoffice = (deps: Deps) => {
  const { db, now } = deps;

  /** Voids the table's open round `roundNo` (any when null) in `trx`; answers the bets refunded and who. */
  const voidOpen = async (
    trx: Parameters<typeof voidRound>[1],
    tableId: string,
    roundNo: number | null,
    reason: string,
    at: Date,
  ) => {
    const open = await store.openRound(trx, tableId);
    if (!open || (roundNo !== null && open.roundNo !== roundNo)) return null;
    // Under the round's row lock first: no bet joins between the count and the refunds.
    const round = await store.lockOpenRound(trx, open.id);
    if (!round) return null;
    const bets = await store.betsOfRound(trx, round.id, 'open');
    if (!(await voidRound(deps, trx, round, at, reason))) return null;
    return {
      roundNo: round.roundNo,
      refunded: bets.length,
      members: [...new Set(bets.map((b) => b.memberId))],
    };
  };

  const after = (tableId: string, members: number[]) => {
    deps.signal(tableId);
    for (const m of members) deps.publishBalance?.(m);
  };

  return {
    async tables(actor: Actor, merchantCode: string) {
      assertCan(actor, 'games.read');
      await deps.ensureDefaults();
      const tables = await bo.allTablesOf(db, merchantCode, now());
      const rounds = await bo.openRoundsOf(
        db,
        tables.filter((t) => t.open).map((t) => t.id),
      );
      return tables.map((t) => viewOf(t, rounds.get(t.id)));
    },

    async setStatus(
      actor: Actor,
      body: { merchant: string; tableId: string; open: boolean; reason: string },
    ) {
      assertCan(actor, 'games.write');
      const at = now();
      const done = await db.transaction().execute(async (trx) => {
        const table = await bo.lockTable(trx, body.merchant, body.tableId, at);
        if (!table) throw new AppError('not.found');
        await bo.setOpen(trx, table.id, body.open);
        const voided = body.open ? null : await voidOpen(trx, table.id, null, body.reason, at);
        await appendAudit(
          trx,
          actor,
          {
            action: body.open ? 'tables.open' : 'tables.close',
            target: `${body.merchant}/${table.id}`,
            before: { open: table.open },
            after: {
              open: body.open,
              reason: body.reason,
              ...(voided ? { voidedRoundNo: voided.roundNo, refunded: voided.refunded } : {}),
            },
          },
          at,
        );
        return { table: { ...table, open: body.open, owner: body.open ? table.owner : null }, voided };
      });
      after(done.table.id, done.voided?.members ?? []);
      const round = (await bo.openRoundsOf(db, done.table.open ? [done.table.id] : [])).get(done.table.id);
      return {
        ...viewOf(done.table, round),
        voided: { voided: done.voided !== null, refunded: done.voided?.refunded ?? 0 },
      };
    },

    async voidRound(
      actor: Actor,
      body: { merchant: string; tableId: string; roundNo: number; reason: string },
    ) {
      assertCan(actor, 'games.write');
      const at = now();
      const done = await db.transaction().execute(async (trx) => {
        const table = await bo.lockTable(trx, body.merchant, body.tableId, at);
        if (!table) throw new AppError('not.found');
        const voided = await voidOpen(trx, table.id, body.roundNo, body.reason, at);
        if (voided)
          await appendAudit(
            trx,
            actor,
            {
              action: 'tables.round.void',
              target: `${body.merchant}/${table.id}#${voided.roundNo}`,
              before: { state: 'betting' },
              after: { state: 'void', reason: body.reason, refunded: voided.refunded },
            },
            at,
          );
        return voided;
      });
      if (done) after(body.tableId, done.members);
      return { voided: done !== null, refunded: done?.refunded ?? 0 };
    },
  };
};

export type TablesBackoffice = ReturnType<typeof createTablesBackoffice>;
