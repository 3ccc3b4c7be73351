import { randomUUID } from 'node:crypto';
import { GAME_TYPES } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberCall } from '../cashier/test-support';
import { bo, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';

/**
 * The licence profile's limit prompt (issue 16, docs/decisions/053) through the HTTP stack: a
 * profile with a prompt shows it as due in the member's state and refuses deposits (nothing
 * written) until the member sets a limit or says "not now"; a profile without one never asks.
 */
const clock = createClock(new Date());
let t: TestApp;
let risk: string;
let channelId: number;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
  channelId = (
    await t.db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelain')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await t?.close();
});

const setPrompt = async (limitPrompt: 'none' | 'registration' | 'firstDeposit') => {
  const current = await bo(t.app, risk, {
    method: 'GET',
    url: '/bo/api/protection/profile?merchant=khelain',
  });
  expect(current.statusCode, current.body).toBe(200);
  const res = await bo(t.app, risk, {
    method: 'PUT',
    url: '/bo/api/protection/profile',
    payload: {
      minAge: 18,
      moneyMode: 'real',
      allowedProducts: [...GAME_TYPES],
      coolingOffHours: 24,
      limitPrompt,
      kycBeforeDeposit: false,
      kycWithdrawalAbove: null,
      merchant: 'khelain',
      baseVersion: current.json().value.version,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  memberCall(t.app, token, method, url, body, { merchant: 'khelain' });

const deposit = (token: string) =>
  call(token, 'POST', '/wps/cashier/deposits', {
    channelId,
    amount: 50_000,
    reference: `LP${randomUUID().slice(0, 8)}`,
  });

const depositsOf = (memberId: number) =>
  t.db.selectFrom('cashier_deposit').select('id').where('member_id', '=', memberId).execute();

const promptOf = async (token: string) => {
  const res = await call(token, 'GET', '/wps/protection');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.limitPrompt as { when: string; due: boolean };
};

describe('limit prompt', () => {
  it('without a prompt in the profile nothing is asked and deposits go through', async () => {
    await setPrompt('none');
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lpnone' });
    expect(await promptOf(m.token)).toEqual({ when: 'none', due: false });
    expect((await deposit(m.token)).statusCode).toBe(200);
  });

  it('first deposit: refused until answered ("not now"), nothing written; the answer is audited once', async () => {
    await setPrompt('firstDeposit');
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lpfirst' });
    expect(await promptOf(m.token)).toEqual({ when: 'firstDeposit', due: true });
    const refused = await deposit(m.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      errorCode: 'protection.limit.prompt',
      value: { when: 'firstDeposit' },
    });
    expect(await depositsOf(m.member.id)).toEqual([]);

    // A bad answer is a 400 and answers nothing.
    const bad = await call(m.token, 'POST', '/wps/protection/limit-prompt/decline', { choice: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(await promptOf(m.token)).toEqual({ when: 'firstDeposit', due: true });

    const declined = await call(m.token, 'POST', '/wps/protection/limit-prompt/decline', {
      choice: 'declined',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().value.limitPrompt).toEqual({ when: 'firstDeposit', due: false });
    // Twice is harmless: one answer, one event.
    expect(
      (await call(m.token, 'POST', '/wps/protection/limit-prompt/decline', { choice: 'declined' }))
        .statusCode,
    ).toBe(200);
    const events = await t.db
      .selectFrom('protection_event')
      .select('action')
      .where('member_id', '=', m.member.id)
      .where('action', '=', 'limit.prompt.declined')
      .execute();
    expect(events).toHaveLength(1);

    const accepted = await deposit(m.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await depositsOf(m.member.id)).toHaveLength(1);
  });

  it('at registration: setting a deposit limit answers the prompt, and the limit then applies', async () => {
    await setPrompt('registration');
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lpreg' });
    expect(await promptOf(m.token)).toEqual({ when: 'registration', due: true });
    expect((await deposit(m.token)).json()).toMatchObject({ errorCode: 'protection.limit.prompt' });
    const set = await call(m.token, 'POST', '/wps/protection/limits', {
      kind: 'deposit',
      period: 'week',
      amount: 80_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.limitPrompt).toEqual({ when: 'registration', due: false });
    // 500.00 fits the 800.00 weekly limit; a second 500.00 does not.
    expect((await deposit(m.token)).statusCode).toBe(200);
    const over = await deposit(m.token);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ errorCode: 'protection.limit' });
    expect(await depositsOf(m.member.id)).toHaveLength(1);
  });

  it('a "not now" followed by a limit counts as set; a member answered before stays answered', async () => {
    await setPrompt('firstDeposit');
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lplater' });
    await call(m.token, 'POST', '/wps/protection/limit-prompt/decline', { choice: 'declined' });
    await call(m.token, 'POST', '/wps/protection/limits', { kind: 'deposit', period: 'day', amount: 30_000 });
    const row = await t.db
      .selectFrom('protection_member')
      .select(['limit_prompt_answer'])
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    expect(row.limit_prompt_answer).toBe('set');
    await setPrompt('registration');
    expect(await promptOf(m.token)).toEqual({ when: 'registration', due: false });
  });
});
