import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartOf } from '../staff/test-support';
import { newMember } from '../wallet/test-support';
import { cashierCounts } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t?.close();
});

/** A JPEG by its magic bytes (SOI, then a JFIF APP0 marker). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0khela')]);
/** A WebP: RIFF container of type WEBP. */
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(14),
]);

describe('receipt uploads', () => {
  const upload = async (token: string, bytes: Buffer, name: string, type: string) => {
    const form = multipartOf(bytes, name, type);
    return t.app.inject({
      method: 'POST',
      url: '/wps/cashier/uploads',
      payload: form.payload,
      headers: { ...form.headers, authorization: token },
    });
  };

  it('accepts a JPEG (by its bytes) and refuses a WebP, even one named .jpg, writing nothing', async () => {
    const m = await newMember(t.db);
    const jpeg = await upload(m.token, JPEG, 'receipt.jpg', 'image/jpeg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(JSON.parse(jpeg.body).value).toMatchObject({ mime: 'image/jpeg', size: JPEG.length });
    const before = await cashierCounts(t.db);
    for (const [name, type] of [
      ['receipt.webp', 'image/webp'],
      ['receipt.jpg', 'image/jpeg'],
    ] as const) {
      const webp = await upload(m.token, WEBP, name, type);
      expect(webp.statusCode).toBe(400);
      expect(JSON.parse(webp.body)).toMatchObject({
        success: false,
        errorCode: 'validation.failed',
        value: { fields: { file: 'type' } },
      });
    }
    expect(await cashierCounts(t.db)).toEqual(before);
  });
});

describe('cashier.tx retries', () => {
  const failure = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });

  it('runs again after a serialization failure or a deadlock, and the retry commits once', async () => {
    const m = await newMember(t.db);
    let attempts = 0;
    const result = await t.app.services.cashier.tx(async (trx) => {
      attempts += 1;
      await trx
        .insertInto('cashier_member')
        .values({
          member_id: m.member.id,
          pay_password_hash: null,
          pay_password_set_at: null,
          pay_locked_until: null,
          payee_name: `try ${attempts}`,
          payout_channel: null,
          payout_number: null,
          payout_updated_at: null,
        })
        .execute();
      if (attempts === 1) throw failure('40001');
      if (attempts === 2) throw failure('40P01');
      return attempts;
    });
    expect(result).toBe(3);
    // The failed attempts rolled back: only the third one's row is there.
    const rows = await t.db
      .selectFrom('cashier_member')
      .selectAll()
      .where('member_id', '=', m.member.id)
      .execute();
    expect(rows.map((r) => r.payee_name)).toEqual(['try 3']);
  });

  it('does not retry other errors, and gives up after 8 attempts', async () => {
    let attempts = 0;
    await expect(
      t.app.services.cashier.tx(async () => {
        attempts += 1;
        throw failure('23505');
      }),
    ).rejects.toThrow('simulated 23505');
    expect(attempts).toBe(1);
    attempts = 0;
    await expect(
      t.app.services.cashier.tx(async () => {
        attempts += 1;
        throw failure('40001');
      }),
    ).rejects.toThrow('simulated 40001');
    expect(attempts).toBe(8);
  });
});
