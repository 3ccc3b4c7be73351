import { DEFAULT_PAYOUTS } from '@khela/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { balanceOf, gamesOf, placeBets } from './test-support';

/*
 * The lottery's back office: rule versions with their RTP (a table above 100 % refused, nothing
 * written), exposure of the open issue, a void refunding the stakes, the bet search; audited.
 */

const clock = createClock(new Date('2026-01-15T12:00:05Z'));
let t: TestApp;
let owner = '';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  owner = await staffLogin(t.app, clock, 'owner');
  await t.app.services.lottery.tick();
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const rule = (payouts: Record<string, Record<string, number>>) => ({
  merchant: 'khelabd',
  gameCode: 'R10',
  intervalSeconds: 300,
  lockSeconds: 30,
  minStakeMinor: '100',
  maxStakeMinor: '50000',
  liabilityCapMinor: '1000000',
  payouts,
});

describe('lottery back office', () => {
  it('shows the RTP of each bet type and refuses a table above 100 %', async () => {
    const current = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/lottery/rules?merchant=khelabd&gameCode=R10',
    });
    expect(current.statusCode, current.body).toBe(200);
    // 1 car of 10 first at 9.5× → 95 %; top 3 at 3.16× → 94.8 %.
    expect(current.json().value.rtpBp).toEqual({ first: 9500, top3: 9480 });
    expect(current.json().value.version).toBe(1);

    const audits = (await auditRows(t.db)).length;
    const refused = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/lottery/rules',
      payload: rule({ first: { hit: 10_010 }, top3: { hit: 3160 } }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('lottery.payout.invalid');
    expect((await auditRows(t.db)).length).toBe(audits);

    const saved = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/lottery/rules',
      payload: rule({ first: { hit: 9_000 }, top3: DEFAULT_PAYOUTS.racing10.top3 ?? {} }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.version).toBe(2);
    expect(saved.json().value.rtpBp.first).toBe(9000);
    const rows = await auditRows(t.db);
    expect(rows.at(-1)?.action).toBe('lottery.rule.save');
  });

  it('a bet copies the new version, shows in exposure and search, and a void refunds it', async () => {
    const m = await newMember(t.db, { prefix: 'lbo' });
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
    const issue = (await gamesOf(t)).games.find((g) => g.code === 'R10')?.current;
    const placed = await placeBets(t, m.token, {
      gameCode: 'R10',
      issueNo: issue?.issueNo ?? '',
      requestKey: 'bo-1',
      bets: [{ betType: 'first', selection: { numbers: [4] }, stakeMinor: 1000 }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const copied = await t.db
      .selectFrom('lottery_bet')
      .select('payout_table')
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    expect(copied.payout_table).toEqual({ hit: 9000 });
    const exposure = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/lottery/exposure?merchant=khelabd&gameCode=R10',
    });
    expect(exposure.json().value).toEqual({
      issueNo: issue?.issueNo,
      liabilityCapMinor: '1000000',
      numbers: [{ key: 'first=4', liabilityMinor: '9000' }],
    });
    const search = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/lottery/bets?merchant=khelabd&memberId=${m.member.id}`,
    });
    expect(search.json().value.total).toBe(1);
    expect(search.json().value.items[0].status).toBe('open');
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/lottery/bets.csv?merchant=khelabd&memberId=${m.member.id}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,placedAt,memberId,gameCode,issueNo,betType,selection,stakeMinor,payoutMinor,status,settledAt',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',R10,');

    const voided = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/lottery/issues/void',
      payload: {
        merchant: 'khelabd',
        gameCode: 'R10',
        issueNo: issue?.issueNo,
        reason: 'draw machine fault',
      },
    });
    expect(voided.json().value).toEqual({ voided: true, refunded: 1 });
    expect(await balanceOf(t, m.member.id)).toBe(100_000n);
    expect((await auditRows(t.db)).at(-1)?.action).toBe('lottery.issue.void');
    const support = await staffLogin(t.app, clock, 'support');
    const forbidden = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/lottery/issues/void',
      payload: { merchant: 'khelabd', gameCode: 'R10', issueNo: issue?.issueNo, reason: 'x' },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
