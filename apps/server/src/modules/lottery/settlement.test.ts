import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import * as store from './store';
import { balanceOf, gamesOf, placeBets } from './test-support';

/*
 * Money under pressure: the liability cap under 32 concurrent bets, settlement run twice and
 * concurrently (each bet paid once, the total equal to a model's), a void refunding every stake.
 */

const clock = createClock('2026-01-15T12:00:05Z');
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
  const m = await newMember(t.db, { prefix: 'lts' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};

const currentIssue = async (code: string) => {
  const game = (await gamesOf(t)).games.find((g) => g.code === code);
  if (!game?.current) throw new Error(`no open issue of ${code}`);
  return game.current;
};

/** A new rule version of a game, in force now: the version 1 rule with some fields changed. */
const newRule = async (code: string, patch: Partial<store.RuleRow>) => {
  const base = await store.ruleInForce(t.db, 'khelabd', code, clock.now());
  if (!base) throw new Error('no rule');
  await store.insertRule(
    t.db,
    { ...base, ...patch, effectiveFrom: clock.now(), createdBy: 'test' },
    clock.now(),
  );
};

describe('liability cap', () => {
  it('never sells a number past its cap under 32 concurrent bets', async () => {
    // A 5-digit position bet pays 9.5×: 1,000 staked adds 9,500 of liability; the cap takes 5.
    await newRule('F5D', { liabilityCapMinor: 50_000n });
    const issue = await currentIssue('F5D');
    const members = await Promise.all(Array.from({ length: 32 }, () => funded(10_000n)));
    const answers = await Promise.all(
      members.map((m, i) =>
        placeBets(t, m.token, {
          gameCode: 'F5D',
          issueNo: issue.issueNo,
          requestKey: `cap-${i}`,
          bets: [{ betType: 'position', selection: { position: 1, numbers: [7] }, stakeMinor: 1000 }],
        }),
      ),
    );
    const taken = answers.filter((a) => a.statusCode === 200);
    const soldOut = answers.filter((a) => a.statusCode === 409 && a.json().errorCode === 'lottery.sold.out');
    expect(taken).toHaveLength(5);
    expect(soldOut).toHaveLength(27);
    const issueRow = await store.issueByNo(t.db, 'khelabd', 'F5D', issue.issueNo);
    const exposure = await t.db
      .selectFrom('lottery_exposure')
      .selectAll()
      .where('issue_id', '=', issueRow?.id ?? '')
      .where('number_key', '=', 'p1=7')
      .executeTakeFirstOrThrow();
    expect(BigInt(exposure.liability_minor)).toBe(47_500n);
    let debited = 0n;
    for (const m of members) debited += 10_000n - (await balanceOf(t, m.member.id));
    expect(debited).toBe(5_000n);
    // Another number of the same issue is still on sale.
    const other = await placeBets(t, members[0]!.token, {
      gameCode: 'F5D',
      issueNo: issue.issueNo,
      requestKey: 'cap-other',
      bets: [{ betType: 'position', selection: { position: 1, numbers: [3] }, stakeMinor: 1000 }],
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});

/** What a 5-digit bet pays by the rules, written out here (9.5× a digit, 1.9× a side, 2.11× dragon). */
const modelPayout = (
  bet: { betType: string; selection: Record<string, unknown>; stake: bigint },
  d: number[],
) => {
  const sel = bet.selection as { position?: number; numbers?: number[]; side?: string };
  const sum = d.reduce((a, b) => a + b, 0);
  const mult = (() => {
    if (bet.betType === 'position') return d[(sel.position ?? 1) - 1] === sel.numbers?.[0] ? 9500 : 0;
    const value = sel.position === 0 ? sum : d[(sel.position ?? 1) - 1]!;
    if (bet.betType === 'bigsmall') {
      const big = sel.position === 0 ? sum >= 23 : value >= 5;
      return (sel.side === 'big') === big ? 1900 : 0;
    }
    if (bet.betType === 'oddeven') return (sel.side === 'odd') === (value % 2 === 1) ? 1900 : 0;
    if (bet.betType === 'dragontiger') {
      const side = d[0]! > d[4]! ? 'dragon' : d[0]! < d[4]! ? 'tiger' : 'tie';
      return side === sel.side ? (side === 'tie' ? 9500 : 2110) : 0;
    }
    return 0;
  })();
  return (bet.stake * BigInt(mult)) / 1000n;
};

describe('settlement', () => {
  it('pays each bet once when run twice and concurrently, the total equal to the model', async () => {
    await newRule('F5D', { liabilityCapMinor: 10_000_000_000n });
    const issue = await currentIssue('F5D');
    const members = await Promise.all(Array.from({ length: 6 }, () => funded(500_000n)));
    const placed: { memberId: number; betType: string; selection: Record<string, unknown>; stake: bigint }[] =
      [];
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (const [i, m] of members.entries()) {
      const slip = Array.from({ length: 10 }, () => {
        const kind = rand(4);
        const stake = BigInt(100 + rand(5000));
        const selection =
          kind === 0
            ? { position: 2 + rand(4), numbers: [rand(10)] }
            : kind === 3
              ? { side: ['dragon', 'tiger', 'tie'][rand(3)] }
              : {
                  position: rand(6),
                  side: kind === 1 ? (rand(2) ? 'big' : 'small') : rand(2) ? 'odd' : 'even',
                };
        const betType = ['position', 'bigsmall', 'oddeven', 'dragontiger'][kind] as string;
        return { betType, selection, stake };
      });
      const res = await placeBets(t, m.token, {
        gameCode: 'F5D',
        issueNo: issue.issueNo,
        requestKey: `settle-${i}`,
        bets: slip.map((b) => ({
          betType: b.betType,
          selection: b.selection,
          stakeMinor: b.stake.toString(),
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
      placed.push(...slip.map((b) => ({ ...b, memberId: m.member.id })));
    }
    const before = new Map<number, bigint>();
    for (const m of members) before.set(m.member.id, await balanceOf(t, m.member.id));

    clock.set(issue.drawsAt + 1);
    await t.app.services.lottery.drawDueIssues();
    const row = await store.issueByNo(t.db, 'khelabd', 'F5D', issue.issueNo);
    expect(row?.status).toBe('drawn');
    const [a, b] = await Promise.all([
      t.app.services.lottery.settleIssue(row!.id),
      t.app.services.lottery.settleIssue(row!.id),
    ]);
    const c = await t.app.services.lottery.settleIssue(row!.id);
    // 60 bets of these members plus the cap test's 6 bets on the same issue.
    expect(a.settled + b.settled + c.settled).toBe(66);
    expect(c.settled).toBe(0);

    const numbers = row!.numbers!;
    for (const m of members) {
      const expected = placed
        .filter((p) => p.memberId === m.member.id)
        .reduce((sum, p) => sum + modelPayout(p, numbers), 0n);
      expect(await balanceOf(t, m.member.id)).toBe(before.get(m.member.id)! + expected);
    }
    const wins = await t.db
      .selectFrom('journal_entry')
      .select(['idempotency_key'])
      .where('kind', '=', 'lottery.win')
      .execute();
    expect(new Set(wins.map((w) => w.idempotency_key)).size).toBe(wins.length);
    expect((await store.issueById(t.db, row!.id))?.status).toBe('settled');
  });
});

describe('void', () => {
  it('refunds every stake of a voided issue once', async () => {
    const issue = await currentIssue('Q3D');
    const m = await funded(100_000n);
    const res = await placeBets(t, m.token, {
      gameCode: 'Q3D',
      issueNo: issue.issueNo,
      requestKey: 'void-1',
      bets: [
        { betType: 'straight', selection: { numbers: [1, 2, 3] }, stakeMinor: 500 },
        { betType: 'position', selection: { position: 3, numbers: [9] }, stakeMinor: 700 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(100_000n - 1200n);
    const row = await store.issueByNo(t.db, 'khelabd', 'Q3D', issue.issueNo);
    const first = await t.app.services.lottery.voidIssue(row!.id, 'test');
    const second = await t.app.services.lottery.voidIssue(row!.id, 'test');
    expect(first).toEqual({ voided: true, refunded: 2 });
    expect(second).toEqual({ voided: false, refunded: 0 });
    expect(await balanceOf(t, m.member.id)).toBe(100_000n);
    const late = await placeBets(t, m.token, {
      gameCode: 'Q3D',
      issueNo: issue.issueNo,
      requestKey: 'void-2',
      bets: [{ betType: 'position', selection: { position: 1, numbers: [1] }, stakeMinor: 500 }],
    });
    expect(late.json().errorCode).toBe('lottery.issue.closed');
  });
});
