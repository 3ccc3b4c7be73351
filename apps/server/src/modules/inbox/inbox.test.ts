import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, setModule, type TestApp } from '../../../test/helpers';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';

/** A multipart/form-data body: text fields, then files (each `[fieldName, bytes, filename, type]`). */
const multipart = (fields: Record<string, string>, files: [string, Buffer, string, string][] = []) => {
  const boundary = '----khelafeedbackboundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, bytes, filename, type] of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('png-body'),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0jpeg-body'),
]);
const GIF = Buffer.from('GIF89a-not-accepted');

describe('platform messages and feedback', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let support = '';
  let content = '';
  let owner = '';
  beforeAll(async () => {
    clock = createClock(new Date());
    t = await createTestApp({ now: clock.now });
    support = await staffLogin(t.app, clock, 'support');
    content = await staffLogin(t.app, clock, 'content');
    owner = await staffLogin(t.app, clock, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in member registered at the test clock's now (newMember uses the wall clock). */
  const signedUp = async (options: { prefix: string; merchantCode?: string }) => {
    clock.advance(1000);
    const m = await newMember(t.db, options);
    await t.db.updateTable('member').set({ created_at: clock.now() }).where('id', '=', m.member.id).execute();
    return m;
  };
  const merchantOf = new Map<string, string>();
  const asMember = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token, merchant: merchantOf.get(token) ?? 'khelabd' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const unreadOf = async (token: string) =>
    (await asMember(token, 'GET', '/wps/relay/CSP_unreadCount')).json().value as number;
  const inboxOf = async (token: string) => (await asMember(token, 'GET', '/wps/inbox/messages')).json().value;
  const send = (token: string, body: Record<string, unknown>) =>
    bo(t.app, token, { method: 'POST', url: '/bo/api/messages', payload: body });
  const counts = async () => ({
    messages: (await t.db.selectFrom('member_message').select('id').execute()).length,
    feedback: (await t.db.selectFrom('feedback').select('id').execute()).length,
    images: (await t.db.selectFrom('feedback_image').select('feedback_id').execute()).length,
    audit: (await auditRows(t.db)).length,
  });

  it('sends a message to one member: sanitised, unread until opened, counted by CSP_unreadCount', async () => {
    const alice = await signedUp({ prefix: 'ibx' });
    const bob = await signedUp({ prefix: 'ibx' });
    clock.advance(1000);
    expect(await unreadOf(alice.token)).toBe(0);
    const res = await send(support, {
      audience: 'member',
      merchant: 'khelabd',
      memberId: alice.member.id,
      title: 'Your <b>bonus</b>',
      body: '<p>Hello <strong>Alice</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().value.id as number;
    expect(await unreadOf(alice.token)).toBe(1);
    expect(await unreadOf(bob.token)).toBe(0);
    const inbox = await inboxOf(alice.token);
    expect(inbox).toMatchObject({ total: 1, unread: 1 });
    expect(inbox.items[0]).toMatchObject({ id, title: 'Your bonus', kind: 'notice', read: false });
    expect(inbox.items[0].body).toContain('<strong>Alice</strong>');
    expect(inbox.items[0].body).not.toMatch(/script|onerror/);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'message.send',
      target: `member:${alice.member.id}`,
      staff_username: 'support',
      after: { messageId: id, audience: 'member' },
    });

    // Bob cannot mark Alice's message; Alice can.
    expect(
      (await asMember(bob.token, 'POST', '/wps/inbox/messages/read', { ids: [id] })).json().value,
    ).toEqual({
      unread: 0,
    });
    expect(await unreadOf(alice.token)).toBe(1);
    expect(
      (await asMember(alice.token, 'POST', '/wps/inbox/messages/read', { ids: [id] })).json().value,
    ).toEqual({
      unread: 0,
    });
    expect((await inboxOf(alice.token)).items[0].read).toBe(true);
    // Reading again changes nothing.
    expect((await asMember(alice.token, 'POST', '/wps/inbox/messages/read', { all: true })).statusCode).toBe(
      200,
    );
    expect(await unreadOf(alice.token)).toBe(0);
  });

  it('broadcasts to the members of a merchant registered when it was sent, not to later ones or other merchants', async () => {
    const early = await signedUp({ prefix: 'ibx' });
    const india = await signedUp({ prefix: 'ibx', merchantCode: 'khelain' });
    merchantOf.set(india.token, 'khelain');
    clock.advance(60_000);
    const res = await send(support, {
      audience: 'all',
      merchant: 'khelabd',
      title: 'Maintenance',
      body: 'Tonight 2–3 am',
    });
    expect(res.statusCode, res.body).toBe(200);
    const late = await signedUp({ prefix: 'ibx' });
    await t.db
      .updateTable('member')
      .set({ created_at: new Date(clock.now().getTime() + 60_000) })
      .where('id', '=', late.member.id)
      .execute();
    const titles = async (token: string) =>
      (await inboxOf(token)).items.map((m: { title: string }) => m.title) as string[];
    expect(await titles(early.token)).toContain('Maintenance');
    expect(await titles(india.token)).not.toContain('Maintenance');
    expect(await titles(late.token)).not.toContain('Maintenance');
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'message.send',
      target: 'merchant:khelabd',
    });
    // Marking all read clears the broadcast for that member only.
    expect(await unreadOf(early.token)).toBeGreaterThan(0);
    await asMember(early.token, 'POST', '/wps/inbox/messages/read', { all: true });
    expect(await unreadOf(early.token)).toBe(0);
  });

  it('refuses bad messages with nothing written; a role without messages.send gets 403', async () => {
    const member = await signedUp({ prefix: 'ibx' });
    const india = await signedUp({ prefix: 'ibx', merchantCode: 'khelain' });
    merchantOf.set(india.token, 'khelain');
    const before = await counts();
    const base = {
      audience: 'member',
      merchant: 'khelabd',
      memberId: member.member.id,
      title: 'Hi',
      body: 'Hello',
    };
    expect((await send(support, { ...base, title: '' })).statusCode).toBe(400);
    expect((await send(support, { ...base, title: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await send(support, { ...base, body: '<script>only a script</script>' })).json()).toMatchObject({
      errorCode: 'validation.failed',
      value: { fields: { body: 'empty' } },
    });
    expect((await send(support, { ...base, memberId: india.member.id })).json().errorCode).toBe('not.found');
    expect((await send(support, { ...base, merchant: 'nope' })).json().errorCode).toBe('not.found');
    expect((await send(support, { ...base, audience: 'everyone' })).statusCode).toBe(400);
    const refused = await send(content, base);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'forbidden', value: { permission: 'messages.send' } });
    expect(await counts()).toEqual(before);
  });

  it('keeps the inbox behind INBOX3 and a session', async () => {
    const member = await signedUp({ prefix: 'ibx' });
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/CSP_unreadCount' })).statusCode).toBe(401);
    await setModule(t.app, 'khelabd', 'INBOX3', false);
    try {
      const res = await asMember(member.token, 'GET', '/wps/relay/CSP_unreadCount');
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('function.not.available');
    } finally {
      await setModule(t.app, 'khelabd', 'INBOX3', true);
    }
  });

  it('takes feedback with PNG and JPEG images; support finds it, sees the images, and replies into the inbox', async () => {
    const member = await signedUp({ prefix: 'fbk' });
    // A JSON body is not a feedback form.
    const json = await asMember(member.token, 'PUT', '/wps/feedback', { questionType: 'game', content: 'x' });
    expect(json.statusCode).toBe(400);
    const submitted = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      ...(() => {
        const body = multipart({ questionType: 'withdrawal', content: 'My withdrawal is late' }, [
          ['image', PNG, 'a.png', 'image/png'],
          ['image', JPEG, 'b.jpg', 'image/jpeg'],
        ]);
        return { payload: body.payload, headers: { ...body.headers, authorization: member.token } };
      })(),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().value.id as number;
    const own = (await asMember(member.token, 'GET', '/wps/feedback')).json().value;
    expect(own[0]).toMatchObject({
      id,
      questionType: 'withdrawal',
      status: 'open',
      images: 2,
      repliedAt: null,
    });

    const list = (
      await bo(t.app, support, {
        method: 'GET',
        url: `/bo/api/feedback?merchant=khelabd&status=open&questionType=withdrawal&account=${member.member.username}`,
      })
    ).json().value;
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.items[0]).toMatchObject({ id, member: member.member.username, images: 2, status: 'open' });
    const image = await bo(t.app, support, { method: 'GET', url: `/bo/api/feedback/image?id=${id}&seq=2` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    expect(
      (await bo(t.app, support, { method: 'GET', url: `/bo/api/feedback/image?id=${id}&seq=3` })).statusCode,
    ).toBe(404);
    expect(
      (await bo(t.app, content, { method: 'GET', url: `/bo/api/feedback/image?id=${id}&seq=1` })).statusCode,
    ).toBe(403);

    const reply = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/feedback/reply',
      payload: { id, body: '<p>It was paid at <em>14:05</em>.</p>' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const inbox = await inboxOf(member.token);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      id: reply.json().value.messageId,
      kind: 'reply',
      title: 'My withdrawal is late',
      read: false,
    });
    expect(inbox.items[0].body).toContain('<em>14:05</em>');
    const detail = (
      await bo(t.app, support, { method: 'GET', url: `/bo/api/feedback/detail?id=${id}` })
    ).json().value;
    expect(detail).toMatchObject({
      status: 'replied',
      repliedBy: 'support',
      reply: { title: 'My withdrawal is late' },
    });
    expect((await asMember(member.token, 'GET', '/wps/feedback')).json().value[0]).toMatchObject({
      status: 'replied',
    });
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'feedback.reply',
      target: `member:${member.member.id}`,
      after: { feedbackId: id, status: 'replied' },
    });
    // One reply only.
    const again = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/feedback/reply',
      payload: { id, body: 'x' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses feedback over 140 characters, without a type, with a GIF, over 5 MB or with 4 images: nothing written', async () => {
    const member = await signedUp({ prefix: 'fbk' });
    const put = (fields: Record<string, string>, files: [string, Buffer, string, string][] = []) => {
      const body = multipart(fields, files);
      return t.app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        payload: body.payload,
        headers: { ...body.headers, authorization: member.token },
      });
    };
    const before = await counts();
    const ok = { questionType: 'game', content: 'The game froze' };
    const cases: [string, Awaited<ReturnType<typeof put>>][] = [
      ['141 characters', await put({ ...ok, content: 'x'.repeat(141) })],
      ['empty content', await put({ ...ok, content: '   ' })],
      ['no type', await put({ content: 'The game froze' })],
      ['unknown type', await put({ ...ok, questionType: 'love-letter' })],
      ['a GIF', await put(ok, [['image', GIF, 'a.png', 'image/png']])],
      ['a PNG name on text', await put(ok, [['image', Buffer.from('hello'), 'a.png', 'image/png']])],
      [
        'over 5 MB',
        await put(ok, [
          ['image', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png'],
        ]),
      ],
      [
        'four images',
        await put(ok, [
          ['image', PNG, '1.png', 'image/png'],
          ['image', PNG, '2.png', 'image/png'],
          ['image', PNG, '3.png', 'image/png'],
          ['image', PNG, '4.png', 'image/png'],
        ]),
      ],
      ['another file field', await put(ok, [['file', PNG, '1.png', 'image/png']])],
    ];
    for (const [name, res] of cases) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().errorCode, name).toBe('validation.failed');
    }
    expect(cases[4]?.[1].json().value.fields).toEqual({ 'image.1': 'type' });
    expect(cases[6]?.[1].json().value.fields).toEqual({ image: 'size' });
    expect(await counts()).toEqual(before);
    // Not signed in: 401; FEEDBACK3 off: 403.
    const anonymous = multipart(ok);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/wps/feedback',
          payload: anonymous.payload,
          headers: anonymous.headers,
        })
      ).statusCode,
    ).toBe(401);
    await setModule(t.app, 'khelabd', 'FEEDBACK3', false);
    try {
      expect((await put(ok)).json().errorCode).toBe('function.not.available');
    } finally {
      await setModule(t.app, 'khelabd', 'FEEDBACK3', true);
    }
  });

  it('lists feedback and messages for support: filtered, sorted, paged, CSV', async () => {
    const member = await signedUp({ prefix: 'fbl' });
    for (const [questionType, text] of [
      ['deposit', 'b deposit missing'],
      ['account', 'a cannot change name'],
      ['other', 'c hello'],
    ]) {
      clock.advance(1000);
      const body = multipart({ questionType: questionType as string, content: text as string });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        payload: body.payload,
        headers: { ...body.headers, authorization: member.token },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const get = async (query: string) =>
      (
        await bo(t.app, owner, {
          method: 'GET',
          url: `/bo/api/feedback?account=${member.member.username}&${query}`,
        })
      ).json().value;
    const page2 = await get('pageSize=2&page=2&sort=createdAt&order=asc');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((f: { content: string }) => f.content)).toEqual(['c hello']);
    const byType = await get('sort=questionType&order=asc');
    expect(byType.items.map((f: { questionType: string }) => f.questionType)).toEqual([
      'account',
      'deposit',
      'other',
    ]);
    expect((await get('questionType=deposit')).total).toBe(1);
    expect((await get('status=replied')).total).toBe(0);
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/feedback.csv?account=${member.member.username}&sort=createdAt&order=asc`,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,merchant,memberId,member,questionType,content,status,images,createdAt,repliedAt,repliedBy',
    );
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual([
      'b deposit missing',
      'a cannot change name',
      'c hello',
    ]);

    await send(support, {
      audience: 'member',
      merchant: 'khelabd',
      memberId: member.member.id,
      title: 'Zeta',
      body: 'z',
    });
    await send(support, {
      audience: 'member',
      merchant: 'khelabd',
      memberId: member.member.id,
      title: 'Alpha',
      body: 'a',
    });
    const messages = (
      await bo(t.app, support, {
        method: 'GET',
        url: `/bo/api/messages?account=${member.member.username}&sort=title&order=asc`,
      })
    ).json().value;
    expect(messages.items.map((m: { title: string }) => m.title)).toEqual(['Alpha', 'Zeta']);
    expect(messages.items[0]).toMatchObject({ member: member.member.username, staff: 'support', reads: 0 });
    const broadcasts = (
      await bo(t.app, support, { method: 'GET', url: '/bo/api/messages?audience=all' })
    ).json().value;
    expect(broadcasts.items.every((m: { memberId: number | null }) => m.memberId === null)).toBe(true);
    const messagesCsv = await bo(t.app, support, {
      method: 'GET',
      url: `/bo/api/messages.csv?account=${member.member.username}&sort=title&order=asc`,
    });
    expect(
      messagesCsv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[4]),
    ).toEqual(['Alpha', 'Zeta']);
  });
});
