import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createDownlineAccount, memberIdByUsername } from '../identity';
import * as rules from './contracts';
import type { MemberPlay } from './maths';
import type { Period } from './periods';
import { createSettlement, type SettleDeps } from './settle';

/**
 * Settlement runs on a real database and ledger: bills exactly once per (agent, kind, period,
 * seq) under concurrent runs, re-runs and a failure mid-run; corrections as deltas; an upline's
 * bill pending until its balance allows. The team play is given per member (the activity
 * module's sums are the input here); every expected amount is worked out by hand.
 */
let t: TestApp;
const M = 'khelabd';
const DAY: Period = { start: new Date('2026-01-14T00:00:00Z'), end: new Date('2026-01-15T00:00:00Z') };
const ids: Record<string, number> = {};
let plays: MemberPlay[] = [];
const at = new Date('2026-01-15T01:00:00Z');

const daily = (rateBp: number, payer: 'platform' | 'upline' = 'platform'): rules.Terms => ({
  kind: 'daily',
  tiers: [{ minActive: 0, rateBp }],
  cycles: 1,
  carry: 'none',
  payer,
});

const balanceOf = async (memberId: number) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `main:${memberId}`)
        .executeTakeFirst()
    )?.balance ?? '0',
  );

const settlement = (wallet?: SettleDeps['wallet']) =>
  createSettlement({
    db: t.db,
    wallet: wallet ?? t.app.services.wallet,
    currencyOf: async () => 'BDT',
    now: () => at,
    playByMember: async () => plays,
  });

/** A member's bills, the amounts as decimal strings (the driver may answer int8 as a number). */
const bills = async (memberId: number) =>
  (
    await t.db
      .selectFrom('agency_settlement')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('period_start')
      .orderBy('seq')
      .execute()
  ).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('_minor') ? String(v) : v])),
  );

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  for (const name of ['agent01', 'team01', 'team02'])
    ids[name] = (await memberIdByUsername(t.db, M, name)) as number;
  const made = async (username: string, upline: string, asAgent: boolean) => {
    const m = await createDownlineAccount(t.db, {
      merchantCode: M,
      uplineId: ids[upline] as number,
      username,
      passwordHash: 'x',
      asAgent,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    ids[username] = m.id;
  };
  await made('subagentb', 'agent01', true);
  await made('playerb1', 'subagentb', false);
  await made('subagentd', 'subagentb', true);
  await made('playerd1', 'subagentd', false);
  const when = new Date('2026-01-10T00:00:00Z');
  await t.db.transaction().execute(async (trx) => {
    await rules.platformContract(trx, {
      merchantCode: M,
      memberId: ids.agent01 as number,
      terms: daily(100),
      now: when,
    });
    const b = await rules.offer(trx, {
      merchantCode: M,
      offererId: ids.agent01 as number,
      memberId: ids.subagentb as number,
      terms: daily(60),
      now: when,
    });
    await rules.decide(trx, { memberId: ids.subagentb as number, contractId: b.id, accept: true, now: when });
  });
  // team01: 100,000 staked; playerb1: 50,000 staked, 10,000 refunded.
  plays = [
    { memberId: ids.team01 as number, stake: 100_000n, payout: 30_000n, refund: 0n },
    { memberId: ids.playerb1 as number, stake: 50_000n, payout: 0n, refund: 10_000n },
  ];
});

afterAll(async () => {
  await t?.close();
});

describe('agency settlement', () => {
  it('pays each agent once however many runs race, and a re-run writes nothing', async () => {
    const agentBefore = await balanceOf(ids.agent01 as number);
    const bBefore = await balanceOf(ids.subagentb as number);
    const s = settlement();
    const results = await Promise.all([
      s.commit(M, 'daily', DAY, 0),
      s.commit(M, 'daily', DAY, 0),
      s.commit(M, 'daily', DAY, 0),
    ]);
    expect(results.reduce((n, r) => n + r.written, 0)).toBe(2);
    // agent01: team turnover 140,000 × 1 % = 1,400 less subagentb's 40,000 × 0.6 % = 240 → 1,160.
    expect((await balanceOf(ids.agent01 as number)) - agentBefore).toBe(1_160n);
    expect((await balanceOf(ids.subagentb as number)) - bBefore).toBe(240n);
    const [a] = await bills(ids.agent01 as number);
    expect(a).toMatchObject({
      seq: 0,
      team_turnover_minor: '140000',
      team_ggr_minor: '110000',
      active_members: 2,
      rate_bp: 100,
      gross_minor: '1400',
      children_minor: '240',
      owed_minor: '1160',
      amount_minor: '1160',
      state: 'paid',
    });
    const again = await s.commit(M, 'daily', DAY, 0);
    expect(again.written).toBe(0);
    expect((await balanceOf(ids.agent01 as number)) - agentBefore).toBe(1_160n);
    const entries = await t.db
      .selectFrom('journal_entry')
      .select('id')
      .where('kind', '=', 'agency.salary.daily')
      .execute();
    expect(entries).toHaveLength(2);
  });

  it('pays a correction as the delta only', async () => {
    const before = await balanceOf(ids.agent01 as number);
    // team01 staked 10,000 more after the run: agent01 is owed 1,260 now, 100 more than paid.
    plays = [{ ...(plays[0] as MemberPlay), stake: 110_000n }, plays[1] as MemberPlay];
    const s = settlement();
    const r = await s.commit(M, 'daily', DAY, 'correction');
    expect(r.written).toBe(2);
    expect((await balanceOf(ids.agent01 as number)) - before).toBe(100n);
    const [, correction] = await bills(ids.agent01 as number);
    expect(correction).toMatchObject({ seq: 1, owed_minor: '1260', amount_minor: '100', state: 'paid' });
    const [, bCorrection] = await bills(ids.subagentb as number);
    expect(bCorrection).toMatchObject({ seq: 1, amount_minor: '0', state: 'nothing' });
  });

  it('rolls a run back whole when it fails part-way, and the re-run pays once', async () => {
    const next: Period = { start: DAY.end, end: new Date('2026-01-16T00:00:00Z') };
    const before = await balanceOf(ids.agent01 as number);
    const wallet = t.app.services.wallet;
    let calls = 0;
    const failing: SettleDeps['wallet'] = {
      accountOf: wallet.accountOf,
      post: async (input, within) => {
        calls++;
        if (calls === 1) throw new Error('crash in the middle of the run');
        return wallet.post(input, within);
      },
    };
    await expect(settlement(failing).commit(M, 'daily', next, 0)).rejects.toThrow('crash');
    expect(await balanceOf(ids.agent01 as number)).toBe(before);
    const rows = await t.db
      .selectFrom('agency_settlement')
      .select('id')
      .where('period_start', '=', next.start)
      .execute();
    expect(rows).toHaveLength(0);
    const r = await settlement().commit(M, 'daily', next, 0);
    expect(r.written).toBe(2);
    expect((await balanceOf(ids.agent01 as number)) - before).toBe(1_260n);
  });

  it('leaves an upline-paid bill pending until the upline has the balance', async () => {
    const when = new Date('2026-01-16T00:00:00Z');
    await t.db.transaction().execute(async (trx) => {
      const d = await rules.offer(trx, {
        merchantCode: M,
        offererId: ids.subagentb as number,
        memberId: ids.subagentd as number,
        terms: daily(50, 'upline'),
        now: when,
      });
      await rules.decide(trx, {
        memberId: ids.subagentd as number,
        contractId: d.id,
        accept: true,
        now: when,
      });
    });
    // Drain subagentb's earnings so it cannot pay: move its balance back to the house.
    const wallet = t.app.services.wallet;
    const base = { merchantCode: M, currency: 'BDT' };
    const bMain = await wallet.accountOf({ ...base, kind: 'member_main', memberId: ids.subagentb as number });
    const house = await wallet.accountOf({ ...base, kind: 'house' });
    const drain = await balanceOf(ids.subagentb as number);
    await wallet.post({
      merchantCode: M,
      idempotencyKey: 'test:drain:b',
      kind: 'test.drain',
      lines: [
        { accountId: bMain, amount: -drain },
        { accountId: house, amount: drain },
      ],
    });
    const day: Period = { start: new Date('2026-01-16T00:00:00Z'), end: new Date('2026-01-17T00:00:00Z') };
    plays = [{ memberId: ids.playerd1 as number, stake: 100_000n, payout: 0n, refund: 0n }];
    const s = settlement();
    const r = await s.commit(M, 'daily', day, 0);
    // subagentb: 100,000 × 0.6 % = 600 less subagentd's 100,000 × 0.5 % = 500 → 100 from the platform;
    // subagentd's 500 from subagentb, who holds 100: pending.
    expect(r.pending).toBe(1);
    expect(await balanceOf(ids.subagentb as number)).toBe(100n);
    const [dBill] = await bills(ids.subagentd as number);
    expect(dBill).toMatchObject({ amount_minor: '500', state: 'pending_balance', payer: 'upline' });
    await wallet.post({
      merchantCode: M,
      idempotencyKey: 'test:fund:b',
      kind: 'test.fund',
      lines: [
        { accountId: house, amount: -400n },
        { accountId: bMain, amount: 400n },
      ],
    });
    expect(await s.payPendingBills(M)).toBe(1);
    expect(await s.payPendingBills(M)).toBe(0);
    expect(await balanceOf(ids.subagentb as number)).toBe(0n);
    expect(await balanceOf(ids.subagentd as number)).toBe(500n);
    expect((await bills(ids.subagentd as number))[0]).toMatchObject({ state: 'paid' });
  });

  it('carries a dividend loss over: −10,000 then +15,000 at 30 % pays 1,500 (permanent)', async () => {
    const made = async (username: string, uplineId: number | null, asAgent: boolean) =>
      (
        await createDownlineAccount(t.db, {
          merchantCode: M,
          uplineId: uplineId as number,
          username,
          passwordHash: 'x',
          asAgent,
          now: new Date('2026-01-01T00:00:00Z'),
        })
      ).id;
    const divAgent = await made('divagent', ids.agent01 as number, true);
    const divPlayer = await made('divplayer', divAgent, false);
    await t.db.transaction().execute((trx) =>
      rules.platformContract(trx, {
        merchantCode: M,
        memberId: divAgent,
        terms: {
          kind: 'dividend',
          tiers: [{ minActive: 0, rateBp: 3_000 }],
          cycles: 1,
          carry: 'permanent',
          payer: 'platform',
        },
        now: new Date('2026-01-20T00:00:00Z'),
      }),
    );
    const s = settlement();
    const feb: Period = { start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') };
    const mar: Period = { start: feb.end, end: new Date('2026-04-01T00:00:00Z') };
    // February: the team wins 10,000 (net loss −10,000); March: it loses 15,000.
    plays = [{ memberId: divPlayer, stake: 5_000n, payout: 15_000n, refund: 0n }];
    await s.commit(M, 'dividend', feb, 0, 1);
    plays = [{ memberId: divPlayer, stake: 20_000n, payout: 5_000n, refund: 0n }];
    await s.commit(M, 'dividend', mar, 0, 1);
    const rows = await bills(divAgent);
    expect(rows.map((r) => [r.team_ggr_minor, r.carry_in_minor, r.carry_out_minor, r.amount_minor])).toEqual([
      ['-10000', '0', '-10000', '0'],
      ['15000', '-10000', '0', '1500'],
    ]);
  });
});
