import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, json, type TestApp } from './helpers';

/** The `Merchant` and `Language` headers (API-FACTS §1.1). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Announcements = { value: { player: { title: string }[]; popup: { title: string }[] } };
type Status = {
  value: { info: { merchant: { code: string; currency: string }; brand: { merchant: string } } };
};

const notices = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getListAnnouncements?types=PL,PU', headers });
  expect(res.statusCode).toBe(200);
  return json<Announcements>(res).value;
};

describe('Merchant header', () => {
  it('picks the merchant; without it the brand merchant answers', async () => {
    const india = json<Status>(
      await t.app.inject({ url: '/wps/system/status', headers: { Merchant: 'khelain' } }),
    );
    expect(india.value.info.merchant).toMatchObject({ code: 'khelain', currency: 'INR' });
    const none = json<Status>(await t.app.inject({ url: '/wps/system/status' }));
    expect(none.value.info.merchant.code).toBe('khelabd');
    expect(none.value.info.brand.merchant).toBe('khelabd');
  });

  it('refuses an unknown merchant with 400', async () => {
    const res = await t.app.inject({ url: '/wps/system/status', headers: { Merchant: 'evilcorp' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject(expectedError('request_param_err'));
  });

  it('refuses a merchant header sent twice with 400 function.not.available', async () => {
    for (const merchant of [['khelabd', 'khelain'], ['khelabd', 'khelabd'], 'khelabd, khelain']) {
      const res = await t.app.inject({ url: '/wps/system/status', headers: { merchant } });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual(expectedError('function.not.available'));
    }
  });

  it('refuses a duplicate header on a real socket too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/wps/system/whitelabel' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // Two header lines with the same name, as a tampering proxy or client would send them.
      req.setHeader('Merchant', ['khelabd', 'khelain']);
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(expectedError('function.not.available'));
  });
});

describe('Language header', () => {
  it('defaults to the merchant default language', async () => {
    expect((await notices({})).player[0]?.title).toBe('খেলা-তে স্বাগতম! নতুন সদস্যদের জন্য বিশেষ অফার চলছে।');
    expect((await notices({ Merchant: 'khelain' })).player[0]?.title).toBe(
      'Welcome to Khela! Special offers for new members are running now.',
    );
  });

  it('picks the translation the merchant offers', async () => {
    expect((await notices({ Language: 'en' })).player[0]?.title).toBe(
      'Welcome to Khela! Special offers for new members are running now.',
    );
    expect((await notices({ Language: 'EN' })).popup[0]?.title).toBe('Welcome bonus');
    expect((await notices({ Language: 'bn' })).popup[0]?.title).toBe('স্বাগতম বোনাস');
    expect((await notices({ Merchant: 'khelain', Language: 'hi' })).popup[0]?.title).toBe('स्वागत बोनस');
  });

  it('falls back to the merchant default for a language the merchant lacks', async () => {
    // khelabd offers bn and en; khelain offers en and hi.
    expect((await notices({ Language: 'hi' })).popup[0]?.title).toBe('স্বাগতম বোনাস');
    expect((await notices({ Merchant: 'khelain', Language: 'bn' })).popup[0]?.title).toBe('Welcome bonus');
    expect((await notices({ Language: 'fr' })).popup[0]?.title).toBe('স্বাগতম বোনাস');
  });

  it('also picks the help-centre language', async () => {
    type Help = { value: { title: string; lang: string }[] };
    const en = json<Help>(await t.app.inject({ url: '/wps/system/helpCenter', headers: { Language: 'en' } }));
    expect(en.value[0]).toMatchObject({ title: 'About us', lang: 'en' });
    const hi = json<Help>(
      await t.app.inject({ url: '/wps/system/helpCenter', headers: { Merchant: 'khelain', Language: 'hi' } }),
    );
    expect(hi.value[0]).toMatchObject({ title: 'हमारे बारे में', lang: 'hi' });
    // `lang` in the query wins over the header, within what the merchant offers.
    const query = json<Help>(
      await t.app.inject({ url: '/wps/system/helpCenter?lang=bn', headers: { Language: 'en' } }),
    );
    expect(query.value[0]).toMatchObject({ lang: 'bn' });
    const unoffered = json<Help>(
      await t.app.inject({ url: '/wps/system/helpCenter?lang=hi', headers: { Language: 'en' } }),
    );
    expect(unoffered.value[0]).toMatchObject({ lang: 'en' });
  });
});
