import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { gamesOf, openGame, spinOnce } from '../games/test-support';
import { newMember } from '../wallet/test-support';

/**
 * Data rights (issue 16): GET /wps/protection/my-data answers everything kept about the member —
 * profile without secrets, sessions, ledger lines, rounds, lottery bets, messages, limits — and
 * nothing of anyone else.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

const myData = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/wps/protection/my-data',
    headers: token ? { authorization: token } : {},
  });

describe('my data', () => {
  it("answers the member's own profile, sessions, money, rounds and limits, and nobody else's", async () => {
    const me = await newMember(t.db, { prefix: 'mydata' });
    const other = await newMember(t.db, { prefix: 'otherdata' });
    for (const m of [me, other])
      await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 10_000n });
    const [nodeId] = await gamesOf(t.db);
    const session = await openGame(t.app, me.token, nodeId ?? '');
    for (let i = 0; i < 2; i++) expect((await spinOnce(t.app, session, 100)).statusCode).toBe(200);
    await t.app.services.protection.limits.setLimit(
      { id: me.member.id, merchantCode: 'khelabd' },
      { kind: 'deposit', period: 'day', amount: 50_000n },
    );

    const res = await myData(me.token);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.username).toBe(me.member.username);
    expect(Object.keys(value.sections)).toEqual([
      'profile',
      'transactions',
      'gameRounds',
      'lotteryBets',
      'messages',
      'responsibleGaming',
    ]);
    const { profile, transactions, gameRounds, responsibleGaming } = value.sections;
    expect(profile.profile).toMatchObject({ username: me.member.username, merchant_code: 'khelabd' });
    expect(profile.sessions.length).toBeGreaterThanOrEqual(1);
    // The demo credit and two spins' bets (and any wins) on the member's main account.
    expect(transactions.filter((l: { kind: string }) => l.kind === 'demo.credit')).toHaveLength(1);
    // A first spin may trigger free spins: the second is then a round with stake 0 and no bet line.
    expect(gameRounds).toHaveLength(2);
    const stakes = gameRounds.map((r: { stake_minor: unknown }) => String(r.stake_minor));
    expect(stakes[stakes.length - 1]).toBe('100');
    expect(stakes.every((s: string) => s === '100' || s === '0')).toBe(true);
    const paidSpins = stakes.filter((s: string) => s === '100').length;
    expect(transactions.filter((l: { kind: string }) => l.kind === 'game.bet')).toHaveLength(paidSpins);
    expect(responsibleGaming.limits).toMatchObject([{ kind: 'deposit', period: 'day' }]);
    // Never a secret, never the other member.
    expect(res.body).not.toMatch(/password_hash|token_hash|payment_password/);
    expect(res.body).not.toContain(other.member.username);
  });

  it('needs a session', async () => {
    const res = await myData();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
  });
});
