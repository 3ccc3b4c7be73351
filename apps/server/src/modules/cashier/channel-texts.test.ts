import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';
import { memberCall, staffCall } from './test-support';

/** A deposit channel's name and instructions per site language, the default language as fallback (issue 24). */
describe('deposit channel texts per language', () => {
  let t: TestApp;
  const clock = createClock('2026-11-20T10:00:00Z');
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
    finance = await staffLogin(t.app, clock, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  const channelIn = async (token: string, language: string, id: number) => {
    const res = await memberCall(t.app, token, 'GET', '/wps/cashier/channels', undefined, {
      headers: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value as { channels: { id: number; name: string; instructions: string }[] };
    return value.channels.find((c) => c.id === id);
  };

  it('shows the member the texts of their language, the default ones where none was written', async () => {
    const merchant = await t.db
      .selectFrom('merchant')
      .select(['default_language', 'languages'])
      .where('code', '=', 'khelabd')
      .executeTakeFirstOrThrow();
    expect(merchant.default_language).toBe('bn');
    expect(merchant.languages).toContain('en');
    const saved = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'ROCKET',
      name: 'রকেট',
      kind: 'manual',
      accountName: 'Khela',
      accountNumber: '01800000123',
      instructions: 'রকেট অ্যাপে "ক্যাশ আউট" বেছে নিন।',
      texts: {
        en: { name: 'Rocket', instructions: 'Choose "Cash out" in the Rocket app.' },
        hi: { name: '' },
      },
      min: 10_000,
      max: 100_000,
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved.json().value as { id: number; texts: Record<string, unknown> };
    // An empty language is not kept.
    expect(row.texts).toEqual({
      en: { name: 'Rocket', instructions: 'Choose "Cash out" in the Rocket app.' },
    });

    const m = await newMember(t.db);
    expect(await channelIn(m.token, 'en', row.id)).toMatchObject({
      name: 'Rocket',
      instructions: 'Choose "Cash out" in the Rocket app.',
    });
    expect(await channelIn(m.token, 'bn', row.id)).toMatchObject({
      name: 'রকেট',
      instructions: 'রকেট অ্যাপে "ক্যাশ আউট" বেছে নিন।',
    });
    // Only the instructions written in English: the name falls back to the default language.
    const partly = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      id: row.id,
      merchant: 'khelabd',
      code: 'ROCKET',
      name: 'রকেট',
      kind: 'manual',
      instructions: 'রকেট অ্যাপে "ক্যাশ আউট" বেছে নিন।',
      texts: { en: { instructions: 'Choose "Cash out".' } },
      min: 10_000,
      max: 100_000,
      enabled: true,
    });
    expect(partly.statusCode, partly.body).toBe(200);
    expect(await channelIn(m.token, 'en', row.id)).toMatchObject({
      name: 'রকেট',
      instructions: 'Choose "Cash out".',
    });
  });

  it('refuses texts of an unknown language or too long, writing nothing', async () => {
    const bad = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'ROCKET',
      name: 'x',
      kind: 'manual',
      texts: { fr: { name: 'Fusée' } },
      min: 10_000,
      max: 100_000,
      enabled: true,
    });
    expect(bad.statusCode).toBe(400);
    const long = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'ROCKET',
      name: 'x',
      kind: 'manual',
      texts: { en: { instructions: 'x'.repeat(1001) } },
      min: 10_000,
      max: 100_000,
      enabled: true,
    });
    expect(long.statusCode).toBe(400);
  });
});
