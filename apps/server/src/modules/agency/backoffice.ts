import type { ContractKind } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { downlineTree, memberIdByUsername, memberUsernames } from '../identity';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import * as store from './contract-store';
import * as rules from './contracts';
import { lastFinished, periodOf } from './periods';
import { createProgrammeBackoffice } from './programme-backoffice';
import type { Settlement } from './settle';
import * as bills from './settlement-store';
import { contractView, settlementView } from './views';

type Deps = { db: Kysely<DB>; settlement: Settlement; now: () => Date };

/**
 * The agency's back office (issue 20): agents and their contracts, platform contracts, settlement
 * runs (preview, then commit — exactly once, or a correction delta), bills and CSV; the
 * programme's templates and applications (`programme-backoffice.ts`).
 * Reads need `agency.read`, changes `agency.write`; every change is audited in its transaction.
 */
export const createAgencyBackoffice = (deps: Deps) => {
  const { db, now } = deps;

  const agentId = async (merchant: string, account: string) => {
    const id = await memberIdByUsername(db, merchant, account);
    if (id === undefined) throw new AppError('not.found');
    return id;
  };

  const agents = async (actor: Actor, merchant: string, search?: string) => {
    assertCan(actor, 'agency.read');
    const contracts = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('agency_contract')
        .select('member_id')
        .distinct()
        .where('merchant_code', '=', merchant)
        .execute();
      return store.liveContracts(
        trx,
        rows.map((r) => r.member_id),
      );
    });
    const ids = [...new Set(contracts.map((c) => c.memberId))];
    const n = await memberUsernames(db, [
      ...ids,
      ...contracts.flatMap((c) => (c.offeredBy ? [c.offeredBy] : [])),
    ]);
    const items = [];
    for (const id of ids) {
      const account = n.get(id) ?? String(id);
      if (search && !account.toLowerCase().includes(search.toLowerCase())) continue;
      const mine = contracts.filter((c) => c.memberId === id);
      const offeredBy = mine.find((c) => c.offeredBy !== null)?.offeredBy ?? null;
      items.push({
        account,
        upline: offeredBy === null ? null : (n.get(offeredBy) ?? null),
        teamSize: (await downlineTree(db, id)).length,
        contracts: mine.map((c) => contractView(c, n)),
      });
    }
    return { items };
  };

  const platformContract = async (
    actor: Actor,
    body: { merchant: string; account: string } & rules.Terms,
  ) => {
    assertCan(actor, 'agency.write');
    const memberId = await agentId(body.merchant, body.account);
    const at = now();
    const c = await db.transaction().execute(async (trx) => {
      const created = await rules.platformContract(trx, {
        merchantCode: body.merchant,
        memberId,
        terms: {
          kind: body.kind,
          tiers: body.tiers,
          cycles: body.cycles,
          carry: body.carry,
          payer: 'platform',
        },
        now: at,
      });
      await appendAudit(
        trx,
        actor,
        {
          action: 'agency.contract',
          target: `member:${memberId}`,
          after: { ...created, createdAt: undefined },
        },
        at,
      );
      return created;
    });
    return contractView(c, new Map([[memberId, body.account]]));
  };

  /**
   * The period of a run: the one holding `at`; else the current hour for the real-time salary and
   * the last finished period for the others (a dividend's by its cycles a month).
   */
  const periodAt = (kind: ContractKind, at?: number, cycles = 1) =>
    at !== undefined
      ? periodOf(kind, new Date(at), cycles)
      : kind === 'realtime'
        ? periodOf(kind, now())
        : lastFinished(kind, now(), cycles);

  const preview = async (actor: Actor, merchant: string, kind: ContractKind, at?: number, cycles = 1) => {
    assertCan(actor, 'agency.read');
    const p = periodAt(kind, at, cycles);
    const lines = await deps.settlement.compute(merchant, kind, p, kind === 'dividend' ? cycles : undefined);
    const n = await memberUsernames(
      db,
      lines.map((l) => l.contract.memberId),
    );
    return {
      periodStart: p.start.getTime(),
      periodEnd: p.end.getTime(),
      lines: lines.map((l) => ({
        account: n.get(l.contract.memberId) ?? String(l.contract.memberId),
        contractId: l.contract.id,
        rateBp: l.rateBp,
        activeMembers: l.active,
        teamTurnoverMinor: l.turnover.toString(),
        teamGgrMinor: l.ggr.toString(),
        grossMinor: l.gross.toString(),
        childrenMinor: l.children.toString(),
        owedMinor: l.owed.toString(),
      })),
    };
  };

  const run = async (
    actor: Actor,
    body: {
      merchant: string;
      kind: ContractKind;
      at?: number | undefined;
      cycles?: number | undefined;
      correction: boolean;
    },
  ) => {
    assertCan(actor, 'agency.write');
    const cycles = body.cycles ?? 1;
    const p = periodAt(body.kind, body.at, cycles);
    // Only the real-time salary is paid inside its period (a delta on what its runs paid so far).
    const open = p.end > now();
    if (open && body.kind !== 'realtime') throw new AppError('agency.period.open');
    const seq = body.correction || open ? 'correction' : 0;
    const result = await deps.settlement.commit(
      body.merchant,
      body.kind,
      p,
      seq,
      body.kind === 'dividend' ? cycles : undefined,
    );
    await db.transaction().execute((trx) =>
      appendAudit(
        trx,
        actor,
        {
          action: body.correction ? 'agency.run.correction' : 'agency.run',
          target: `agency:${body.merchant}:${body.kind}:${p.start.toISOString()}`,
          after: { written: result.written, paid: result.paid.toString(), pending: result.pending },
        },
        now(),
      ),
    );
    return {
      periodStart: p.start.getTime(),
      periodEnd: p.end.getTime(),
      written: result.written,
      paidMinor: result.paid.toString(),
      pending: result.pending,
    };
  };

  const filterOf = async (q: {
    merchant: string;
    kind?: ContractKind | undefined;
    account?: string | undefined;
  }) => ({
    merchantCode: q.merchant,
    kind: q.kind,
    ...(q.account ? { memberId: await agentId(q.merchant, q.account) } : {}),
  });

  const settlements = async (
    actor: Actor,
    q: { merchant: string; kind?: ContractKind | undefined; account?: string | undefined },
  ) => {
    assertCan(actor, 'agency.read');
    const rows = await bills.billsOf(db, await filterOf(q), 500);
    const n = await memberUsernames(
      db,
      rows.map((r) => r.memberId),
    );
    return { items: rows.map((r) => settlementView(r, n)) };
  };

  const settlementsCsv = async (
    actor: Actor,
    q: { merchant: string; kind?: ContractKind | undefined; account?: string | undefined },
  ) => {
    assertCan(actor, 'agency.read');
    const filter = await filterOf(q);
    const columns = [
      'id',
      'account',
      'kind',
      'periodStart',
      'seq',
      'teamTurnoverMinor',
      'teamGgrMinor',
      'activeMembers',
      'rateBp',
      'grossMinor',
      'childrenMinor',
      'owedMinor',
      'amountMinor',
      'payer',
      'state',
    ] as const;
    return csvStream([...columns], async (limit, offset) => {
      const rows = await bills.billsOf(db, filter, limit, offset);
      const n = await memberUsernames(
        db,
        rows.map((r) => r.memberId),
      );
      return rows.map((r) => {
        const v = settlementView(r, n);
        return { ...v, periodStart: new Date(v.periodStart).toISOString() };
      });
    });
  };

  return {
    agents,
    platformContract,
    preview,
    run,
    settlements,
    settlementsCsv,
    ...createProgrammeBackoffice({ db, now }),
  };
};

export type AgencyBackoffice = ReturnType<typeof createAgencyBackoffice>;
