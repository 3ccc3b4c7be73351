import type { ContractKind } from '@khela/contract';
import { insertApplication } from './applications';
import { type CentreDeps, createCentre } from './centre';
import { lastFinished, periodOf, REALTIME_CLOSE_SEQ, realtimeSeq } from './periods';
import { createSettlement } from './settle';
import { templatesInForce } from './templates';

export type AgencyDeps = CentreDeps & {
  /** The merchants whose contracts the scheduler settles. */
  merchantCodes: () => Promise<string[]>;
};

/**
 * The agency module (issue 20, ADR 038): the agent centre, contracts, settlement runs and their
 * scheduler jobs, the join page. Team play comes from the activity module's `playTotals`.
 */
export const createAgency = (deps: AgencyDeps) => {
  const { now } = deps;
  const centre = createCentre(deps);
  const settlement = createSettlement({
    db: deps.db,
    wallet: deps.wallet,
    currencyOf: deps.currencyOf,
    publishBalance: deps.publishBalance,
    now,
    playByMember: async (db, q) =>
      (await deps.playTotals(db, { ...q, groupBy: ['member'] })).flatMap((r) =>
        r.memberId === undefined
          ? []
          : [{ memberId: r.memberId, stake: r.stakeMinor, payout: r.payoutMinor, refund: r.refundMinor }],
      ),
  });

  const eachMerchant = async (run: (merchantCode: string) => Promise<unknown>) => {
    for (const code of await deps.merchantCodes()) await run(code);
  };

  /**
   * Settles the last period of a kind finished at `at` (default now) for every merchant (seq 0:
   * once per period). The scheduler passes the end of the period it claimed (ADR 047).
   */
  const settleFinished = (kind: ContractKind, at?: Date): Promise<void> =>
    eachMerchant(async (code) => {
      const when = at ?? now();
      if (kind === 'dividend') {
        // Each contract's cycle count sets its periods: run every cycle length in use.
        for (const cycles of [1, 2, 3])
          await settlement.commit(code, kind, lastFinished(kind, when, cycles), 0, cycles);
      } else await settlement.commit(code, kind, lastFinished(kind, when), 0);
    });

  /**
   * The real-time salary's 5-minute job: pays what the hour so far has earned beyond what this
   * hour's earlier runs paid (seq = the 5-minute slot), and closes the previous hour (seq 13).
   */
  const settleRealtime = (): Promise<void> =>
    eachMerchant(async (code) => {
      const at = now();
      await settlement.commit(code, 'realtime', lastFinished('realtime', at), REALTIME_CLOSE_SEQ);
      await settlement.commit(code, 'realtime', periodOf('realtime', at), realtimeSeq(at));
    });

  const payPending = () => eachMerchant((code) => settlement.payPendingBills(code));

  /** The join page's commission tables: the merchant's templates in force (ADR 059). */
  const programme = async (merchantCode: string) => {
    const set = await templatesInForce(deps.db, merchantCode);
    return {
      version: set.version,
      templates: set.templates.map((t) => ({ ...t, payer: 'platform' as const })),
    };
  };

  const apply = async (
    merchantCode: string,
    body: { name: string; contact: string; channel: string; message: string },
  ) => ({ id: await insertApplication(deps.db, { merchantCode, ...body, now: now() }) });

  return { centre, settlement, settleFinished, settleRealtime, payPending, programme, apply };
};

export type Agency = ReturnType<typeof createAgency>;
