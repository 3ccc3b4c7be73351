import type { ContractKind } from '@khela/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { merchantTree } from '../identity';
import type { WalletService } from '../wallet';
import { type ContractRow, contractById, contractsInForce } from './contract-store';
import {
  dividendBase,
  levelDifference,
  type MemberPlay,
  nearestContractedUpline,
  rateAt,
  shareOf,
  teamFigures,
} from './maths';
import type { Period } from './periods';
import { startsHalfMonth } from './periods';
import * as bills from './settlement-store';

/** Per-member play of a merchant in [from, to): the activity module's `playTotals` by member. */
export type PlayReader = (db: Db, q: { from: Date; to: Date; merchantCode: string }) => Promise<MemberPlay[]>;

export type SettleDeps = {
  db: Kysely<DB>;
  wallet: Pick<WalletService, 'accountOf' | 'post'>;
  playByMember: PlayReader;
  currencyOf: (merchantCode: string) => Promise<string>;
  publishBalance?: ((memberId: number) => void) | undefined;
  now: () => Date;
};

/** What one contract is owed for a period (before what earlier runs of the period paid). */
export type RunLine = {
  contract: ContractRow;
  turnover: bigint;
  ggr: bigint;
  active: number;
  rateBp: number;
  carryIn: bigint;
  carryOut: bigint;
  gross: bigint;
  children: bigint;
  owed: bigint;
};

const ENTRY_KIND: Record<ContractKind, string> = {
  daily: 'agency.salary.daily',
  hourly: 'agency.salary.hourly',
  realtime: 'agency.salary.realtime',
  dividend: 'agency.dividend',
};

/**
 * Settlement runs (ADR 038). `compute` is set-based: the contracts in force at the period's end,
 * the merchant's upline tree and its members' play summed once, team figures for every contracted
 * agent in one pass, then level difference. `commit` writes one bill per contract under the unique
 * (agent, kind, period, seq) key and pays it in the same transaction: exactly once, however many
 * runs race or re-run after a crash.
 */
export const createSettlement = (deps: SettleDeps) => {
  const { db, now } = deps;

  /** A dividend run covers the contracts paid `cycles` times a month (their periods are its). */
  const compute = async (
    merchantCode: string,
    kind: ContractKind,
    period: Period,
    cycles?: number,
  ): Promise<RunLine[]> => {
    const contracts = (await contractsInForce(db, merchantCode, kind, period.end)).filter(
      (c) => kind !== 'dividend' || cycles === undefined || c.cycles === cycles,
    );
    if (contracts.length === 0) return [];
    const [tree, play] = await Promise.all([
      merchantTree(db, merchantCode),
      deps.playByMember(db, { from: period.start, to: period.end, merchantCode }),
    ]);
    const agents = new Set(contracts.map((c) => c.memberId));
    const figures = teamFigures(tree, play, agents);
    const gross = new Map<number, bigint>();
    const partial = new Map<number, Omit<RunLine, 'gross' | 'children' | 'owed'>>();
    for (const c of contracts) {
      const f = figures.get(c.memberId) ?? { turnover: 0n, ggr: 0n, active: 0 };
      const rateBp = rateAt(c.tiers, f.active);
      let carryIn = 0n;
      let carryOut = 0n;
      let g: bigint;
      if (kind === 'dividend') {
        const last = await bills.lastBillBefore(db, c.memberId, kind, period.start);
        const adjacent = last !== undefined && last.periodEnd.getTime() === period.start.getTime();
        const d = dividendBase({
          ggr: f.ggr,
          mode: c.carry,
          carryIn: last?.carryOut ?? 0n,
          previousGgr: adjacent ? (last?.teamGgr ?? 0n) : 0n,
          startsHalfMonth: startsHalfMonth(period),
        });
        carryIn = d.carryIn;
        carryOut = d.carryOut;
        g = shareOf(d.base, rateBp);
      } else g = shareOf(f.turnover, rateBp);
      gross.set(c.memberId, g);
      partial.set(c.memberId, { contract: c, ...f, rateBp, carryIn, carryOut });
    }
    const ld = levelDifference(gross, nearestContractedUpline(tree, agents));
    return contracts.map((c) => {
      const p = partial.get(c.memberId) as Omit<RunLine, 'gross' | 'children' | 'owed'>;
      const d = ld.get(c.memberId) ?? { gross: 0n, children: 0n, owed: 0n };
      return { ...p, gross: d.gross, children: d.children, owed: d.owed };
    });
  };

  const pay = async (
    trx: Transaction<DB>,
    b: {
      id: number;
      merchantCode: string;
      memberId: number;
      payerMemberId: number | null;
      kind: ContractKind;
    },
    amount: bigint,
    currency: string,
  ) => {
    const base = { merchantCode: b.merchantCode, currency };
    const to = await deps.wallet.accountOf({ ...base, kind: 'member_main', memberId: b.memberId }, trx);
    const from =
      b.payerMemberId === null
        ? await deps.wallet.accountOf({ ...base, kind: 'house' }, trx)
        : await deps.wallet.accountOf({ ...base, kind: 'member_main', memberId: b.payerMemberId }, trx);
    const posted = await deps.wallet.post(
      {
        merchantCode: b.merchantCode,
        idempotencyKey: `agency:bill:${b.id}`,
        kind: ENTRY_KIND[b.kind],
        lines: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
        metadata: { billId: b.id, payer: b.payerMemberId === null ? 'platform' : 'upline' },
      },
      trx,
    );
    await bills.markPaid(trx, b.id, posted.entryId, now());
  };

  /** Pays a bill left pending for the upline's balance; false while the upline still lacks it. */
  const payPending = async (billId: number) => {
    try {
      const paid = await db.transaction().execute(async (trx) => {
        const b = await bills.pendingBillForUpdate(trx, billId);
        if (!b) return null;
        await pay(trx, b, b.amount, await deps.currencyOf(b.merchantCode));
        return b;
      });
      if (paid) {
        deps.publishBalance?.(paid.memberId);
        if (paid.payerMemberId !== null) deps.publishBalance?.(paid.payerMemberId);
      }
      return paid !== null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient.balance') return false;
      throw error;
    }
  };

  /**
   * Writes and pays the period's bills: `seq` (0 for a period's run, the real-time slot) or
   * `'correction'` (the next seq: pays what is owed now less what the period's bills paid).
   */
  const commit = async (
    merchantCode: string,
    kind: ContractKind,
    period: Period,
    seq: number | 'correction',
    cycles?: number,
  ) => {
    const lines = await compute(merchantCode, kind, period, cycles);
    const currency = await deps.currencyOf(merchantCode);
    let written = 0;
    let paid = 0n;
    const pending: number[] = [];
    for (const line of lines) {
      const result = await db.transaction().execute(async (trx) => {
        // The contract's row lock puts the runs of one agent one after another on every node.
        await contractById(trx, line.contract.id, true);
        const earlier = await bills.billsOfPeriod(trx, line.contract.memberId, kind, period.start);
        const s =
          seq === 'correction'
            ? earlier.length === 0
              ? 0
              : Math.max(...earlier.map((b) => b.seq)) + 1
            : seq;
        if (earlier.some((b) => b.seq === s)) return null;
        const before = earlier.reduce((sum, b) => sum + b.amount, 0n);
        const amount = line.owed > before ? line.owed - before : 0n;
        const c = line.contract;
        const payerMemberId = c.payer === 'upline' ? c.offeredBy : null;
        const bill = {
          contractId: c.id,
          merchantCode,
          memberId: c.memberId,
          kind,
          periodStart: period.start,
          periodEnd: period.end,
          seq: s,
          teamTurnover: line.turnover,
          teamGgr: line.ggr,
          activeMembers: line.active,
          rateBp: line.rateBp,
          carryIn: line.carryIn,
          carryOut: line.carryOut,
          gross: line.gross,
          children: line.children,
          owed: line.owed,
          amount,
          payer: c.payer,
          payerMemberId,
          state: amount === 0n ? 'nothing' : 'pending_balance',
        } as const;
        const id = await bills.insertBill(trx, bill, now());
        if (id === undefined) return null;
        // The platform pays at once; an upline's bill is tried after (its balance may be short).
        if (amount > 0n && payerMemberId === null)
          await pay(trx, { id, merchantCode, memberId: c.memberId, payerMemberId, kind }, amount, currency);
        return { id, amount, upline: payerMemberId !== null };
      });
      if (!result) continue;
      written++;
      if (result.amount > 0n && !result.upline) {
        paid += result.amount;
        deps.publishBalance?.(line.contract.memberId);
      }
      if (result.amount > 0n && result.upline) {
        if (await payPending(result.id)) paid += result.amount;
        else pending.push(result.id);
      }
    }
    return { written, paid, pending: pending.length };
  };

  /** Retries every bill an upline could not pay yet (the scheduler's job). */
  const payPendingBills = async (merchantCode: string) => {
    let paidCount = 0;
    for (const id of await bills.pendingBillIds(db, merchantCode)) if (await payPending(id)) paidCount++;
    return paidCount;
  };

  return { compute, commit, payPendingBills };
};

export type Settlement = ReturnType<typeof createSettlement>;
