import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { hashSessionToken, newSessionToken } from '../../shared/tokens';
import { cashierSteps, memberCall, staffCall } from '../cashier/test-support';
import { insertSession } from '../identity/test-support';
import { auditRows, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';

/**
 * Risk flags and their queue (issue 16, docs/decisions/054) through the HTTP stack: the scan flags
 * members sharing a payout account or a device and rapid deposit–withdrawal cycles, once per
 * member, kind and key however often it runs; staff clear or confirm an open flag with a note
 * (audited, once); bad input and missing rights are refused.
 */
const clock = createClock(new Date());
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let risk: string;
let finance: string;
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  risk = await staffLogin(t.app, clock, 'risk');
  finance = await staffLogin(t.app, clock, 'finance');
  steps = cashierSteps(t.app, t.db);
});

type Flag = {
  id: number;
  memberId: number;
  kind: string;
  status: string;
  detail: Record<string, unknown> & { members?: { id: number; username: string }[] };
};

const scan = async () => steps.ok(await staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/scan'));
const flagsOf = async (memberId: number, status = 'open') =>
  (
    steps.ok(
      await staffCall(
        t.app,
        risk,
        'GET',
        `/bo/api/protection/risk?status=${status}&member=${memberId}&pageSize=50`,
      ),
    ) as { items: Flag[] }
  ).items;

const bind = async (token: string, number: string) =>
  steps.ok(
    await memberCall(t.app, token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Risk Payee',
      channel: 'NAGAD',
      number,
    }),
  );

describe('risk flags', () => {
  it('two members binding one payout account are flagged once each, naming the other; a third is not', async () => {
    const a = await newMember(t.db, { prefix: 'rkpa' });
    const b = await newMember(t.db, { prefix: 'rkpb' });
    const c = await newMember(t.db, { prefix: 'rkpc' });
    await bind(a.token, '01819990001');
    await bind(b.token, '01819990001');
    await bind(c.token, '01819990002');
    const first = (await scan()) as { added: number };
    expect(first.added).toBeGreaterThanOrEqual(2);
    await scan();
    const flagsA = (await flagsOf(a.member.id)).filter((f) => f.kind === 'sharedPayout');
    expect(flagsA).toHaveLength(1);
    expect(flagsA[0]?.detail).toMatchObject({
      channel: 'NAGAD',
      account: '••••0001',
      members: [{ id: b.member.id, username: b.member.username }],
    });
    expect((await flagsOf(b.member.id)).filter((f) => f.kind === 'sharedPayout')).toHaveLength(1);
    expect((await flagsOf(c.member.id)).filter((f) => f.kind === 'sharedPayout')).toHaveLength(0);
  });

  it('sessions of two members from one device flag both; the same address with another browser does not', async () => {
    const a = await newMember(t.db, { prefix: 'rkda' });
    const b = await newMember(t.db, { prefix: 'rkdb' });
    const c = await newMember(t.db, { prefix: 'rkdc' });
    const ip = `10.77.${Math.floor(Math.random() * 250)}.9`;
    const session = (memberId: number, userAgent: string) =>
      insertSession(t.db, {
        tokenHash: hashSessionToken(newSessionToken()),
        memberId,
        now: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
        ip,
        userAgent,
      });
    await session(a.member.id, 'RiskPhone/1.0');
    await session(b.member.id, 'RiskPhone/1.0');
    await session(c.member.id, 'OtherBrowser/2.0');
    await scan();
    const flagsA = (await flagsOf(a.member.id)).filter((f) => f.kind === 'sharedDevice');
    expect(flagsA).toHaveLength(1);
    expect(flagsA[0]?.detail).toMatchObject({ ip, members: [{ id: b.member.id }] });
    expect((await flagsOf(c.member.id)).filter((f) => f.kind === 'sharedDevice')).toHaveLength(0);
  });

  it('a withdrawal of 80 % or more of a deposit within a day is a rapid cycle; less is not', async () => {
    const m = await newMember(t.db, { prefix: 'rkcy' });
    await bind(m.token, `0181${randomUUID().replace(/\D/g, '').padEnd(7, '7').slice(0, 7)}`);
    await steps.withPassword(m);
    await steps.fund(m, 300_000n);
    const deposit = steps.ok(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
        channelId: await steps.channelId(),
        amount: 100_000,
        reference: `RK${randomUUID().slice(0, 8)}`,
      }),
    ) as { id: string };
    steps.ok(await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id: deposit.id }));
    await steps.withdraw(m, 50_000);
    await scan();
    expect((await flagsOf(m.member.id)).filter((f) => f.kind === 'rapidCycle')).toHaveLength(0);
    await steps.withdraw(m, 60_000);
    // 600.00 of 1,000.00 is under 80 %: still none. A deposit cycled out whole is one.
    await scan();
    expect((await flagsOf(m.member.id)).filter((f) => f.kind === 'rapidCycle')).toHaveLength(0);
    // The clock moves a minute between the steps (the withdrawals above came before this deposit).
    clock.advance(60_000);
    const second = steps.ok(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
        channelId: await steps.channelId(),
        amount: 70_000,
        reference: `RK${randomUUID().slice(0, 8)}`,
      }),
    ) as { id: string };
    steps.ok(await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id: second.id }));
    clock.advance(60_000);
    await steps.withdraw(m, 70_000);
    await scan();
    const cycles = (await flagsOf(m.member.id)).filter((f) => f.kind === 'rapidCycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.detail).toMatchObject({ deposit: '70000', withdrawal: '70000', minutes: 1 });
  });

  it('staff clear an open flag with a note (audited once); a second decision is refused; bad input 400', async () => {
    const a = await newMember(t.db, { prefix: 'rkxa' });
    const b = await newMember(t.db, { prefix: 'rkxb' });
    await bind(a.token, '01819990009');
    await bind(b.token, '01819990009');
    await scan();
    const [flag] = await flagsOf(a.member.id);
    if (!flag) throw new Error('no flag');
    const bad = await staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/decide', {
      id: flag.id,
      decision: 'ignore',
      note: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const readOnly = await staffLogin(t.app, clock, 'support');
    const refused = await staffCall(t.app, readOnly, 'POST', '/bo/api/protection/risk/decide', {
      id: flag.id,
      decision: 'clear',
      note: 'siblings share one wallet',
    });
    expect(refused.statusCode).toBe(403);
    const before = (await auditRows(t.db)).length;
    const cleared = steps.ok(
      await staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/decide', {
        id: flag.id,
        decision: 'clear',
        note: 'siblings share one wallet',
      }),
    );
    expect(cleared).toMatchObject({ id: flag.id, status: 'cleared', note: 'siblings share one wallet' });
    const again = await staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/decide', {
      id: flag.id,
      decision: 'confirm',
      note: 'second look',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'protection.risk.decided',
      value: { status: 'cleared' },
    });
    const audit = await auditRows(t.db);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'protection.risk.clear', target: `member:${a.member.id}` });
    // Found again by the next scan, the flag keeps its decision.
    await scan();
    expect(await flagsOf(a.member.id)).toHaveLength(0);
    expect((await flagsOf(a.member.id, 'cleared')).map((f) => f.id)).toEqual([flag.id]);
  });
});
