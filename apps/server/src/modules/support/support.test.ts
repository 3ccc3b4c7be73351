import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { bo, JPEG_BYTES, PNG_BYTES, staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';

/** A multipart message form: an optional `text` field and an optional file part. */
const form = (parts: { text?: string; file?: { bytes: Buffer; name: string; field?: string } }) => {
  const boundary = '----supporttestboundary';
  const chunks: Buffer[] = [];
  if (parts.text !== undefined)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${parts.text}\r\n`),
    );
  if (parts.file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${parts.file.field ?? 'image'}"; filename="${parts.file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      parts.file.bytes,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('support chat', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let staffToken: string;
  let financeToken: string;
  let plain: TestMember;
  let vip: TestMember;
  let other: TestMember;

  const post = (m: TestMember, parts: Parameters<typeof form>[0]) => {
    const f = form(parts);
    return t.app.inject({
      method: 'POST',
      url: '/wps/support/messages',
      payload: f.payload,
      headers: { ...f.headers, authorization: m.token },
    });
  };
  const get = (m: TestMember, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: m.token } });
  const value = (res: { body: string }) => JSON.parse(res.body).value;

  beforeAll(async () => {
    clock = createClock(new Date());
    t = await createTestApp({ now: clock.now });
    staffToken = await staffLogin(t.app, clock, 'support');
    financeToken = await staffLogin(t.app, clock, 'finance');
    plain = await newMember(t.db, { prefix: 'sup' });
    vip = await newMember(t.db, { prefix: 'sup' });
    other = await newMember(t.db, { prefix: 'sup' });
    // VIP level 5 (above 4) goes to the VIP queue; level 4 stays in the general one.
    await t.db
      .insertInto('loyalty_member')
      .values([
        { member_id: vip.member.id, merchant_code: 'khelabd', vip_level: 5, level_since: new Date() },
        { member_id: plain.member.id, merchant_code: 'khelabd', vip_level: 4, level_since: new Date() },
      ])
      .execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('opens a conversation in the queue of the member’s VIP level and lists it in that queue', async () => {
    expect((await post(plain, { text: 'Where is my deposit?' })).statusCode).toBe(200);
    expect((await post(vip, { text: 'VIP question' })).statusCode).toBe(200);
    const vipQueue = value(
      await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations?queue=vip' }),
    );
    expect(vipQueue.items.map((r: { memberId: number }) => r.memberId)).toEqual([vip.member.id]);
    const general = value(
      await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations?queue=general' }),
    );
    expect(general.items.map((r: { memberId: number }) => r.memberId)).toEqual([plain.member.id]);
    expect(general.items[0]).toMatchObject({
      queue: 'general',
      status: 'open',
      unread: 1,
      lastText: 'Where is my deposit?',
    });
  });

  it('counts unread messages on both sides and clears them when read', async () => {
    await post(plain, { text: 'second' });
    const list = value(await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations' }));
    const row = list.items.find((r: { memberId: number }) => r.memberId === plain.member.id);
    expect(row.unread).toBe(2);
    expect(list.unreadTotal).toBe(3); // 2 from the plain member, 1 from the VIP one

    // Staff reads: the member's two messages are read; replies twice.
    const read = value(
      await bo(t.app, staffToken, { method: 'GET', url: `/bo/api/support/conversation?id=${row.id}` }),
    );
    expect(read.messages.map((m: { text: string }) => m.text)).toEqual(['Where is my deposit?', 'second']);
    for (const text of ['Checking now', 'Found it'])
      expect(
        (
          await bo(t.app, staffToken, {
            method: 'POST',
            url: '/bo/api/support/reply',
            payload: { id: row.id, text },
          })
        ).statusCode,
      ).toBe(200);
    const after = value(await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations' }));
    expect(after.items.find((r: { id: number }) => r.id === row.id).unread).toBe(0);
    expect(after.unreadTotal).toBe(1);

    expect(value(await get(plain, '/wps/support/unread'))).toBe(2);
    const mine = value(await get(plain, '/wps/support/conversation'));
    expect(mine.conversation.messages.map((m: { sender: string }) => m.sender)).toEqual([
      'member',
      'member',
      'staff',
      'staff',
    ]);
    expect(value(await get(plain, '/wps/support/unread'))).toBe(0);
  });

  it('shows a member only their own conversation and images', async () => {
    expect(value(await get(other, '/wps/support/conversation'))).toEqual({ conversation: null });
    const sent = value(await post(plain, { file: { bytes: PNG_BYTES, name: 'shot.png' } }));
    expect(sent.hasImage).toBe(true);
    const own = await get(plain, `/wps/support/image?id=${sent.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_BYTES)).toBe(true);
    const foreign = await get(other, `/wps/support/image?id=${sent.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/wps/support/conversation' })).statusCode).toBe(401);
  });

  it('accepts PNG and JPEG by their bytes and refuses anything else, an empty message and a long text', async () => {
    expect(
      (await post(other, { text: 'photo', file: { bytes: JPEG_BYTES, name: 'a.jpg' } })).statusCode,
    ).toBe(200);
    const before = await t.db
      .selectFrom('support_message')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refusals = [
      await post(other, { file: { bytes: Buffer.from('GIF89a-not-allowed'), name: 'x.png' } }),
      await post(other, { text: '   ' }),
      await post(other, { text: 'x'.repeat(1001) }),
      await post(other, { file: { bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 0x89), name: 'big.png' } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, errorCode: 'validation.failed' });
    }
    const after = await t.db
      .selectFrom('support_message')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('closes a conversation (history kept) and the next message opens a new one; finance may not', async () => {
    const list = value(
      await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations?queue=vip' }),
    );
    const id = list.items[0].id;
    const refused = await bo(t.app, financeToken, {
      method: 'POST',
      url: '/bo/api/support/close',
      payload: { id },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await bo(t.app, staffToken, { method: 'POST', url: '/bo/api/support/close', payload: { id } }))
        .statusCode,
    ).toBe(200);
    const closed = value(
      await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations?status=closed' }),
    );
    expect(closed.items.map((r: { id: number }) => r.id)).toContain(id);
    const reply = await bo(t.app, staffToken, {
      method: 'POST',
      url: '/bo/api/support/reply',
      payload: { id, text: 'late' },
    });
    expect(reply.statusCode).toBe(400);
    const next = value(await post(vip, { text: 'again' }));
    expect(next.conversationId).not.toBe(id);
    const history = value(
      await bo(t.app, staffToken, { method: 'GET', url: `/bo/api/support/conversation?id=${id}` }),
    );
    expect(history.messages.map((m: { text: string }) => m.text)).toEqual(['VIP question']);
  });

  it('pushes a signal to the member’s and the staff’s sockets on each message, and refuses a foreign token', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = base.replace(/^http/, 'ws');
    const open = (url: string) =>
      new Promise<{ socket: WebSocket; pushes: () => number }>((resolve, reject) => {
        const socket = new WebSocket(url);
        let count = 0;
        socket.onmessage = (event) => {
          const { type } = JSON.parse(String(event.data)) as { type: string };
          if (type === 'ready') resolve({ socket, pushes: () => count });
          else if (type === 'support') count += 1;
        };
        socket.onerror = () => reject(new Error(`socket refused: ${url}`));
      });
    const member = await open(`${ws}/wps/support/ws?token=${encodeURIComponent(plain.token)}`);
    const staff = await open(`${ws}/bo/api/support/ws?token=${encodeURIComponent(staffToken)}`);
    await expect(open(`${ws}/bo/api/support/ws?token=${encodeURIComponent(plain.token)}`)).rejects.toThrow();
    await expect(open(`${ws}/bo/api/support/ws?token=${encodeURIComponent(financeToken)}`)).rejects.toThrow();

    expect((await post(plain, { text: 'live?' })).statusCode).toBe(200);
    await expect.poll(() => staff.pushes(), { timeout: 5_000 }).toBeGreaterThan(0);
    const list = value(await bo(t.app, staffToken, { method: 'GET', url: '/bo/api/support/conversations' }));
    const id = list.items.find((r: { memberId: number }) => r.memberId === plain.member.id).id;
    const before = member.pushes();
    await bo(t.app, staffToken, {
      method: 'POST',
      url: '/bo/api/support/reply',
      payload: { id, text: 'yes' },
    });
    await expect.poll(() => member.pushes(), { timeout: 5_000 }).toBeGreaterThan(before);
    member.socket.close();
    staff.socket.close();
  });

  it('limits message posting per session', async () => {
    const spammer = await newMember(t.db, { prefix: 'sup' });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await post(spammer, { text: `m${i}` })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
