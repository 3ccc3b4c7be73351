import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, bo, memberIdOf, staffLogin } from '../staff/test-support';

/**
 * What players see after an operator's change through `/bo/api`: sessions ended, a region
 * blocked, maintenance with its end time and info, notices and promotions published, a member
 * made a trial account. Behind a trusted proxy, so the caller's country comes from
 * `X-Forwarded-For` (8.8.8.8 resolves to US, 103.4.145.1 to BD).
 */
const BD_IP = '103.4.145.1';
const US_IP = '8.8.8.8';

describe('operator changes as players see them', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let owner = '';
  beforeAll(async () => {
    clock = createClock('2026-03-09T09:00:00Z');
    t = await createTestApp({ config: { TRUST_PROXY: 'true' }, now: clock.now });
    owner = await staffLogin(t.app, clock, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  const memberLogin = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password: 'Demo1234' },
      headers: { 'x-forwarded-for': BD_IP },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.token as string;
  };
  const balance = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: token, 'x-forwarded-for': BD_IP },
    });
  const status = async (ip: string, merchant = 'khelabd') => {
    const res = await t.app.inject({
      url: '/wps/system/status',
      headers: { 'x-forwarded-for': ip, merchant, language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().value;
  };
  const saveSetting = async (setting: unknown, merchant = 'khelabd') => {
    const res = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings',
      payload: { merchant, setting: setting as Record<string, unknown> },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const settingsOf = async (merchant: string) =>
    (await bo(t.app, owner, { method: 'GET', url: `/bo/api/settings?merchant=${merchant}` })).json().value;

  it("'end all sessions' makes every token of the member fail on its next call", async () => {
    const first = await memberLogin('team01');
    const second = await memberLogin('team01');
    expect((await balance(first)).statusCode).toBe(200);
    expect((await balance(second)).statusCode).toBe(200);
    const memberId = await memberIdOf(t.db, 'team01');
    const res = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/members/sessions/revoke',
      payload: { memberId },
    });
    expect(res.json().value).toEqual({ revoked: 2 });
    for (const token of [first, second]) {
      const refused = await balance(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errorCode).toBe('login.not.session');
    }
    // Not locked: the member signs in again.
    expect((await balance(await memberLogin('team01'))).statusCode).toBe(200);
  });

  it('a region blocked through the settings refuses players from that country, and only them', async () => {
    const saved = (await settingsOf('khelabd')).region;
    expect((await status(US_IP)).status).toBe(0);
    await saveSetting({
      key: 'region',
      value: { blockedCountries: ['US'], info: 'Khela is not offered in your country.' },
    });
    try {
      expect(await status(US_IP)).toMatchObject({
        status: 2,
        location: { ip: US_IP, country: 'US' },
        regionRestriction: { restricted: true, country: 'US', info: 'Khela is not offered in your country.' },
      });
      const refused = await t.app.inject({
        url: '/wps/relay/MCSFE_getListAnnouncements?types=PL',
        headers: { 'x-forwarded-for': US_IP },
      });
      expect(refused.statusCode).toBe(451);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'access.restricted' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'demo01', password: 'Demo1234' },
        headers: { 'x-forwarded-for': US_IP },
      });
      expect(login.statusCode).toBe(451);
      // Bangladesh, and the other merchant, are untouched.
      expect((await status(BD_IP)).status).toBe(0);
      expect((await status(US_IP, 'khelain')).status).toBe(0);
    } finally {
      await saveSetting({ key: 'region', value: saved });
    }
    expect((await status(US_IP)).status).toBe(0);
  });

  it('maintenance saved with an end time and info comes back in the status answer', async () => {
    const saved = (await settingsOf('khelain')).maintenance;
    const endTime = clock.now().getTime() + 3 * 60 * 60_000;
    const on = { enabled: true, title: 'Wallet upgrade', endTime, info: 'Deposits reopen at noon.' };
    await saveSetting({ key: 'maintenance', value: on }, 'khelain');
    try {
      const answer = await status(BD_IP, 'khelain');
      expect(answer.status).toBe(1);
      expect(answer.maintenance).toMatchObject(on);
      // Only that merchant.
      expect((await status(BD_IP, 'khelabd')).status).toBe(0);
    } finally {
      await saveSetting({ key: 'maintenance', value: saved }, 'khelain');
    }
    expect((await status(BD_IP, 'khelain')).status).toBe(0);
  });

  it('a notice (PL) and a promotion (PR) created through the back office reach players', async () => {
    const save = async (payload: Record<string, unknown>) => {
      const res = await bo(t.app, owner, { method: 'PUT', url: '/bo/api/announcements', payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.id as number;
    };
    const noticeId = await save({
      merchant: 'khelabd',
      kind: 'PL',
      title: { en: 'Server move tonight', bn: 'আজ রাতে সার্ভার স্থানান্তর' },
      content: { en: '<p>Expect <b>five</b> quiet minutes.</p>' },
    });
    const promotionId = await save({
      merchant: 'khelabd',
      kind: 'PR',
      category: 'deposit_promo',
      title: { en: 'Double first deposit' },
      content: { en: '<p>Up to ৳5,000.</p>' },
      startAt: clock.now().getTime() - 60_000,
      endAt: clock.now().getTime() + 7 * 24 * 60 * 60_000,
    });
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PL,PR',
      headers: { 'x-forwarded-for': BD_IP, language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value as {
      player: { id: number; title: string; content: string }[];
      promotion: { id: number; title: string; content: string; category: string; endDate: number | null }[];
    };
    expect(value.player.find((n) => n.id === noticeId)).toMatchObject({
      title: 'Server move tonight',
      content: '<p>Expect <b>five</b> quiet minutes.</p>',
    });
    expect(value.promotion.find((p) => p.id === promotionId)).toMatchObject({
      title: 'Double first deposit',
      category: 'deposit_promo',
      endDate: clock.now().getTime() + 7 * 24 * 60 * 60_000,
    });
    // In the page language when the operator wrote one.
    const bn = await t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PL',
      headers: { 'x-forwarded-for': BD_IP, language: 'bn' },
    });
    expect(bn.json().value.player.find((n: { id: number }) => n.id === noticeId)?.title).toBe(
      'আজ রাতে সার্ভার স্থানান্তর',
    );
    // The other merchant's players do not get them.
    const india = await t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PL,PR',
      headers: { 'x-forwarded-for': BD_IP, merchant: 'khelain', language: 'en' },
    });
    const ids = [...india.json().value.player, ...india.json().value.promotion].map(
      (a: { id: number }) => a.id,
    );
    expect(ids).not.toContain(noticeId);
    expect(ids).not.toContain(promotionId);
  });

  it('a member set to type 4 is a trial account: refused real-account calls until set back', async () => {
    const memberId = await memberIdOf(t.db, 'team03');
    const token = await memberLogin('team03');
    const totp = () =>
      t.app.inject({
        method: 'GET',
        url: '/wps/member/totp',
        headers: { authorization: token, 'x-forwarded-for': BD_IP },
      });
    expect((await totp()).statusCode).toBe(200);
    const setType = (type: number) =>
      bo(t.app, owner, { method: 'POST', url: '/bo/api/members/type', payload: { memberId, type } });
    expect((await setType(4)).statusCode).toBe(200);
    const detail = await bo(t.app, owner, { method: 'GET', url: `/bo/api/members/detail?id=${memberId}` });
    expect(detail.json().value.type).toBe(4);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'member.type',
      target: `member:${memberId}`,
      before: { type: 0 },
      after: { type: 4 },
    });
    const refused = await totp();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('in_need_true_account');
    // Calls open to trial accounts still answer.
    expect((await balance(token)).statusCode).toBe(200);
    expect((await setType(0)).statusCode).toBe(200);
    expect((await totp()).statusCode).toBe(200);
  });
});
