import { createHash } from 'node:crypto';
import {
  chainLink,
  DEFAULT_PAYOUTS,
  drawNumbers,
  GENESIS_LINK,
  issueClientSeed,
  verifyDraw,
} from '@khela/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { balanceOf, gamesOf, placeBets } from './test-support';

/*
 * The lottery end to end on one app: issues generated ahead with their commitments, a Keno slip
 * placed through HTTP and debited, the lock boundary by the server clock, the draw recomputed
 * from the revealed seed and chained, and settlement paying each bet once.
 */

const clock = createClock('2026-01-15T12:00:30Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.app.services.lottery.tick();
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (amount = 1_000_000n) => {
  const m = await newMember(t.db, { prefix: 'lot' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};

describe('issues', () => {
  it('publishes the open issue and the next with their commitments, seeds hidden until the draw', async () => {
    const { games } = await gamesOf(t);
    const keno = games.find((g) => g.code === 'KENO1');
    expect(keno?.current?.issueNo).toBe('20260115-0721');
    expect(keno?.current?.drawsAt).toBe(Date.parse('2026-01-15T12:01:00Z'));
    expect(keno?.current?.locksAt).toBe(Date.parse('2026-01-15T12:00:50Z'));
    expect(keno?.current?.serverSeed).toBeNull();
    expect(keno?.next?.issueNo).toBe('20260115-0722');
    expect(keno?.next?.opensAt).toBeGreaterThan(clock.now().getTime());
    expect(keno?.next?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(games.map((g) => g.code).sort()).toEqual([
      'F5D',
      'KENO1',
      'KENO5',
      'L545',
      'L655',
      'P4',
      'Q3D',
      'R10',
    ]);
  });

  it('generates each issue once when two nodes run the job at the same time', async () => {
    const before = await t.db.selectFrom('lottery_issue').select('id').execute();
    const [a, b] = await Promise.all([
      t.app.services.lottery.generateIssues(),
      t.app.services.lottery.generateIssues(),
    ]);
    expect(a + b).toBe(0);
    const after = await t.db.selectFrom('lottery_issue').select('id').execute();
    expect(after.length).toBe(before.length);
  });
});

describe('a keno slip', () => {
  it('debits each bet, refuses at the lock time, draws provably fair and pays once', async () => {
    const m = await funded();
    const { games } = await gamesOf(t);
    const issueNo = games.find((g) => g.code === 'KENO1')?.current?.issueNo ?? '';
    const commitment = games.find((g) => g.code === 'KENO1')?.current?.commitment ?? '';
    const picks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const body = {
      gameCode: 'KENO1',
      issueNo,
      requestKey: 'slip-1',
      bets: [
        { betType: 'pick', selection: { numbers: [7] }, stakeMinor: 1000 },
        { betType: 'pick', selection: { numbers: picks.slice(0, 4) }, stakeMinor: 2000 },
        { betType: 'pick', selection: { numbers: picks }, stakeMinor: 500 },
      ],
    };
    // 1 ms before the lock: taken.
    clock.set(Date.parse('2026-01-15T12:00:49.999Z'));
    const res = await placeBets(t, m.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.totalStakeMinor).toBe('3500');
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 3500n);
    // The same request key: the first answer, nothing debited again.
    const again = await placeBets(t, m.token, body);
    expect(again.json().value.replayed).toBe(true);
    expect(again.json().value.slipId).toBe(res.json().value.slipId);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 3500n);
    // At the lock: refused, nothing written.
    clock.set(Date.parse('2026-01-15T12:00:50.000Z'));
    const late = await placeBets(t, m.token, { ...body, requestKey: 'slip-2' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('lottery.issue.closed');
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 3500n);

    // The draw: at its time the job draws, reveals the seed and settles.
    clock.set(Date.parse('2026-01-15T12:01:00.500Z'));
    await t.app.services.lottery.tick();
    const results = await t.app.inject({ method: 'GET', url: '/wps/lottery/results?gameCode=KENO1&count=5' });
    const drawn = results.json().value[0];
    expect(drawn.issueNo).toBe(issueNo);
    expect(drawn.status).toBe('settled');
    expect(createHash('sha256').update(drawn.serverSeed).digest('hex')).toBe(commitment);
    expect(drawn.numbers).toEqual(drawNumbers('keno', drawn.serverSeed, issueClientSeed('KENO1', issueNo)));
    expect(drawn.previousLink).toBe(GENESIS_LINK);
    expect(drawn.link).toBe(
      chainLink({
        previousLink: GENESIS_LINK,
        gameCode: 'KENO1',
        issueNo,
        serverSeed: drawn.serverSeed,
        numbers: drawn.numbers,
      }),
    );
    const proof = await t.app.inject({
      method: 'GET',
      url: `/wps/lottery/draw?gameCode=KENO1&issueNo=${issueNo}`,
    });
    expect(verifyDraw(proof.json().value).ok).toBe(true);

    // Expected payouts from the default keno table, counted here.
    const hits = (sel: number[]) => sel.filter((n) => drawn.numbers.includes(n)).length;
    // The table the slip copied: the rule in force (version 1, the default keno table).
    const table = DEFAULT_PAYOUTS.keno.pick ?? {};
    const expected =
      (1000n * BigInt(table[`1:${hits([7])}`] ?? 0)) / 1000n +
      (2000n * BigInt(table[`4:${hits(picks.slice(0, 4))}`] ?? 0)) / 1000n +
      (500n * BigInt(table[`10:${hits(picks)}`] ?? 0)) / 1000n;
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 3500n + expected);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wps/lottery/bets?gameCode=KENO1',
      headers: { authorization: m.token },
    });
    const rows = mine.json().value as { status: string; payoutMinor: string }[];
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === (BigInt(r.payoutMinor) > 0n ? 'won' : 'lost'))).toBe(true);
    expect(rows.reduce((s, r) => s + BigInt(r.payoutMinor), 0n)).toBe(expected);

    // The betting record shows each bet as a settled round, stake and payout.
    const record = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/MCSFE_getBetRecords?startTime=${Date.parse('2026-01-15T11:00:00Z')}&endTime=${Date.parse('2026-01-15T13:00:00Z')}`,
      headers: { authorization: m.token },
    });
    expect(record.statusCode, record.body).toBe(200);
    const decimal = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    expect(record.json().value.totalCount).toBe(3);
    expect(record.json().value.summary.stake).toBe('35.00');
    expect(record.json().value.summary.payout).toBe(decimal(expected));

    // Settling again pays nothing more.
    const issue = await t.db
      .selectFrom('lottery_issue')
      .select('id')
      .where('issue_no', '=', issueNo)
      .where('game_code', '=', 'KENO1')
      .executeTakeFirstOrThrow();
    const rerun = await t.app.services.lottery.settleIssue(issue.id);
    expect(rerun.settled).toBe(0);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 3500n + expected);
  });

  it('refuses bad selections and stakes with 4xx and writes nothing', async () => {
    const m = await funded(10_000n);
    const { games } = await gamesOf(t);
    const issueNo = games.find((g) => g.code === 'KENO1')?.current?.issueNo ?? '';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ betType: 'pick', selection: { numbers: [81] }, stakeMinor: 1000 }, 400, 'lottery.bet.invalid'],
      [{ betType: 'first', selection: { numbers: [1] }, stakeMinor: 1000 }, 400, 'lottery.bet.invalid'],
      [{ betType: 'pick', selection: { numbers: [1] }, stakeMinor: 99 }, 400, 'lottery.stake.out.of.range'],
      [
        { betType: 'pick', selection: { numbers: [1] }, stakeMinor: 100_001 },
        400,
        'lottery.stake.out.of.range',
      ],
      [{ betType: 'pick', selection: { numbers: [1] }, stakeMinor: 20_000 }, 409, 'insufficient.balance'],
    ];
    for (const [bet, status, code] of cases) {
      const res = await placeBets(t, m.token, {
        gameCode: 'KENO1',
        issueNo,
        requestKey: `bad-${code}-${status}-${JSON.stringify(bet).length}`,
        bets: [bet as never],
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errorCode).toBe(code);
    }
    expect(await balanceOf(t, m.member.id)).toBe(10_000n);
    const count = await t.db
      .selectFrom('lottery_bet')
      .select('id')
      .where('member_id', '=', m.member.id)
      .execute();
    expect(count).toHaveLength(0);
  });
});
