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
