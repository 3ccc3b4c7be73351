import type { Announcements } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, json, type TestApp } from './helpers';

/** MCSFE_getListAnnouncements: types, popup phases, schedules and merchants. */
const clock = createClock('2026-05-10T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  await t?.close();
});

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/wps/relay/MCSFE_getListAnnouncements?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return json<{ success: true; value: Announcements }>(res).value;
};

const counts = (value: Announcements) => ({
  banners: value.banners.length,
  player: value.player.length,
  popup: value.popup.length,
  promotion: value.promotion.length,
});

const text = (en: string) => JSON.stringify({ bn: en, en, hi: en });
const HOUR = 60 * 60 * 1000;

describe('types', () => {
  it('answers only the kinds asked for', async () => {
    expect(counts(await list('types=B'))).toEqual({ banners: 27, player: 0, popup: 0, promotion: 0 });
    expect(counts(await list('types=PL'))).toEqual({ banners: 0, player: 3, popup: 0, promotion: 0 });
    expect(counts(await list('types=PU,PR'))).toEqual({ banners: 0, player: 0, popup: 2, promotion: 5 });
    expect(counts(await list('types=B,PL,PU,PR'))).toEqual({
      banners: 27,
      player: 3,
      popup: 2,
      promotion: 5,
    });
  });

  it('accepts H (the after-login refresh) without answering anything for it', async () => {
    expect(counts(await list('types=B,PL,PU,PR,H'))).toEqual({
      banners: 27,
      player: 3,
      popup: 2,
      promotion: 5,
    });
    expect(counts(await list('types=H'))).toEqual({ banners: 0, player: 0, popup: 0, promotion: 0 });
  });
});

describe('popup execution', () => {
  it('answers the popups of one phase: before login, after login, first login', async () => {
    const before = await list('types=PU&execution=B', { Language: 'en' });
    expect(before.popup.map((p) => p.title)).toEqual(['Welcome bonus', 'Get the app']);
    expect(before.popup.every((p) => p.execution === 'B')).toBe(true);
    const after = await list('types=PU&execution=A', { Language: 'en' });
    expect(after.popup.map((p) => [p.title, p.execution])).toEqual([['Welcome back', 'A']]);
    const first = await list('types=PU&execution=F', { Language: 'en' });
    expect(first.popup.map((p) => [p.title, p.execution])).toEqual([['First login', 'F']]);
  });

  it('does not filter notices or banners by phase', async () => {
    expect(counts(await list('types=B,PL&execution=A'))).toMatchObject({ banners: 27, player: 3 });
  });
});

describe('schedule and state', () => {
  it('shows a notice only between its start and end', async () => {
    const now = clock.now().getTime();
    await t.db
      .insertInto('announcement')
      .values([
        {
          merchant_code: 'khelabd',
          kind: 'PL',
          title: text('Starts tomorrow'),
          content: text('later'),
          start_at: new Date(now + 24 * HOUR),
          sort: 10,
        },
        {
          merchant_code: 'khelabd',
          kind: 'PL',
          title: text('Ends in an hour'),
          content: text('soon gone'),
          start_at: new Date(now - HOUR),
          end_at: new Date(now + HOUR),
          sort: 11,
        },
        {
          merchant_code: 'khelabd',
          kind: 'PL',
          title: text('Switched off'),
          content: text('never'),
          enabled: false,
          sort: 12,
        },
        {
          merchant_code: 'khelain',
          kind: 'PL',
          title: text('India only'),
          content: text('other merchant'),
          sort: 13,
        },
      ])
      .execute();

    const titles = async () => (await list('types=PL', { Language: 'en' })).player.map((p) => p.title);
    expect(await titles()).toContain('Ends in an hour');
    expect(await titles()).not.toContain('Starts tomorrow');
    expect(await titles()).not.toContain('Switched off');
    expect(await titles()).not.toContain('India only');

    clock.advance(2 * HOUR);
    expect(await titles()).not.toContain('Ends in an hour');
    expect(await titles()).not.toContain('Starts tomorrow');

    clock.advance(24 * HOUR);
    expect(await titles()).toContain('Starts tomorrow');
    expect(await titles()).toHaveLength(4);

    const india = (await list('types=PL', { Merchant: 'khelain', Language: 'en' })).player.map(
      (p) => p.title,
    );
    expect(india).toContain('India only');
  });

  it('keeps the configured order', async () => {
    const banners = (await list('types=B')).banners.filter((b) => b.groupName === 'w_home');
    expect(banners.map((b) => b.bannerId)).toEqual([...banners.map((b) => b.bannerId)].sort((a, b) => a - b));
    expect(banners.map((b) => b.linkageType)).toEqual(['ROUTE', 'ROUTE', 'NONE']);
    expect(banners[2]?.link).toBeNull();
  });

  it('gives promotions their images and dates', async () => {
    const start = new Date(clock.now().getTime() - HOUR);
    const end = new Date(clock.now().getTime() + 48 * HOUR);
    await t.db
      .insertInto('announcement')
      .values({
        merchant_code: 'khelabd',
        kind: 'PR',
        category: 'other_promo',
        promotion_type: 'WEEKEND',
        title: text('Weekend reload'),
        content: text('Reload bonus on Saturdays'),
        start_at: start,
        end_at: end,
        sort: 5,
      })
      .execute();
    const promotions = (await list('types=PR', { Language: 'en' })).promotion;
    expect(promotions.find((p) => p.title === 'Weekend reload')).toMatchObject({
      category: 'other_promo',
      promotionType: 'WEEKEND',
      startDate: start.getTime(),
      endDate: end.getTime(),
      announcementImages: [],
    });
    expect(promotions[0]?.announcementImages).toEqual([
      { sequence: 1, url: expect.stringMatching(/^\/media\//) },
    ]);
  });
});
