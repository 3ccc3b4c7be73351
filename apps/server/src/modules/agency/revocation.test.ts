import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { createCaller } from '../identity/test-support';

/**
 * Revocation waits for the downline's confirmation (spec §4, verticals §D, ADR 059): the upline
 * asks, the contract stays in force until the holder confirms (ended, with what hangs below it) or
 * declines (kept); asking twice, or while the holder has an unanswered offer of the kind, is
 * refused; an unanswered offer is withdrawn at once.
 */
let t: TestApp;
let call: ReturnType<typeof createCaller>;
const clock = createClock('2026-05-04T10:00:00Z');
let agent = '';
let sub = '';
let subsub = '';

const login = async (username: string, password: string) => {
  const res = await call({ method: 'POST', url: '/wps/session/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
};
const get = (token: string, url: string) => call({ method: 'GET', url, token });
const post = (token: string, url: string, payload: unknown) => call({ method: 'POST', url, token, payload });

/** A downline agent made by `upline` with a daily offer at `rateBp`, signed in and accepting it. */
const downlineAgent = async (upline: string, username: string, rateBp: number) => {
  const made = await post(upline, '/wps/agency/downline', {
    username,
    password: 'Start1234',
    asAgent: true,
    contract: { kind: 'daily', tiers: [{ minActive: 0, rateBp }] },
  });
  expect(made.statusCode, made.body).toBe(200);
  const first = await login(username, 'Start1234');
  const changed = await post(first, '/wps/member/password', {
    oldPassword: 'Start1234',
    newPassword: 'Second1234',
    confirmNewPassword: 'Second1234',
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const token = await login(username, 'Second1234');
  const accepted = await post(token, '/wps/agency/contracts/decide', {
    contractId: made.json().value.contract.id,
    accept: true,
  });
  expect(accepted.json().value.status).toBe('accepted');
  return { token, contractId: made.json().value.contract.id as number };
};

const contractRow = (id: number) =>
  t.db
    .selectFrom('agency_contract')
    .select(['status', 'end_reason', 'revocation_asked_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let subContract = 0;
let subsubContract = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  call = createCaller(t.app, '10.64.0.1');
  agent = await login('agent01', 'Agent1234');
  // agent01 (daily 0.5 %) → revsub1 at 0.3 % → revsub2 at 0.2 %.
  ({ token: sub, contractId: subContract } = await downlineAgent(agent, 'revsub1', 30));
  ({ token: subsub, contractId: subsubContract } = await downlineAgent(sub, 'revsub2', 20));
});

afterAll(async () => {
  await t?.close();
});

describe('revocation of a downline contract', () => {
  it('asks the downline and keeps the contract in force meanwhile; asking twice is refused', async () => {
    const asked = await post(agent, '/wps/agency/contracts/terminate', { contractId: subContract });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().value).toMatchObject({
      status: 'accepted',
      revocationAskedAt: clock.now().getTime(),
    });
    expect(await contractRow(subContract)).toMatchObject({ status: 'accepted', end_reason: null });
    const again = await post(agent, '/wps/agency/contracts/terminate', { contractId: subContract });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      errorCode: 'agency.revocation.blocked',
      value: { reason: 'asked' },
    });
    // The holder sees the request in its centre.
    const centre = (await get(sub, '/wps/agency/centre')).json().value;
    expect(centre.contracts.find((c: { id: number }) => c.id === subContract).revocationAskedAt).toBe(
      clock.now().getTime(),
    );
  });

  it('lets only the holder answer; declining keeps the contract', async () => {
    const stranger = await post(subsub, '/wps/agency/contracts/revocation', {
      contractId: subContract,
      confirm: true,
    });
    expect(stranger.statusCode).toBe(404);
    const kept = await post(sub, '/wps/agency/contracts/revocation', {
      contractId: subContract,
      confirm: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().value).toMatchObject({ status: 'accepted', revocationAskedAt: null });
    const nothingAsked = await post(sub, '/wps/agency/contracts/revocation', {
      contractId: subContract,
      confirm: true,
    });
    expect(nothingAsked.json().errorCode).toBe('agency.contract.state');
  });

  it('is blocked while the downline has an offer of the kind not yet answered', async () => {
    const offer = await post(agent, '/wps/agency/contracts/offer', {
      account: 'revsub1',
      kind: 'daily',
      tiers: [{ minActive: 0, rateBp: 25 }],
    });
    expect(offer.json().value.status).toBe('requested');
    const blocked = await post(agent, '/wps/agency/contracts/terminate', { contractId: subContract });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().value).toEqual({ reason: 'offer.pending' });
    expect((await contractRow(subContract)).revocation_asked_at).toBeNull();
    // An unanswered offer is withdrawn at once, no confirmation needed.
    const withdrawn = await post(agent, '/wps/agency/contracts/terminate', {
      contractId: offer.json().value.id,
    });
    expect(withdrawn.json().value).toMatchObject({ status: 'terminated', endReason: 'by_upline' });
  });

  it('ends the contract on confirmation, and the contracts below it with it', async () => {
    clock.advance(60_000);
    await post(agent, '/wps/agency/contracts/terminate', { contractId: subContract });
    clock.advance(60_000);
    const confirmed = await post(sub, '/wps/agency/contracts/revocation', {
      contractId: subContract,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().value).toMatchObject({ status: 'terminated', endReason: 'revoked' });
    expect(await contractRow(subContract)).toMatchObject({ status: 'terminated', end_reason: 'revoked' });
    // revsub2's 0.2 % hung on revsub1's contract, which is gone: ended too.
    expect(await contractRow(subsubContract)).toMatchObject({
      status: 'terminated',
      end_reason: 'above_upline',
    });
    const twice = await post(sub, '/wps/agency/contracts/revocation', {
      contractId: subContract,
      confirm: true,
    });
    expect(twice.json().errorCode).toBe('agency.contract.state');
  });
});
