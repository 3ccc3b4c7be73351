import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberCall } from '../cashier/test-support';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import type { AuthMember } from '../identity';
import { lastSmsCode } from '../identity/test-support';
import { bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { promoSteps, ruleBody } from './test-support';

/**
 * The referral desk (docs/decisions/051): a friend who shares the referrer's IP is under review;
 * staff approve (the reward is paid once, even when approved twice at once) or reject (never
 * paid, the referrer sees "not eligible"); the report lists friends with their flags and decisions.
 */
const clock = createClock(new Date());
let t: TestApp;
let steps: ReturnType<typeof promoSteps>;
let owner: string;

type Friend = { friendId: number; status: string };

const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { value: Record<string, unknown> }).value;
};
const overview = async (token: string) =>
  ok(await memberCall(t.app, token, 'GET', '/wps/promotions/referral')) as unknown as {
    code: string;
    friends: Friend[];
  };

let counter = 0;
/** A member registered over the register API from `ip` (optionally with a referral code). */
const register = async (ip: string, referralCode?: string) => {
  counter += 1;
  const username = `desk${process.pid % 1000}q${counter}`;
  const mobileNum = `0171${String(5_100_000 + counter + (process.pid % 1000) * 100).padStart(7, '0')}`;
  const headers = { 'user-agent': 'vitest' };
  const sms = await t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    remoteAddress: ip,
    headers,
    payload: { mobileNo: mobileNum },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const verificationCode = await lastSmsCode(t.app, t.db, `+880${mobileNum.slice(1)}`);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: ip,
    headers,
    payload: {
      username,
      password: 'Pass1234',
      confirmPassword: 'Pass1234',
      mobileNum,
      termsAccepted: true,
      ageConfirmed: true,
      verificationCode,
      ...(referralCode ? { referralCode } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { token: string; id: number };
  const member: AuthMember = {
    id: value.id,
    merchantCode: 'khelabd',
    username,
    nickname: username,
    type: 0,
    mobile: mobileNum,
    createdAt: new Date(),
    passwordChangedAt: new Date(),
    mustChangePassword: false,
  };
  return { username, token: value.token, member };
};

/** A referrer and a friend registered from the same IP, past both thresholds (600.00 deposited, 10.00 staked). */
const flaggedPair = async (ip: string) => {
  const referrer = await register(ip);
  const { code } = await overview(referrer.token);
  const friend = await register(ip, code);
  await steps.deposit(friend.member, 60_000n);
  const [nodeId] = await gamesOf(t.db, 'PG', 1);
  const session = await openGame(t.app, friend.token, nodeId ?? '');
  // Five paid spins of 2.00 (free-spin rounds after a trigger stake nothing and do not count).
  for (let paid = 0; paid < 5; ) {
    const res = await spinOnce(t.app, session, 200);
    expect(res.statusCode).toBe(200);
    if (BigInt(spinValue(res).stakeMinor) > 0n) paid += 1;
  }
  const status = (await overview(referrer.token)).friends.find((f) => f.friendId === friend.member.id);
  expect(status?.status).toBe('under_review');
  return { referrer, friend };
};

const decide = (token: string, referrerId: number, friendId: number, approve: boolean) =>
  bo(t.app, token, {
    method: 'POST',
    url: '/bo/api/promotions/referrals/decide',
    payload: {
      merchant: 'khelabd',
      referrerId,
      friendId,
      approve,
      reason: approve ? 'same household, verified' : 'one person, two accounts',
    },
  });

const bonusRows = (memberId: number) =>
  t.db.selectFrom('promo_bonus').selectAll().where('member_id', '=', memberId).execute();

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  steps = promoSteps(t.app, t.db);
  owner = await staffLogin(t.app, clock, 'owner');
  ok(
    await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/promotions/rules',
      payload: ruleBody({
        code: 'invite',
        kind: 'referral',
        frequency: 'unlimited',
        percentBp: 0,
        fixedMinor: 10_000,
        capMinor: 0,
        minDepositMinor: 50_000,
        minTurnoverMinor: 1_000,
        multiplier: 5,
        texts: { en: { title: 'Invite friends', body: '' } },
      }),
    }),
  );
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

describe('referral desk', () => {
  it('approving a flagged friend pays the reward once, even approved twice at once', async () => {
    const { referrer, friend } = await flaggedPair('10.78.1.1');
    const both = await Promise.all([
      decide(owner, referrer.member.id, friend.member.id, true),
      decide(owner, referrer.member.id, friend.member.id, true),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({ success: false, errorCode: 'promotions.referral.decided' });
    const paid = both.find((r) => r.statusCode === 200)?.json().value as { status: string; bonusId: string };
    expect(paid.status).toBe('rewarded');
    expect(paid.bonusId).toMatch(/[0-9a-f-]{36}/);

    // A third click, and the referrer's own claim: nothing more.
    expect((await decide(owner, referrer.member.id, friend.member.id, true)).statusCode).toBe(409);
    const claim = await memberCall(t.app, referrer.token, 'POST', '/wps/promotions/referral/claim', {
      friendId: friend.member.id,
    });
    expect(claim.statusCode).toBe(409);
    expect(await steps.balance(referrer.member.id, 'member_bonus')).toBe(10_000n);
    const rows = await bonusRows(referrer.member.id);
    expect(rows.map((r) => [r.period_key, String(r.amount_minor)])).toEqual([
      [`r:${friend.member.id}`, '10000'],
    ]);
    expect((await overview(referrer.token)).friends[0]?.status).toBe('rewarded');

    const audit = await t.db
      .selectFrom('bo_audit')
      .selectAll()
      .where('action', '=', 'promotions.referral.approve')
      .where('target', '=', `referral:khelabd:${referrer.member.id}:${friend.member.id}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('rejecting a flagged friend never pays; the referrer sees "not eligible"', async () => {
    const { referrer, friend } = await flaggedPair('10.78.2.1');
    const rejected = await decide(owner, referrer.member.id, friend.member.id, false);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toEqual({ status: 'not_eligible', bonusId: null });
    expect((await overview(referrer.token)).friends[0]?.status).toBe('not_eligible');
    const claim = await memberCall(t.app, referrer.token, 'POST', '/wps/promotions/referral/claim', {
      friendId: friend.member.id,
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().errorCode).toBe('promotions.not.eligible');
    // Approving later changes nothing.
    const late = await decide(owner, referrer.member.id, friend.member.id, true);
    expect(late.json()).toMatchObject({ success: false, errorCode: 'promotions.referral.decided' });
    expect(await steps.balance(referrer.member.id, 'member_bonus')).toBe(0n);
    expect(await bonusRows(referrer.member.id)).toEqual([]);
  });

  it('refuses a decision on a friend not under review, a referrer of another merchant, and a role without promotions.write', async () => {
    const referrer = await register('10.78.3.1');
    const { code } = await overview(referrer.token);
    const clean = await register('10.78.3.2', code);
    const notFlagged = await decide(owner, referrer.member.id, clean.member.id, true);
    expect(notFlagged.statusCode).toBe(409);
    expect(notFlagged.json().errorCode).toBe('promotions.referral.decided');
    const elsewhere = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/promotions/referrals/decide',
      payload: {
        merchant: 'khelain',
        referrerId: referrer.member.id,
        friendId: clean.member.id,
        approve: false,
        reason: 'x',
      },
    });
    expect(elsewhere.statusCode).toBe(404);
    const finance = await staffLogin(t.app, clock, 'finance');
    const forbidden = await decide(finance, referrer.member.id, clean.member.id, false);
    expect(forbidden.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('referral_decision')
        .selectAll()
        .where('friend_id', '=', clean.member.id)
        .execute(),
    ).toEqual([]);
  });

  it('reports each friend with referrer, standing, flags and decision; filters and CSV', async () => {
    const { referrer, friend } = await flaggedPair('10.78.4.1');
    const report = async (query: string) =>
      ok(
        await bo(t.app, owner, {
          method: 'GET',
          url: `/bo/api/promotions/referrals?merchant=khelabd&${query}`,
        }),
      ) as {
        items: Record<string, unknown>[];
        total: number;
      };
    const mine = await report(`referrerId=${referrer.member.id}`);
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({
      referrerId: referrer.member.id,
      referrerUsername: referrer.username,
      friendId: friend.member.id,
      friendUsername: friend.username,
      status: 'under_review',
      depositMinor: '60000',
      turnoverMinor: '1000',
      rewardMinor: null,
      flags: ['shared_ip'],
      decision: null,
    });
    expect((await report(`referrerId=${referrer.member.id}&flagged=no`)).total).toBe(0);
    expect((await report(`referrerId=${referrer.member.id}&status=rewarded`)).total).toBe(0);
    const flagged = await report('flagged=yes&status=under_review&pageSize=200');
    expect(flagged.items.map((r) => r.friendId)).toContain(friend.member.id);

    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/promotions/referrals.csv?merchant=khelabd&referrerId=${referrer.member.id}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'referrerId,referrerUsername,code,friendId,friendUsername,registeredAt,status,depositMinor,turnoverMinor,rewardPaid,rewardMinor,flags,decision,decisionReason,decidedBy',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${friend.username},`);
    expect(lines[1]).toContain(',under_review,60000,1000,no,,shared_ip,,,');
  });
});
