import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps, memberCall } from '../cashier/test-support';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import { type AuthMember, insertMember } from '../identity';
import { lastSmsCode } from '../identity/test-support';
import { bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { promoSteps, ruleBody } from './test-support';

/**
 * Invite friends (docs/decisions/048): a friend registers over the register API with the
 * referrer's code, deposits and plays; the reward is claimable only after both thresholds, is
 * granted once as bonus money; a shared IP or payout account puts the friend under review; a code
 * of another merchant binds nobody.
 */
const clock = createClock(new Date());
let t: TestApp;
let steps: ReturnType<typeof promoSteps>;
let cashier: ReturnType<typeof cashierSteps>;

type Friend = { friendId: number; username: string; status: string; rewardMinor: string | null };
type Overview = {
  code: string;
  registerPath: string;
  rule: { rewardMinor: string } | null;
  totals: { invitations: number; qualified: number; rewardedMinor: string };
  friends: Friend[];
};

const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { value: Record<string, unknown> }).value;
};
const overview = async (token: string) =>
  ok(await memberCall(t.app, token, 'GET', '/wps/promotions/referral')) as unknown as Overview;
const claim = (token: string, friendId: number) =>
  memberCall(t.app, token, 'POST', '/wps/promotions/referral/claim', { friendId });

let counter = 0;
/** A member registered over the register API (SMS code included) from `ip`. */
const register = async (ip: string, referralCode?: string) => {
  counter += 1;
  const username = `frnd${process.pid % 1000}q${counter}`;
  const mobileNum = `0171${String(3_100_000 + counter + (process.pid % 1000) * 100).padStart(7, '0')}`;
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

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  steps = promoSteps(t.app, t.db);
  cashier = cashierSteps(t.app, t.db);
  const owner = await staffLogin(t.app, clock, 'owner');
  // 100.00 per friend who deposited 500.00 and staked 10.00; wagering 5 × the reward.
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

describe('invite friends', () => {
  it('qualifies a friend after deposit and turnover, pays the reward once, binds no other merchant', async () => {
    const referrer = await newMember(t.db, { prefix: 'rfr' });
    const first = await overview(referrer.token);
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(first.registerPath).toBe(`/register?referralCode=${first.code}`);
    expect(first.totals).toEqual({ invitations: 0, qualified: 0, rewardedMinor: '0' });
    expect(first.rule?.rewardMinor).toBe('10000');
    // Made once: the second ask answers the same code.
    expect((await overview(referrer.token)).code).toBe(first.code);

    const friend = await register('10.77.1.1', first.code);
    // The same code on another merchant binds nobody here.
    await insertMember(t.db, {
      merchantCode: 'khelain',
      username: `elsewhere${process.pid % 1000}`,
      mobile: null,
      email: null,
      passwordHash: null,
      type: 0,
      uplineId: null,
      nickname: 'elsewhere',
      now: new Date(),
      lastLoginAt: null,
      referralCode: first.code,
    });
    let view = await overview(referrer.token);
    expect(view.totals.invitations).toBe(1);
    const masked = `${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`;
    expect(view.friends).toMatchObject([
      { friendId: friend.member.id, username: masked, status: 'registered', rewardMinor: null },
    ]);

    // 400.00 deposited: below 500.00, not claimable.
    await steps.deposit(friend.member, 40_000n);
    expect((await overview(referrer.token)).friends[0]?.status).toBe('deposited');
    const early = await claim(referrer.token, friend.member.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ success: false, errorCode: 'promotions.not.eligible' });

    // 600.00 deposited, no play yet: still not qualified.
    await steps.deposit(friend.member, 20_000n);
    expect((await overview(referrer.token)).friends[0]?.status).toBe('deposited');
    // Four spins of 2.00 (8.00 staked): below 10.00. The fifth reaches it.
    const [nodeId] = await gamesOf(t.db, 'PG', 1);
    const session = await openGame(t.app, friend.token, nodeId ?? '');
    // Paid spins only: the free-spin rounds after a trigger stake nothing.
    const paidSpins = async (count: number) => {
      for (let paid = 0; paid < count; ) {
        const res = await spinOnce(t.app, session, 200);
        expect(res.statusCode).toBe(200);
        if (BigInt(spinValue(res).stakeMinor) > 0n) paid += 1;
      }
    };
    await paidSpins(4);
    expect((await overview(referrer.token)).friends[0]?.status).toBe('deposited');
    await paidSpins(1);
    view = await overview(referrer.token);
    expect(view.friends[0]).toMatchObject({ status: 'qualified', rewardMinor: '10000' });
    expect(view.totals.qualified).toBe(1);
    const rewards = ok(await memberCall(t.app, referrer.token, 'GET', '/wps/promotions/rewards'));
    expect(rewards.items).toContainEqual(
      expect.objectContaining({ source: 'referral', key: String(friend.member.id), amountMinor: '10000' }),
    );

    // Two claims at once: one grant.
    const both = await Promise.all([
      claim(referrer.token, friend.member.id),
      claim(referrer.token, friend.member.id),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await steps.balance(referrer.member.id, 'member_bonus')).toBe(10_000n);
    const bonus = await steps.bonusRow(referrer.member.id);
    expect(bonus).toMatchObject({ period_key: `r:${friend.member.id}`, promo_code: 'invite' });
    expect(String(bonus?.requirement_minor)).toBe('50000');
    const again = await claim(referrer.token, friend.member.id);
    expect(again.statusCode).toBe(409);
    view = await overview(referrer.token);
    expect(view.friends[0]?.status).toBe('rewarded');
    expect(view.totals).toEqual({ invitations: 1, qualified: 1, rewardedMinor: '10000' });
  });

  it('puts a friend who shares an IP or a payout account with the referrer under review', async () => {
    const referrer = await register('10.77.2.1');
    const { code } = await overview(referrer.token);
    const sameIp = await register('10.77.2.1', code);
    const samePayout = await register('10.77.2.2', code);
    await cashier.bound(referrer);
    await cashier.bound(samePayout);
    const clean = await register('10.77.2.3', code);
    const view = await overview(referrer.token);
    const statusOf = (id: number) => view.friends.find((f) => f.friendId === id)?.status;
    expect(statusOf(sameIp.member.id)).toBe('under_review');
    expect(statusOf(samePayout.member.id)).toBe('under_review');
    expect(statusOf(clean.member.id)).toBe('registered');
    const refused = await claim(referrer.token, sameIp.member.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('promotions.referral.review');
    expect(await steps.balance(referrer.member.id, 'member_bonus')).toBe(0n);
  });
});
