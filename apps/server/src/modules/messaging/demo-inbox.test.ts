import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

const inbox = (t: TestApp, query: string, merchant?: string) =>
  t.app.inject({ url: `/wps/demo/inbox?${query}`, headers: merchant ? { merchant } : {} });

describe('demo inbox (demo mode only)', () => {
  let demo: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    [demo, production] = await Promise.all([
      createTestApp({ config: { KHELA_MODE: 'demo' } }),
      createTestApp({ config: { KHELA_MODE: 'production' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([demo.close(), production.close()]);
  });

  it('shows the SMS code a registration request sent, newest first, as typed locally', async () => {
    const sent = await demo.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: '01812345670' },
    });
    expect(sent.statusCode).toBe(200);
    await demo.app.services.identity.settled();

    const res = await inbox(demo, 'to=01812345670');
    expect(res.statusCode).toBe(200);
    const { messages } = res.json().value;
    expect(messages).toHaveLength(1);
    expect(messages[0].channel).toBe('sms');
    expect(messages[0].text).toMatch(/\b[0-9]{6}\b/);

    // The same number in international form finds the same message; another merchant does not.
    expect((await inbox(demo, 'to=%2B8801812345670')).json().value.messages).toHaveLength(1);
    expect((await inbox(demo, 'to=%2B8801812345670', 'khelain')).json().value.messages).toHaveLength(0);
  });

  it('refuses a number that is not a mobile number with a field error', async () => {
    const res = await inbox(demo, 'to=12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'validation.failed' });
  });

  it('does not exist in production mode', async () => {
    const res = await inbox(production, 'to=01812345670');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'not.found' });
  });
});
