import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps } from '../cashier/test-support';
import { bo, multipartOf, PNG_BYTES, staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';

/**
 * Erasure reaches every owner of personal data (ADR 057): the cashier's payout account, payment
 * password, withdrawals' payee and deposit receipts; the inbox's feedback and personal messages;
 * support chat's messages. What is not retained goes at once, the rest when the AML years end.
 */
const DAY = 24 * 3_600_000;
const clock = createClock(new Date('2026-04-01T10:00:00Z'));
let t: TestApp;
let risk: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
  finance = await staffLogin(t.app, clock, 'finance');
});

afterAll(async () => {
  await t?.close();
});

const asMember = (m: TestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: m.token },
    ...(payload ? { payload } : {}),
  });

/** A member with a little of everything: payout account, payment password, a withdrawal, a
 * receipt upload, feedback with an image, a personal message and a support conversation. */
const memberWithData = async () => {
  const m = await newMember(t.db, { prefix: 'eow' });
  const steps = cashierSteps(t.app, t.db);
  await steps.ready(m, 100_000n);
  const withdrawal = await steps.withdraw(m, 60_000);
  await steps.act(finance, withdrawal.id as string, 'approve');
  const body = multipartOf(PNG_BYTES, 'receipt.png', 'image/png');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/uploads',
    headers: { authorization: m.token, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const at = clock.now();
  const feedback = await t.db
    .insertInto('feedback')
    .values({
      merchant_code: 'khelabd',
      member_id: m.member.id,
      question_type: 'withdrawal',
      content: 'My number is 01711112222',
      image_count: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('feedback_image')
    .values({ feedback_id: feedback.id, seq: 1, mime: 'image/png', bytes: PNG_BYTES, sha256: 'a'.repeat(64) })
    .execute();
  await t.db
    .insertInto('member_message')
    .values({
      merchant_code: 'khelabd',
      member_id: m.member.id,
      title: 'Re: late',
      body: 'Dear Rahim',
      created_at: at,
    })
    .execute();
  const boundary = '----erasureboundary';
  const sent = await t.app.inject({
    method: 'POST',
    url: '/wps/support/messages',
    headers: { authorization: m.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nI live at 12 Lake Road\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_BYTES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { m, sent, feedbackId: feedback.id };
};

const cashierRow = (memberId: number) =>
  t.db
    .selectFrom('cashier_member')
    .select(['payee_name', 'payout_channel', 'payout_number', 'pay_password_hash'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
const withdrawalsOf = async (memberId: number) =>
  (
    await t.db
      .selectFrom('cashier_withdrawal')
      .select(['payee_name', 'number', 'amount', 'status'])
      .where('member_id', '=', memberId)
      .execute()
  ).map((w) => ({ ...w, amount: String(w.amount) }));
const uploadsOf = (memberId: number) =>
  t.db
    .selectFrom('cashier_upload')
    .select(['erased_at'])
    .select((eb) => eb.fn<number>('octet_length', ['bytes']).as('bytes'))
    .where('member_id', '=', memberId)
    .execute();
const supportTexts = (memberId: number) =>
  t.db
    .selectFrom('support_message as s')
    .innerJoin('support_conversation as c', 'c.id', 's.conversation_id')
    .select(['s.body', 's.image'])
    .where('c.member_id', '=', memberId)
    .execute();

describe('erasure across the owners of personal data', () => {
  it('erases what is not retained at once and the rest when the AML years end; amounts stay', async () => {
    const { m, sent, feedbackId } = await memberWithData();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await cashierRow(m.member.id)).toMatchObject({
      payee_name: 'Test Payee',
      payout_channel: 'BKASH',
      payout_number: '01711112222',
    });
    const closed = await asMember(m, 'POST', '/wps/protection/close', { confirm: true, reason: 'other' });
    expect(closed.statusCode, closed.body).toBe(200);
    const erased = await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/protection/erasures',
      payload: { memberId: m.member.id, reason: 'asked by mail' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().value.status).toBe('retained');

    // At once: the saved payout account and payment password, feedback, messages, chat.
    expect(await cashierRow(m.member.id)).toEqual({
      payee_name: 'Test Payee', // retained for AML (ADR 052)
      payout_channel: null,
      payout_number: null,
      pay_password_hash: null,
    });
    const feedback = await t.db
      .selectFrom('feedback')
      .select(['content', 'image_count'])
      .where('id', '=', feedbackId)
      .executeTakeFirstOrThrow();
    expect(feedback).toEqual({ content: 'erased', image_count: 0 });
    expect(
      await t.db.selectFrom('feedback_image').select('seq').where('feedback_id', '=', feedbackId).execute(),
    ).toEqual([]);
    const messages = await t.db
      .selectFrom('member_message')
      .select(['title', 'body'])
      .where('member_id', '=', m.member.id)
      .execute();
    expect(messages).toEqual([{ title: 'erased', body: 'erased' }]);
    expect(await supportTexts(m.member.id)).toEqual([{ body: 'erased', image: null }]);
    // Retained: the withdrawal's payee and number, the receipt.
    expect(await withdrawalsOf(m.member.id)).toEqual([
      { payee_name: 'Test Payee', number: '01711112222', amount: '60000', status: 'approved' },
    ]);
    expect(await uploadsOf(m.member.id)).toEqual([{ erased_at: null, bytes: PNG_BYTES.length }]);

    // The AML years end: the rest goes; the amounts and statuses stay.
    clock.advance(5 * 366 * DAY);
    expect(await t.app.services.protection.erasure.finishDue()).toBeGreaterThanOrEqual(1);
    expect((await cashierRow(m.member.id)).payee_name).toBeNull();
    expect(await withdrawalsOf(m.member.id)).toEqual([
      { payee_name: 'erased', number: 'erased', amount: '60000', status: 'approved' },
    ]);
    const [upload] = await uploadsOf(m.member.id);
    expect(upload?.bytes).toBe(0);
    expect(upload?.erased_at).not.toBeNull();
  });

  it('answers an erased receipt as not found to finance', async () => {
    clock.set(Date.now()); // back from the retention years: new sessions start now
    finance = await staffLogin(t.app, clock, 'finance');
    const m = await newMember(t.db, { prefix: 'eow' });
    const body = multipartOf(PNG_BYTES, 'receipt.png', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/uploads',
      headers: { authorization: m.token, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().value.id as string;
    const before = await bo(t.app, finance, { method: 'GET', url: `/bo/api/cashier/upload?id=${id}` });
    expect(before.statusCode, before.body).toBe(200);
    await t.db
      .updateTable('cashier_upload')
      .set({ bytes: new Uint8Array(0), erased_at: clock.now() })
      .where('id', '=', id)
      .execute();
    const after = await bo(t.app, finance, { method: 'GET', url: `/bo/api/cashier/upload?id=${id}` });
    expect(after.statusCode).toBe(404);
  });
});
