import { randomUUID } from 'node:crypto';
import type { LoyaltyRule } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { TestApp } from '../../../test/helpers';
import type { DB } from '../../db/schema';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import { bo } from '../staff/test-support';
import { redeem } from './mall';
import { movePoints } from './points';
import { DEFAULT_RULE } from './rules';

/** Test support: loyalty's calls as a player and staff make them, and real play for turnover. */

export const call = async (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

export const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { value: Record<string, unknown> }).value;
};

/**
 * Spins the in-house slot at `betMinor` until `atLeast` has been staked (free spins stake nothing),
 * then stops; answers the stake and the number of paid rounds as the spins answered them.
 */
export const spin = async (t: TestApp, token: string, atLeast: bigint, betMinor = 200) => {
  const [nodeId] = await gamesOf(t.db);
  const session = await openGame(t.app, token, nodeId ?? '');
  let staked = 0n;
  let rounds = 0;
  while (staked < atLeast) {
    const res = await spinOnce(t.app, session, betMinor, randomUUID());
    if (res.statusCode !== 200) throw new Error(`spin ${res.statusCode} ${res.body}`);
    const stake = BigInt(spinValue(res).stakeMinor);
    staked += stake;
    if (stake > 0n) rounds += 1;
  }
  return { staked, rounds };
};

export const saveRule = async (t: TestApp, staff: string, change: (rule: LoyaltyRule) => LoyaltyRule) =>
  bo(t.app, staff, {
    method: 'PUT',
    url: '/bo/api/loyalty/rule',
    payload: { merchant: 'khelabd', rule: change(structuredClone(DEFAULT_RULE)) },
  });

export const mainBalance = async (t: TestApp, memberId: number) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `main:${memberId}`)
        .where('merchant_code', '=', 'khelabd')
        .executeTakeFirst()
    )?.balance ?? '0',
  );

/** A fresh `processing` redemption of a one-point goods item by `memberId` (given the point). */
export const processingRedemption = (db: Kysely<DB>, memberId: number) => {
  const at = new Date();
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .insertInto('loyalty_mall_item')
      .values({
        merchant_code: 'khelabd',
        kind: 'goods',
        name: '{"en":"Test item"}',
        points_cost: '1',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await movePoints(trx, {
      merchantCode: 'khelabd',
      memberId,
      key: `test:${randomUUID()}`,
      delta: 1n,
      reason: 'refund',
      detail: {},
      at,
    });
    return redeem(
      trx,
      { merchantCode: 'khelabd', memberId, itemId: item.id, address: 'test', requestKey: randomUUID() },
      at,
    );
  });
};
