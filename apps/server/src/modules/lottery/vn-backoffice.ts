import type { VnRegion } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan } from '../staff';
import { betTotalsByDraw, drawIdsOfDay, pendingEntriesOf } from './vn-desk-store';
import { vnResultOf } from './vn-results';
import { vnDateOf } from './vn-schedule';
import { type VnLottery, vnDrawView } from './vn-service';
import * as vn from './vn-store';

type Deps = { db: Kysely<DB>; now: () => Date; vnLottery: VnLottery };

/** A draw's standing on the results desk (ADR 051). */
export type VnDeskStatus = 'awaiting' | 'entered' | 'settled' | 'corrected' | 'void';

/**
 * The Vietnamese lotteries' back office (ADR 046): result entry by hand (pending until a second
 * staff member approves it — never its author), the holiday calendar (a holiday's draws are
 * voided and refunded), voiding a draw. Each change is audited in its own transaction.
 */
export const createVnBackoffice = ({ db, now, vnLottery }: Deps) => {
  const drawOf = async (merchantCode: string, issueNo: string) => {
    const draw = await vn.drawByNo(db, merchantCode, issueNo);
    if (!draw) throw new AppError('not.found');
    return draw;
  };

  /** Entries waiting for approval and the draws of the last day still without a result. */
  const resultsDesk = async (actor: Actor, merchantCode: string) => {
    assertCan(actor, 'lottery.read');
    const at = now();
    const pending = await vn.pendingEntries(db, merchantCode);
    const awaiting = (await vn.awaitingFeed(db, at, 50)).filter((d) => d.merchantCode === merchantCode);
    return {
      pending: pending.map((e) => ({
        id: e.id,
        issueNo: e.issueNo,
        region: e.region,
        result: e.result,
        enteredBy: e.enteredBy,
        enteredAt: e.enteredAt.getTime(),
      })),
      awaiting: awaiting.map(vnDrawView),
    };
  };

  /**
   * The draws of one Vietnamese day (by region and station) with their desk status: awaiting a
   * result, entered and awaiting a second staff member, settled, corrected (a later version), void.
   */
  const draws = async (
    actor: Actor,
    q: {
      merchant: string;
      date?: string | undefined;
      region?: VnRegion | undefined;
      station?: string | undefined;
      status?: VnDeskStatus | undefined;
    },
  ) => {
    assertCan(actor, 'lottery.read');
    const date = q.date ?? vnDateOf(now());
    const ids = await drawIdsOfDay(db, {
      merchantCode: q.merchant,
      date,
      region: q.region,
      station: q.station,
    });
    const [rows, totals, pending] = await Promise.all([
      Promise.all(ids.map((id) => vn.drawById(db, id))),
      betTotalsByDraw(db, ids),
      pendingEntriesOf(db, ids),
    ]);
    const items = rows.flatMap((d) => {
      if (!d) return [];
      const entry = pending.find((e) => e.draw_id === d.id);
      const status: VnDeskStatus =
        d.status === 'void'
          ? 'void'
          : entry
            ? 'entered'
            : d.status === 'scheduled'
              ? 'awaiting'
              : d.resultVersion > 1
                ? 'corrected'
                : 'settled';
      const t = totals.get(d.id);
      return [
        {
          ...vnDrawView(d),
          deskStatus: status,
          settledVersion: d.settledVersion,
          voidReason: d.voidReason,
          bets: t?.bets ?? 0,
          paidMinor: (t?.payoutMinor ?? 0n).toString(),
          owedMinor: (t?.owedMinor ?? 0n).toString(),
          pending: entry
            ? {
                id: String(entry.id),
                enteredBy: entry.entered_by,
                enteredAt: new Date(entry.entered_at).getTime(),
                result: (typeof entry.result === 'string'
                  ? JSON.parse(entry.result)
                  : entry.result) as NonNullable<typeof d.result>,
              }
            : null,
        },
      ];
    });
    return { date, draws: q.status ? items.filter((d) => d.deskStatus === q.status) : items };
  };

  const enterResult = async (actor: Actor, body: { merchant: string; issueNo: string; result: unknown }) => {
    assertCan(actor, 'lottery.write');
    const draw = await drawOf(body.merchant, body.issueNo);
    if (draw.status === 'void' || draw.drawsAt > now()) throw new AppError('lottery.issue.closed');
    const result = vnResultOf(draw.region, body.result);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const entry = await vn.insertEntry(
        trx,
        {
          drawId: draw.id,
          source: 'manual',
          result,
          status: 'pending',
          enteredBy: actor.username,
          approvedBy: null,
        },
        at,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'lottery.vn.result.enter',
          target: `${body.merchant}/${body.issueNo}`,
          before: null,
          after: { entryId: entry.id },
        },
        at,
      );
      return { id: entry.id, status: entry.status };
    });
  };

  /** A second staff member makes a manual entry final: a new result version, settled (or re-settled as deltas). */
  const approveResult = async (actor: Actor, body: { merchant: string; entryId: string }) => {
    assertCan(actor, 'lottery.write');
    const at = now();
    const version = await db.transaction().execute(async (trx) => {
      const entry = await vn.entryById(trx, body.entryId, true);
      if (!entry) throw new AppError('not.found');
      const draw = await vn.drawById(trx, entry.drawId, true);
      if (draw?.merchantCode !== body.merchant) throw new AppError('not.found');
      if (entry.status !== 'pending') throw new AppError('lottery.result.not.pending');
      if (entry.enteredBy === actor.username) throw new AppError('lottery.result.approval.self');
      if (draw.status === 'void') throw new AppError('lottery.issue.closed');
      if (!(await vn.approveEntry(trx, entry.id, actor.username, at)))
        throw new AppError('lottery.result.not.pending');
      await vn.rejectOtherPending(trx, draw.id, entry.id, at);
      const before = (await betTotalsByDraw(trx, [draw.id])).get(draw.id);
      const applied = await vn.applyResult(trx, draw.id, entry.result);
      await appendAudit(
        trx,
        actor,
        {
          action: 'lottery.vn.result.approve',
          target: `${body.merchant}/${draw.issueNo}`,
          before: { resultVersion: draw.resultVersion },
          after: { resultVersion: applied, entryId: entry.id, enteredBy: entry.enteredBy },
        },
        at,
      );
      return { drawId: draw.id, version: applied, before, target: `${body.merchant}/${draw.issueNo}` };
    });
    const settlement = await vnLottery.settleDraw(version.drawId);
    // The bets' totals before and after (a correction re-settles as deltas): read once the
    // settlement at this version is done, whichever node ran it.
    const after = (await betTotalsByDraw(db, [version.drawId])).get(version.drawId);
    const delta = {
      corrected: (version.version ?? 0) > 1,
      bets: after?.bets ?? 0,
      paidBeforeMinor: (version.before?.payoutMinor ?? 0n).toString(),
      paidAfterMinor: (after?.payoutMinor ?? 0n).toString(),
      deltaMinor: ((after?.payoutMinor ?? 0n) - (version.before?.payoutMinor ?? 0n)).toString(),
      owedMinor: (after?.owedMinor ?? 0n).toString(),
    };
    if (delta.corrected)
      await db
        .transaction()
        .execute((trx) =>
          appendAudit(
            trx,
            actor,
            { action: 'lottery.vn.result.resettle', target: version.target, before: null, after: delta },
            now(),
          ),
        );
    return {
      resultVersion: version.version ?? 0,
      settled: settlement.settled,
      paidMinor: settlement.paid.toString(),
      delta,
    };
  };

  const holidays = async (actor: Actor) => {
    assertCan(actor, 'lottery.read');
    return vn.holidays(db, vnDateOf(now()));
  };

  /** Adds a day without draws; its existing draws are voided and refunded at once. */
  const addHoliday = async (actor: Actor, body: { day: string; reason: string }) => {
    assertCan(actor, 'lottery.write');
    const at = now();
    await db.transaction().execute(async (trx) => {
      await vn.addHoliday(trx, body.day, body.reason, actor.username, at);
      await appendAudit(
        trx,
        actor,
        { action: 'lottery.vn.holiday.add', target: body.day, before: null, after: { reason: body.reason } },
        at,
      );
    });
    const voided = await vnLottery.voidHolidays();
    return { day: body.day, voided };
  };

  const voidDraw = async (actor: Actor, body: { merchant: string; issueNo: string; reason: string }) => {
    assertCan(actor, 'lottery.write');
    const draw = await drawOf(body.merchant, body.issueNo);
    const at = now();
    return vnLottery.voidDraw(draw.id, body.reason, (trx) =>
      appendAudit(
        trx,
        actor,
        {
          action: 'lottery.vn.draw.void',
          target: `${body.merchant}/${body.issueNo}`,
          before: { status: draw.status },
          after: { status: 'void', reason: body.reason },
        },
        at,
      ),
    );
  };

  return { resultsDesk, draws, enterResult, approveResult, holidays, addHoliday, voidDraw };
};

export type VnBackoffice = ReturnType<typeof createVnBackoffice>;
