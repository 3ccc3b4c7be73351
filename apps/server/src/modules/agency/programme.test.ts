import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { createCaller } from '../identity/test-support';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';

/**
 * The agent programme (ADR 059): contract templates per merchant as versioned data (saved by
 * staff, audited, bad sets refused with nothing written, the join page shows the version in
 * force) and the back office's decisions on join applications (approve or reject once).
 */
let t: TestApp;
let call: ReturnType<typeof createCaller>;
const clock = createClock('2026-04-02T09:00:00Z');
const M = 'khelabd';
let owner = '';

const templatesUrl = `/bo/api/agency/templates?merchant=${M}`;
const save = (token: string, templates: unknown, merchant = M) =>
  bo(t.app, token, { method: 'PUT', url: '/bo/api/agency/templates', payload: { merchant, templates } });
const savedRows = async () =>
  (
    await t.db.selectFrom('agency_template_set').select(['merchant_code', 'version']).orderBy('id').execute()
  ).map((r) => `${r.merchant_code}:${r.version}`);
const programme = async (merchant = M) =>
  (await call({ method: 'GET', url: '/wps/agency/programme', merchant })).json().value;

const apply = async (name: string) => {
  const res = await call({
    method: 'POST',
    url: '/wps/agency/apply',
    payload: { name, contact: '+8801711000123', channel: 'mobile', message: '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
};
const decide = (token: string, payload: Record<string, unknown>) =>
  bo(t.app, token, {
    method: 'POST',
    url: '/bo/api/agency/applications/decide',
    payload: { merchant: M, ...payload },
  });

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  call = createCaller(t.app, '10.63.0.1');
  owner = await staffLogin(t.app, clock, 'owner', '10.63.0.9');
});

afterAll(async () => {
  await t?.close();
});

const daily = {
  kind: 'daily',
  tiers: [
    { minActive: 0, rateBp: 40 },
    { minActive: 10, rateBp: 90 },
  ],
};
const realtime = { kind: 'realtime', tiers: [{ minActive: 0, rateBp: 15 }] };
const dividend = {
  kind: 'dividend',
  tiers: [
    { minActive: 0, rateBp: 2500 },
    { minActive: 20, rateBp: 3500 },
  ],
  cycles: 3,
  carry: 'previous',
};

describe('contract templates per merchant', () => {
  it('shows the default set (version 0) until a merchant saves one', async () => {
    const res = await bo(t.app, owner, { method: 'GET', url: templatesUrl });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ version: 0, createdBy: null, versions: [] });
    expect(v.templates.map((x: { kind: string }) => x.kind)).toEqual(['daily', 'dividend']);
    expect(v.maxRateBp).toEqual({ daily: 300, hourly: 300, realtime: 300, dividend: 8000 });
    expect((await programme()).version).toBe(0);
  });

  it('refuses bad sets with 400 and writes nothing', async () => {
    const before = await auditRows(t.db);
    const cases: Array<[unknown[], string, string | null]> = [
      // a salary at 3.01 % of turnover: above the 300 bp maximum
      [[{ kind: 'daily', tiers: [{ minActive: 0, rateBp: 301 }] }], 'tiers.rate.max', 'daily'],
      // a dividend share of 80.01 %
      [[{ kind: 'dividend', tiers: [{ minActive: 0, rateBp: 8001 }] }], 'tiers.rate.max', 'dividend'],
      // rates falling at a higher threshold
      [
        [
          {
            kind: 'hourly',
            tiers: [
              { minActive: 0, rateBp: 20 },
              { minActive: 5, rateBp: 10 },
            ],
          },
        ],
        'tiers.order',
        'hourly',
      ],
      // thresholds not rising
      [
        [
          {
            kind: 'daily',
            tiers: [
              { minActive: 0, rateBp: 20 },
              { minActive: 0, rateBp: 30 },
            ],
          },
        ],
        'tiers.order',
        'daily',
      ],
      // the first tier must start at 0 active members
      [[{ kind: 'daily', tiers: [{ minActive: 3, rateBp: 20 }] }], 'tiers.first', 'daily'],
      // one template per kind
      [[daily, daily], 'kind.twice', 'daily'],
      // cycles and carry-over belong to dividends
      [[{ ...realtime, carry: 'permanent' }], 'dividend.only', 'realtime'],
    ];
    for (const [templates, reason, kind] of cases) {
      const res = await save(owner, templates);
      expect(res.statusCode, JSON.stringify(templates)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: 'agency.template.invalid',
        value: { reason, kind },
      });
      expect(typeof res.json().message).toBe('string');
    }
    // Out of the contract's own range: refused by the schema.
    const huge = await save(owner, [{ kind: 'daily', tiers: [{ minActive: 0, rateBp: 10_001 }] }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ success: false, errorCode: 'validation.failed' });
    expect(await savedRows()).toEqual([]);
    expect((await auditRows(t.db)).length).toBe(before.length);
  });

  it('saves new versions, audited; the newest is in force and the join page shows it', async () => {
    const first = await save(owner, [dividend, daily]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ version: 1, createdBy: 'owner' });
    // Stored in kind order, defaults filled in.
    expect(first.json().value.templates).toEqual([{ ...daily, cycles: 1, carry: 'none' }, dividend]);
    const second = await save(owner, [realtime]);
    expect(second.json().value.version).toBe(2);
    expect(second.json().value.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const shown = await programme();
    expect(shown).toEqual({
      version: 2,
      templates: [
        {
          kind: 'realtime',
          tiers: [{ minActive: 0, rateBp: 15 }],
          cycles: 1,
          carry: 'none',
          payer: 'platform',
        },
      ],
    });
    // Another merchant still offers the default set.
    expect((await programme('khelain')).version).toBe(0);

    const audits = (await auditRows(t.db)).filter((a) => a.action === 'agency.templates');
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ target: `agency_templates:${M}`, staff_username: 'owner' });
    expect(JSON.stringify(audits[1]?.after)).toContain('"version":2');
    expect(JSON.stringify(audits[1]?.before)).toContain('"version":1');
    expect(await savedRows()).toEqual([`${M}:1`, `${M}:2`]);
  });

  it('lets read roles view and only agency.write roles save', async () => {
    const finance = await staffLogin(t.app, clock, 'finance', '10.63.0.8');
    const content = await staffLogin(t.app, clock, 'content', '10.63.0.7');
    expect((await bo(t.app, finance, { method: 'GET', url: templatesUrl })).statusCode).toBe(200);
    const refused = await bo(t.app, content, { method: 'GET', url: templatesUrl });
    expect(refused.statusCode).toBe(403);
    const write = await save(content, [daily]);
    expect(write.statusCode).toBe(403);
    expect(write.json().errorCode).toBe('forbidden');
    expect(await savedRows()).toEqual([`${M}:1`, `${M}:2`]);
  });
});

describe('application decisions', () => {
  it('rejects with a reason, once: a second decision is 409', async () => {
    const id = await apply('Karim');
    const rejected = await decide(owner, { id, approve: false, reason: 'No team yet' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      id,
      status: 'rejected',
      reason: 'No team yet',
      decidedBy: 'owner',
      account: null,
    });
    const again = await decide(owner, { id, approve: true, reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      errorCode: 'agency.application.decided',
      value: { status: 'rejected' },
    });
    const audit = (await auditRows(t.db)).filter((a) => a.target === `agency_application:${id}`);
    expect(audit.map((a) => a.action)).toEqual(['agency.application.reject']);
  });

  it('approves linking a member: it becomes an agent with platform contracts copied from the templates in force', async () => {
    const { member: m } = await newMember(t.db, { prefix: 'appl' });
    const id = await apply('Salma');
    const approved = await decide(owner, {
      id,
      approve: true,
      reason: 'Known affiliate',
      account: m.username,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'approved', account: m.username });
    const member = await t.db
      .selectFrom('member')
      .select(['type', 'agent_code'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.type).toBe(1);
    expect(member.agent_code).toBe(m.username.toUpperCase());
    // Version 2 in force offers only the real-time salary at 15 bp.
    const contracts = await t.db
      .selectFrom('agency_contract')
      .select(['kind', 'tiers', 'status', 'payer', 'offered_by'])
      .where('member_id', '=', m.id)
      .execute();
    expect(contracts).toEqual([
      {
        kind: 'realtime',
        tiers: [{ minActive: 0, rateBp: 15 }],
        status: 'accepted',
        payer: 'platform',
        offered_by: null,
      },
    ]);
    // A later template version changes no contract already made.
    await save(owner, [{ kind: 'realtime', tiers: [{ minActive: 0, rateBp: 25 }] }]);
    const after = await t.db
      .selectFrom('agency_contract')
      .select('tiers')
      .where('member_id', '=', m.id)
      .execute();
    expect(after).toEqual([{ tiers: [{ minActive: 0, rateBp: 15 }] }]);

    const list = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/agency/applications?merchant=${M}&status=approved`,
    });
    expect(list.json().value.items.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it('approves without an account (recorded for staff), and refuses an unknown account with nothing written', async () => {
    const id = await apply('Nadia');
    const unknown = await decide(owner, { id, approve: true, reason: 'ok', account: 'nosuchmember' });
    expect(unknown.statusCode).toBe(404);
    const still = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/agency/applications?merchant=${M}&status=new`,
    });
    expect(still.json().value.items.map((a: { id: number }) => a.id)).toEqual([id]);
    const ok = await decide(owner, { id, approve: true, reason: 'Call her back' });
    expect(ok.json().value).toMatchObject({ status: 'approved', account: null, reason: 'Call her back' });
    const newOnes = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/agency/applications?merchant=${M}&status=new`,
    });
    expect(newOnes.json().value.items).toEqual([]);
  });

  it('refuses a decision without agency.write, a missing reason, and an application of another merchant', async () => {
    const id = await apply('Rupa');
    const support = await staffLogin(t.app, clock, 'support', '10.63.0.6');
    const refused = await decide(support, { id, approve: false, reason: 'no' });
    expect(refused.statusCode).toBe(403);
    const noReason = await decide(owner, { id, approve: false, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const elsewhere = await decide(owner, { id, approve: false, reason: 'wrong desk', merchant: 'khelain' });
    expect(elsewhere.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('agency_application')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
  });
});
