import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberIdByUsername } from '../identity';
import { createCaller } from '../identity/test-support';
import { bo, staffLogin } from '../staff/test-support';

/**
 * The agent centre over HTTP (issue 20): register centre with a contract offer under the cap rule,
 * the downline accepting, the cascade when the upline's own contract falls, transfers and locks,
 * the join page's application and the back office's contract, preview, run and CSV.
 */
let t: TestApp;
let call: ReturnType<typeof createCaller>;
const clock = createClock('2026-03-10T12:00:00Z');
const M = 'khelabd';
let agent = '';
let sub = '';
let staff = '';

const login = async (username: string, password: string) => {
  const res = await call({ method: 'POST', url: '/wps/session/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
};
const get = (token: string, url: string) => call({ method: 'GET', url, token });
const post = (token: string, url: string, payload: unknown, headers?: Record<string, string>) =>
  call({ method: 'POST', url, token, payload, ...(headers ? { headers } : {}) });

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
  call = createCaller(t.app, '10.61.0.1');
  agent = await login('agent01', 'Agent1234');
  staff = await staffLogin(t.app, clock, 'owner', '10.61.0.9');
});

afterAll(async () => {
  await t?.close();
});

describe('agent centre', () => {
  it('shows the demo agent its contracts and the pages they turn on', async () => {
    const res = await get(agent, '/wps/agency/centre');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.features).toEqual({ daily: true, hourly: false, realtime: true, dividend: true });
    expect(v.contracts.find((c: { kind: string }) => c.kind === 'daily').tiers).toEqual([
      { minActive: 0, rateBp: 50 },
      { minActive: 5, rateBp: 80 },
    ]);
  });

  it('refuses a non-agent', async () => {
    const member = await login('team01', 'Demo1234');
    const res = await get(member, '/wps/agency/overview');
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('login.not.agent');
  });

  it('registers a downline agent with an offer never above the own contract', async () => {
    const above = await post(agent, '/wps/agency/downline', {
      username: 'subagent1',
      password: 'Start1234',
      asAgent: true,
      contract: { kind: 'daily', tiers: [{ minActive: 0, rateBp: 60 }] },
    });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ success: false, errorCode: 'agency.contract.above.upline' });
    // Refused whole: the account was not created either.
    expect(await memberIdByUsername(t.db, M, 'subagent1')).toBeUndefined();
    const member = await post(agent, '/wps/agency/downline', {
      username: 'player77',
      password: 'Start1234',
      contract: { kind: 'daily', tiers: [{ minActive: 0, rateBp: 10 }] },
    });
    expect(member.json().errorCode).toBe('agency.contract.invalid');
    const ok = await post(agent, '/wps/agency/downline', {
      username: 'subagent1',
      password: 'Start1234',
      asAgent: true,
      contract: {
        kind: 'daily',
        tiers: [
          { minActive: 0, rateBp: 40 },
          { minActive: 5, rateBp: 80 },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      account: 'subagent1',
      contract: { status: 'requested', offeredBy: 'agent01' },
    });
    const taken = await post(agent, '/wps/agency/downline', { username: 'SubAgent1', password: 'Start1234' });
    expect(taken.statusCode).toBe(409);
    const list = await get(agent, '/wps/agency/downline?search=subagent');
    expect(list.json().value.items).toMatchObject([
      { account: 'subagent1', isAgent: true, depth: 1, upline: 'agent01' },
    ]);
  });

  it('lets the downline accept after its first password change, and offers above the own are refused', async () => {
    let token = await login('subagent1', 'Start1234');
    expect((await get(token, '/wps/agency/centre')).json().errorCode).toBe('password.change.required');
    const changed = await post(token, '/wps/member/password', {
      oldPassword: 'Start1234',
      newPassword: 'Second1234',
      confirmNewPassword: 'Second1234',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    token = await login('subagent1', 'Second1234');
    sub = token;
    const centre = (await get(token, '/wps/agency/centre')).json().value;
    const offer = centre.contracts.find((c: { kind: string }) => c.kind === 'daily');
    expect(offer.status).toBe('requested');
    const accepted = await post(token, '/wps/agency/contracts/decide', {
      contractId: offer.id,
      accept: true,
    });
    expect(accepted.json().value.status).toBe('accepted');
    const again = await post(token, '/wps/agency/contracts/decide', { contractId: offer.id, accept: true });
    expect(again.json().errorCode).toBe('agency.contract.state');
    // subagent1 holds no hourly contract: nothing to offer from.
    const none = await post(agent, '/wps/agency/contracts/offer', {
      account: 'subagent1',
      kind: 'hourly',
      tiers: [{ minActive: 0, rateBp: 5 }],
    });
    expect(none.json().errorCode).toBe('agency.contract.none');
    const notDirect = await post(sub, '/wps/agency/contracts/offer', {
      account: 'team01',
      kind: 'daily',
      tiers: [{ minActive: 0, rateBp: 5 }],
    });
    expect(notDirect.json().errorCode).toBe('agency.downline.unknown');
  });

  it('terminates a downline contract the upline no longer covers', async () => {
    const res = await bo(t.app, staff, {
      method: 'POST',
      url: '/bo/api/agency/contracts',
      payload: { merchant: M, account: 'agent01', kind: 'daily', tiers: [{ minActive: 0, rateBp: 30 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'accepted', version: 2 });
    const row = (await get(agent, '/wps/agency/downline?search=subagent1')).json().value.items[0];
    // subagent1's 0.4 % is above agent01's new 0.3 %: cancelled automatically.
    expect(row.contracts).toEqual([]);
    const ended = await t.db
      .selectFrom('agency_contract')
      .select(['status', 'end_reason'])
      .where('member_id', '=', (await memberIdByUsername(t.db, M, 'subagent1')) as number)
      .execute();
    expect(ended).toEqual([{ status: 'terminated', end_reason: 'above_upline' }]);
    const audit = await t.db
      .selectFrom('bo_audit')
      .select('action')
      .where('action', '=', 'agency.contract')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('transfers withdrawable money to a downline once per key, and locks a downline', async () => {
    const wallet = t.app.services.wallet;
    const base = { merchantCode: M, currency: 'BDT' };
    const agentId = (await memberIdByUsername(t.db, M, 'agent01')) as number;
    await wallet.post({
      merchantCode: M,
      idempotencyKey: 'test:agency:fund',
      kind: 'deposit',
      lines: [
        { accountId: await wallet.accountOf({ ...base, kind: 'payment_clearing' }), amount: -50_000n },
        {
          accountId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: agentId }),
          amount: 50_000n,
        },
      ],
    });
    const before = await balanceOf('team01');
    const agentBefore = await balanceOf('agent01');
    const key = { 'idempotency-key': randomUUID() };
    const sent = await post(
      agent,
      '/wps/agency/downline/transfer',
      { account: 'team01', amountMinor: '12345' },
      key,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const replay = await post(
      agent,
      '/wps/agency/downline/transfer',
      { account: 'team01', amountMinor: '12345' },
      key,
    );
    expect(replay.json().value.replayed).toBe(true);
    expect((await balanceOf('team01')) - before).toBe(12_345n);
    expect(agentBefore - (await balanceOf('agent01'))).toBe(12_345n);
    const stranger = await post(
      agent,
      '/wps/agency/downline/transfer',
      { account: 'demo01', amountMinor: '100' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(stranger.json().errorCode).toBe('agency.downline.unknown');
    const tooMuch = await post(
      agent,
      '/wps/agency/downline/transfer',
      { account: 'team01', amountMinor: '999999999' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(tooMuch.json().errorCode).toBe('withdrawable.insufficient');
    const locked = await post(agent, '/wps/agency/downline/status', { account: 'team02', status: 'locked' });
    expect(locked.json().value.changed).toBe(true);
    const refused = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'team02', password: 'Demo1234' },
    });
    expect(refused.statusCode).toBe(403);
    await post(agent, '/wps/agency/downline/status', { account: 'team02', status: 'active' });
  });

  it('takes a join application and shows it in the back office; the programme is public', async () => {
    const programme = await call({ method: 'GET', url: '/wps/agency/programme' });
    expect(programme.json().value.templates.map((x: { kind: string }) => x.kind)).toEqual([
      'daily',
      'dividend',
    ]);
    const applied = await call({
      method: 'POST',
      url: '/wps/agency/apply',
      payload: {
        name: 'Rahim',
        contact: '+8801711000000',
        channel: 'whatsapp',
        message: 'I run a team of 30',
      },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const bad = await call({
      method: 'POST',
      url: '/wps/agency/apply',
      payload: { name: 'R', contact: 'x', channel: 'fax' },
    });
    expect(bad.statusCode).toBe(400);
    const list = await bo(t.app, staff, { method: 'GET', url: `/bo/api/agency/applications?merchant=${M}` });
    expect(list.json().value.items).toMatchObject([{ name: 'Rahim', channel: 'whatsapp', status: 'new' }]);
  });

  it('previews and runs a settlement from the back office, refuses an open period, exports CSV', async () => {
    const open = await bo(t.app, staff, {
      method: 'POST',
      url: '/bo/api/agency/runs',
      payload: { merchant: M, kind: 'daily', at: clock.now().getTime() },
    });
    expect(open.json().errorCode).toBe('agency.period.open');
    const preview = await bo(t.app, staff, {
      method: 'GET',
      url: `/bo/api/agency/runs/preview?merchant=${M}&kind=daily`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().value).toMatchObject({ periodStart: Date.parse('2026-03-09T00:00:00Z') });
    const run = await bo(t.app, staff, {
      method: 'POST',
      url: '/bo/api/agency/runs',
      payload: { merchant: M, kind: 'daily' },
    });
    expect(run.statusCode, run.body).toBe(200);
    const rerun = await bo(t.app, staff, {
      method: 'POST',
      url: '/bo/api/agency/runs',
      payload: { merchant: M, kind: 'daily' },
    });
    expect(rerun.json().value.written).toBe(0);
    const csv = await bo(t.app, staff, {
      method: 'GET',
      url: `/bo/api/agency/settlements.csv?merchant=${M}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,account,kind,periodStart,seq,teamTurnoverMinor,teamGgrMinor,activeMembers,rateBp,grossMinor,childrenMinor,owedMinor,amountMinor,payer,state',
    );
    const support = await staffLogin(t.app, clock, 'content', '10.61.0.8');
    const refused = await bo(t.app, support, { method: 'GET', url: `/bo/api/agency/agents?merchant=${M}` });
    expect(refused.statusCode).toBe(403);
    const agents = await bo(t.app, staff, { method: 'GET', url: `/bo/api/agency/agents?merchant=${M}` });
    expect(agents.json().value.items.map((a: { account: string }) => a.account)).toContain('agent01');
  });
});
