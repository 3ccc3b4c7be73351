import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, databaseFingerprint, type TestApp } from '../../../test/helpers';
import {
  auditRows,
  bo,
  JPEG_BYTES,
  multipartOf,
  PNG_BYTES,
  staffLogin,
  WEBP_BYTES,
} from '../staff/test-support';

const PNG = PNG_BYTES;

describe('content: images, banners, notices, popups, help', () => {
  let t: TestApp;
  let content = '';
  let support = '';
  beforeAll(async () => {
    const clock = createClock('2026-03-05T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    content = await staffLogin(t.app, clock, 'content');
    support = await staffLogin(t.app, clock, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (token: string, bytes: Buffer, filename = 'banner.png', type = 'image/png') =>
    bo(t.app, token, { method: 'POST', url: '/bo/api/media', ...multipartOf(bytes, filename, type) });

  it('stores an image checked by its magic bytes and serves it', async () => {
    const res = await upload(content, PNG);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ mime: 'image/png', size: PNG.length });
    const served = await t.app.inject({ method: 'GET', url: value.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'media.upload',
      staff_username: 'content',
    });
  });

  it('accepts real JPEG and WebP files (true headers) and serves them with their type', async () => {
    expect(JPEG_BYTES.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    expect(WEBP_BYTES.subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const [bytes, name, mime] of [
      [JPEG_BYTES, 'banner.jpg', 'image/jpeg'],
      [WEBP_BYTES, 'banner.webp', 'image/webp'],
    ] as const) {
      // The declared type is ignored: the first bytes decide.
      const res = await upload(content, bytes, name, 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(200);
      const value = res.json().value;
      expect(value).toMatchObject({ mime, size: bytes.length });
      const served = await t.app.inject({ method: 'GET', url: value.url });
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect((await auditRows(t.db)).at(-1)).toMatchObject({ action: 'media.upload', after: { mime } });
    }
  });

  it('accepts an image of exactly 5 MB (above the 1 MB JSON body limit)', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    PNG.copy(big);
    const res = await upload(content, big);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.size).toBe(5 * 1024 * 1024);
  });

  it('refuses a file that only claims to be an image, one over 5 MB, and a role without content rights', async () => {
    const before = await databaseFingerprint(t.db);
    const audits = (await auditRows(t.db)).length;
    const gif = await upload(content, Buffer.from('GIF89a-not-allowed'), 'x.png', 'image/png');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().value).toEqual({ fields: { file: 'type' } });
    const html = await upload(
      content,
      Buffer.from('<html><script>alert(1)</script>'),
      'x.webp',
      'image/webp',
    );
    expect(html.statusCode).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    PNG.copy(big);
    const tooBig = await upload(content, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().value).toEqual({ fields: { file: 'size' } });
    const refused = await upload(support, PNG);
    expect(refused.statusCode).toBe(403);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audits);
  });

  it('publishes a banner that shows in its carousel group, then schedules it away', async () => {
    const media = (await upload(content, PNG)).json().value;
    const banner = {
      merchant: 'khelabd',
      kind: 'B',
      groupName: 'w_home',
      title: { en: 'Spring cup', bn: 'বসন্ত কাপ' },
      content: { en: '', bn: '' },
      linkageType: 'ROUTE',
      link: '/promotion',
      mediaId: media.id,
      sort: 0,
    };
    const res = await bo(t.app, content, { method: 'PUT', url: '/bo/api/announcements', payload: banner });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().value.id as number;
    const banners = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/relay/MCSFE_getListAnnouncements?types=B',
          headers: { language: 'en' },
        })
      ).json().value.banners as { bannerId: number; title: string; url: string; link: string }[];
    expect((await banners()).find((b) => b.bannerId === id)).toMatchObject({
      title: 'Spring cup',
      link: '/promotion',
      url: expect.stringContaining(media.id),
    });
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'content.announcement.create',
      target: `announcement:${id}`,
      before: null,
    });

    const later = {
      ...banner,
      id,
      startAt: Date.parse('2026-04-01T00:00:00Z'),
      endAt: Date.parse('2026-05-01T00:00:00Z'),
    };
    expect(
      (await bo(t.app, content, { method: 'PUT', url: '/bo/api/announcements', payload: later })).statusCode,
    ).toBe(200);
    expect((await banners()).find((b) => b.bannerId === id)).toBeUndefined();
    const row = (await auditRows(t.db)).at(-1);
    expect(row).toMatchObject({
      action: 'content.announcement.update',
      before: { startAt: null },
      after: { startAt: later.startAt },
    });

    const list = (
      await bo(t.app, content, {
        method: 'GET',
        url: '/bo/api/announcements?merchant=khelabd&kind=B&groupName=w_home&pageSize=200',
      })
    ).json().value;
    expect(list.items.some((a: { id: number }) => a.id === id)).toBe(true);
    const csv = await bo(t.app, content, {
      method: 'GET',
      url: '/bo/api/announcements.csv?merchant=khelabd&kind=B',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,merchant,kind,groupName,title,linkageType,link,mediaId,execution,startAt,endAt,sort,enabled',
    );
    expect(
      lines.some((l) => l.startsWith(`${id},khelabd,B,w_home,`) && l.includes('2026-04-01T00:00:00.000Z')),
    ).toBe(true);
  });

  it('publishes a popup shown after login, with its HTML sanitised on save', async () => {
    const popup = {
      merchant: 'khelabd',
      kind: 'PU',
      execution: 'A',
      title: { en: 'Welcome <b>back</b>' },
      content: {
        en: '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a></p>',
      },
    };
    const res = await bo(t.app, content, { method: 'PUT', url: '/bo/api/announcements', payload: popup });
    expect(res.statusCode, res.body).toBe(200);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCSFE_getListAnnouncements?types=PU&execution=A',
        headers: { language: 'en' },
      })
    ).json().value.popup as { id: number; title: string; content: string }[];
    const shown = after.find((p) => p.id === res.json().value.id);
    expect(shown?.title).toBe('Welcome back');
    expect(shown?.content).toBe(
      '<p>Hello <a rel="noopener noreferrer">x</a><a href="https://example.com" rel="noopener noreferrer">ok</a></p>',
    );
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCSFE_getListAnnouncements?types=PU&execution=B',
        headers: { language: 'en' },
      })
    ).json().value.popup as { id: number }[];
    expect(before.some((p) => p.id === res.json().value.id)).toBe(false);
  });

  it('refuses a popup without execution, a banner without group and an http link: nothing written', async () => {
    const before = await databaseFingerprint(t.db);
    const audits = (await auditRows(t.db)).length;
    for (const payload of [
      { merchant: 'khelabd', kind: 'PU', title: { en: 'x' }, content: { en: 'x' } },
      { merchant: 'khelabd', kind: 'B', title: { en: 'x' }, content: { en: 'x' } },
      {
        merchant: 'khelabd',
        kind: 'PL',
        title: { en: 'x' },
        content: { en: 'x' },
        linkageType: 'URL',
        link: 'http://evil.example',
      },
      { merchant: 'khelabd', kind: 'PL', title: {}, content: { en: 'x' } },
    ]) {
      const res = await bo(t.app, content, { method: 'PUT', url: '/bo/api/announcements', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audits);
  });

  it('saves a help article per language, sanitised, shown in the help centre', async () => {
    const res = await bo(t.app, content, {
      method: 'PUT',
      url: '/bo/api/help',
      payload: {
        merchant: 'khelabd',
        tag: 'responsible-play',
        title: { en: 'Responsible play', bn: 'দায়িত্বশীল খেলা' },
        content: {
          en: '<h2>Limits</h2><img src="x" onerror="alert(1)"><style>body{}</style>',
          bn: '<p>সীমা</p>',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const help = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=en' })).json()
      .value as {
      tag: string;
      content: string;
    }[];
    const article = help.find((a) => a.tag === 'responsible-play');
    expect(article?.content).toBe('<h2>Limits</h2><img src="x" />');
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'content.help.create',
      staff_username: 'content',
    });
    expect(
      (
        await bo(t.app, support, {
          method: 'PUT',
          url: '/bo/api/help',
          payload: { merchant: 'khelabd', tag: 'x', title: { en: 'x' }, content: { en: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a bad help article: tag, empty title, colour, unknown parent or merchant; nothing written', async () => {
    const before = await databaseFingerprint(t.db);
    const audits = (await auditRows(t.db)).length;
    const base = {
      merchant: 'khelabd',
      tag: 'ok-tag',
      title: { en: 'Title' },
      content: { en: '<p>Body</p>' },
    };
    const put = (payload: Record<string, unknown>) =>
      bo(t.app, content, { method: 'PUT', url: '/bo/api/help', payload });
    for (const [name, payload, status, code] of [
      ['tag with capitals', { ...base, tag: 'Bad Tag' }, 400, 'validation.failed'],
      ['tag too long', { ...base, tag: 'a'.repeat(41) }, 400, 'validation.failed'],
      ['no title in any language', { ...base, title: { en: '  ', bn: '' } }, 400, 'validation.failed'],
      ['no content', { ...base, content: {} }, 400, 'validation.failed'],
      ['content over 20,000', { ...base, content: { en: 'x'.repeat(20_001) } }, 400, 'validation.failed'],
      ['colour not hex', { ...base, bgColor: 'red' }, 400, 'validation.failed'],
      ['sort out of range', { ...base, sort: -1 }, 400, 'validation.failed'],
      ['unknown parent', { ...base, parentId: 999_999 }, 404, 'not.found'],
      ['unknown article', { ...base, id: 999_999 }, 404, 'not.found'],
      ['unknown merchant', { ...base, merchant: 'nope' }, 404, 'not.found'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().errorCode, name).toBe(code);
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audits);
  });

  it('sorts announcements by position, creation, start or end, either way', async () => {
    const make = async (title: string, sort: number, startAt: number | null) =>
      (
        await bo(t.app, content, {
          method: 'PUT',
          url: '/bo/api/announcements',
          payload: {
            merchant: 'khelain',
            kind: 'PL',
            title: { en: title },
            content: { en: title },
            sort,
            startAt,
          },
        })
      ).json().value.id as number;
    const ids = [
      await make('c', 1, Date.UTC(2026, 0, 3)),
      await make('a', 3, Date.UTC(2026, 0, 1)),
      await make('b', 2, null),
    ];
    const titles = async (query: string) =>
      (
        await bo(t.app, content, {
          method: 'GET',
          url: `/bo/api/announcements?merchant=khelain&kind=PL&${query}`,
        })
      )
        .json()
        .value.items.filter((r: { id: number }) => ids.includes(r.id))
        .map((r: { title: { en: string } }) => r.title.en);
    expect(await titles('sort=sort&order=asc')).toEqual(['c', 'b', 'a']);
    expect(await titles('sort=sort&order=desc')).toEqual(['a', 'b', 'c']);
    expect(await titles('sort=createdAt&order=asc')).toEqual(['c', 'a', 'b']);
    // Unscheduled (no start) sorts last either way.
    expect(await titles('sort=startAt&order=asc')).toEqual(['a', 'c', 'b']);
    expect(await titles('sort=startAt&order=desc')).toEqual(['c', 'a', 'b']);
    const csv = await bo(t.app, content, {
      method: 'GET',
      url: '/bo/api/announcements.csv?merchant=khelain&kind=PL&sort=startAt&order=asc',
    });
    const order = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]))
      .filter((id) => ids.includes(id));
    expect(order).toEqual([ids[1], ids[0], ids[2]]);
    expect(
      (await bo(t.app, content, { method: 'GET', url: '/bo/api/announcements?merchant=khelain&sort=title' }))
        .statusCode,
    ).toBe(400);
  });
});
