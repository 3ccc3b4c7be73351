import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/0110_mobile_account_names';
import { newMember } from '../src/modules/wallet/test-support';
import { createTestApp, type TestApp } from './helpers';

/** Migration 0110: mobile-registered account names of Bangladesh get their trunk 0 back. */
describe('migration 0110: the leading 0 of mobile account names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const named = async (merchantCode: string, username: string, mobile: string | null) => {
    const m = await newMember(t.db, { merchantCode });
    await t.db.updateTable('member').set({ username, mobile }).where('id', '=', m.member.id).execute();
    return m.member.id;
  };
  const nameOf = async (id: number) =>
    (await t.db.selectFrom('member').select('username').where('id', '=', id).executeTakeFirstOrThrow())
      .username;

  it('renames "1712345678" to "01712345678" when it is the member’s own Bangladeshi number, nothing else', async () => {
    const lost = await named('khelabd', '1712340001', '+8801712340001');
    const otherNumber = await named('khelabd', '1712340002', '+8801712349999');
    const chosenName = await named('khelabd', 'player1712', '+8801712340003');
    const india = await named('khelain', '9812340004', '+919812340004');
    // The name with the 0 is taken already: this one stays.
    await named('khelabd', '01712340005', null);
    const blocked = await named('khelabd', '1712340005', '+8801712340005');

    await up(t.db as never);
    expect(await nameOf(lost)).toBe('01712340001');
    expect(await nameOf(otherNumber)).toBe('1712340002');
    expect(await nameOf(chosenName)).toBe('player1712');
    expect(await nameOf(india)).toBe('9812340004');
    expect(await nameOf(blocked)).toBe('1712340005');
    // Run again: nothing more changes.
    await up(t.db as never);
    expect(await nameOf(lost)).toBe('01712340001');
  });
});
