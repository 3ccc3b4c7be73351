import { drawVnResult, type VnRegion } from '@khela/fair';
import type { TestApp } from '../../../test/helpers';

/** Test support: the lottery's HTTP calls as a player makes them. */

export const gamesOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/wps/lottery/games' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().value as {
    serverTime: number;
    games: {
      code: string;
      kind: string;
      current: {
        issueNo: string;
        locksAt: number;
        drawsAt: number;
        commitment: string;
        serverSeed: string | null;
      } | null;
      next: { issueNo: string; opensAt: number; commitment: string } | null;
    }[];
  };
};

export type BetBody = { betType: string; selection: Record<string, unknown>; stakeMinor: number | string };

export const placeBets = (
  t: TestApp,
  token: string,
  body: { gameCode: string; issueNo: string; requestKey: string; bets: BetBody[] },
) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: { authorization: token },
    payload: body,
  });

export const balanceOf = async (t: TestApp, memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

/** A scheduled Vietnamese draw no earlier call has used (the draws of today and the days ahead). */
const usedVnDraws = new Set<string>();
export const freshVnDraw = async (t: TestApp) => {
  await t.app.services.lottery.vn.generate();
  const rows = await t.db
    .selectFrom('lottery_vn_draw')
    .select(['id', 'issue_no', 'region', 'draws_at'])
    .where('merchant_code', '=', 'khelabd')
    .where('status', '=', 'scheduled')
    .orderBy('draws_at', 'desc')
    .orderBy('issue_no')
    .execute();
  const row = rows.find((r) => !usedVnDraws.has(r.issue_no));
  if (!row) throw new Error('no Vietnamese draw left');
  usedVnDraws.add(row.issue_no);
  return { id: row.id, issueNo: row.issue_no, region: row.region as VnRegion };
};

/** A manual result entry of that draw by another staff member, waiting for approval. */
export const pendingVnEntry = async (t: TestApp, draw: { id: string; region: VnRegion }) => {
  const result = drawVnResult(draw.region, 'ab'.repeat(32), 'matrix');
  const row = await t.db
    .insertInto('lottery_vn_result_entry')
    .values({
      draw_id: draw.id,
      source: 'manual',
      result: JSON.stringify(result),
      status: 'pending',
      entered_by: 'someone.else',
      entered_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
};

/** A complete result of a region (the prizes as the back office sends them). */
export const vnPrizesOf = (region: VnRegion) => drawVnResult(region, 'cd'.repeat(32), 'matrix').prizes;

/** A fresh Vietnamese draw moved into the past (its time came): results may be entered for it. */
export const pastVnDraw = async (t: TestApp, at: Date) => {
  const draw = await freshVnDraw(t);
  await t.db
    .updateTable('lottery_vn_draw')
    .set({ locks_at: new Date(at.getTime() - 3_660_000), draws_at: new Date(at.getTime() - 3_600_000) })
    .where('id', '=', draw.id)
    .execute();
  return draw;
};
