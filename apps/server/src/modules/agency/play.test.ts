import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import { memberIdByUsername } from '../identity';
import { createCaller } from '../identity/test-support';
import { bo, staffLogin } from '../staff/test-support';

/**
 * The agent centre on real play (issue 20): a downline member spins the in-house slot, the play
 * hooks record the turnover, the agent's overview shows it, the real-time salary pays inside the
 * hour and the daily wage after the day, once each.
 */
let t: TestApp;
let call: ReturnType<typeof createCaller>;
const clock = createClock('2026-04-20T10:10:00Z');
const M = 'khelabd';
let agent = '';
let staff = '';
let stake = 0n;
let payout = 0n;

const login = async (username: string, password: string) => {
  const res = await call({ method: 'POST', url: '/wps/session/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
};
const balanceOf = async (username: string) => {
  const id = (await memberIdByUsername(t.db, M, username)) as number;
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${id}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  call = createCaller(t.app, '10.62.0.1');
  agent = await login('agent01', 'Agent1234');
  staff = await staffLogin(t.app, clock, 'owner', '10.62.0.9');
  const wallet = t.app.services.wallet;
  const base = { merchantCode: M, currency: 'BDT' };
  const team01 = (await memberIdByUsername(t.db, M, 'team01')) as number;
  await wallet.post({
    merchantCode: M,
    idempotencyKey: 'test:agency:play:fund',
    kind: 'deposit',
    lines: [
      { accountId: await wallet.accountOf({ ...base, kind: 'payment_clearing' }), amount: -100_000n },
      {
        accountId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: team01 }),
        amount: 100_000n,
      },
    ],
  });
  const player = await login('team01', 'Demo1234');
  const [nodeId] = await gamesOf(t.db, 'PG', 1);
  const session = await openGame(t.app, player, String(nodeId));
  // Ten paid spins of 2.00: a spin that lands free spins is followed by stake-0 rounds (their
  // payouts count, their stakes are nothing), so spin until ten rounds were paid for.
  for (let paid = 0; paid < 10; ) {
    const v = spinValue(await spinOnce(t.app, session, 200));
    stake += BigInt(v.stakeMinor);
    payout += BigInt(v.payoutMinor);
    if (BigInt(v.stakeMinor) > 0n) paid += 1;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('agent centre on real play', () => {
  it("shows the team's turnover and GGR in the overview and team betting", async () => {
    expect(stake).toBe(2_000n);
    const res = await call({ method: 'GET', url: '/wps/agency/overview?range=today', token: agent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      activeMembers: 1,
      turnoverMinor: stake.toString(),
      ggrMinor: (stake - payout).toString(),
    });
    const play = await call({ method: 'GET', url: '/wps/agency/team-play?range=today', token: agent });
    expect(play.json().value.rows).toEqual([
      {
        account: 'team01',
        depth: 1,
        turnoverMinor: '2000',
        payoutMinor: payout.toString(),
        profitMinor: (payout - stake).toString(),
        bets: 10,
      },
    ]);
  });

  it('pays the real-time salary inside the hour as a delta, and the daily wage after the day, once', async () => {
    const before = await balanceOf('agent01');
    const run = (kind: string) =>
      bo(t.app, staff, { method: 'POST', url: '/bo/api/agency/runs', payload: { merchant: M, kind } });
    // Real-time: 2,000 × 0.1 % = 2; a second run in the hour owes nothing more.
    expect((await run('realtime')).json().value).toMatchObject({ written: 1, paidMinor: '2' });
    expect((await run('realtime')).json().value).toMatchObject({ paidMinor: '0' });
    expect((await balanceOf('agent01')) - before).toBe(2n);
    clock.set('2026-04-21T00:20:00Z');
    // The sessions ended while the clock moved on: sign in again.
    staff = await staffLogin(t.app, clock, 'owner', '10.62.0.9');
    agent = await login('agent01', 'Agent1234');
    // Daily wage: 2,000 × 0.5 % (1 active member: the first tier) = 10, paid once although three
    // nodes' schedulers fire the job at the same time and the back office runs it again.
    const agency = t.app.services.agency;
    await Promise.all([
      agency.settleFinished('daily'),
      agency.settleFinished('daily'),
      agency.settleFinished('daily'),
    ]);
    expect((await run('daily')).json().value).toMatchObject({ written: 0, paidMinor: '0' });
    expect((await balanceOf('agent01')) - before).toBe(12n);
    const income = await call({ method: 'GET', url: '/wps/agency/income', token: agent });
    expect(income.json().value).toMatchObject({
      totalPaidMinor: '12',
      byKind: [
        { kind: 'daily', paidMinor: '10' },
        { kind: 'hourly', paidMinor: '0' },
        { kind: 'realtime', paidMinor: '2' },
        { kind: 'dividend', paidMinor: '0' },
      ],
    });
    const daily = await call({ method: 'GET', url: '/wps/agency/income?kind=daily', token: agent });
    expect(daily.json().value.items).toMatchObject([
      {
        kind: 'daily',
        teamTurnoverMinor: '2000',
        activeMembers: 1,
        rateBp: 50,
        amountMinor: '10',
        state: 'paid',
      },
    ]);
  });
});
