import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberCall } from '../cashier/test-support';
import { newMember } from '../wallet/test-support';

/**
 * The member's odds format kept with the account (issue 21): none until chosen, the choice read
 * back from any session of the member, changed in place, bad formats refused with nothing written,
 * and one member's choice is not another's.
 */
const clock = createClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

const URL = '/wps/sportsbook/preferences';

describe('sportsbook preferences', () => {
  it('keeps the odds format with the account; refuses an unknown format; needs a session', async () => {
    const m = await newMember(t.db, { prefix: 'sbpref' });
    const other = await newMember(t.db, { prefix: 'sbprefo' });
    const read = async (token: string) => {
      const res = await memberCall(t.app, token, 'GET', URL);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    expect(await read(m.token)).toEqual({ oddsFormat: null });

    const saved = await memberCall(t.app, m.token, 'PUT', URL, { oddsFormat: 'american' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual({ oddsFormat: 'american' });
    expect(await read(m.token)).toEqual({ oddsFormat: 'american' });

    const changed = await memberCall(t.app, m.token, 'PUT', URL, { oddsFormat: 'hk' });
    expect(changed.json().value).toEqual({ oddsFormat: 'hk' });

    const bad = await memberCall(t.app, m.token, 'PUT', URL, { oddsFormat: 'roman' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    expect(await read(m.token)).toEqual({ oddsFormat: 'hk' });

    expect(await read(other.token)).toEqual({ oddsFormat: null });
    const anonymous = await memberCall(t.app, null, 'GET', URL);
    expect(anonymous.statusCode).toBe(401);
  });
});
