import { randomUUID } from 'node:crypto';

/**
 * The members of the transfer benchmark (bench/transfers.ts): demo members signed in, members
 * registered by mobile number as a player does it, each funded by finance.
 */
const json = async (res: Response) =>
  (await res.json()) as { success: boolean; value: Record<string, unknown> };

/** Logs a member in and answers its token and member id. */
const signIn = async (base: string, username: string, password: string) => {
  const login = await json(
    await fetch(`${base}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }),
  );
  if (!login.success) throw new Error(`bench: login ${username} failed`);
  const token = String(login.value.token);
  const info = await json(await fetch(`${base}/wps/member/info`, { headers: { authorization: token } }));
  return { token, memberId: Number(info.value.id) };
};

/**
 * A new member registered by mobile number, as a player does it (the SMS code read from the demo
 * outbox), from its own address: registrations are limited per address.
 */
const registerMember = async (base: string, n: number) => {
  const national = `018${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(4, '0')}`;
  const headers = {
    'content-type': 'application/json',
    merchant: 'khelabd',
    'x-forwarded-for': `10.77.0.${n}`,
  };
  const sent = await fetch(`${base}/wps/verification/sms/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobileNo: national }),
  });
  if (!sent.ok)
    throw new Error(`bench: SMS code for ${national} refused: ${sent.status} ${await sent.text()}`);
  const inbox = await json(
    await fetch(`${base}/wps/demo/inbox?to=${encodeURIComponent(`+880${national.slice(1)}`)}`, {
      headers: { merchant: 'khelabd' },
    }),
  );
  const messages = inbox.value.messages as { channel: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.channel === 'sms')?.text ?? '')?.[1];
  if (!code) throw new Error(`bench: no SMS code for ${national}`);
  const registered = await fetch(`${base}/wps/member/register/mobile`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      mobileNum: national,
      verificationCode: code,
      password: 'Mobile1234',
      confirmPassword: 'Mobile1234',
      termsAccepted: true,
      ageConfirmed: true,
    }),
  });
  const body = await json(registered);
  if (!registered.ok || !body.success)
    throw new Error(`bench: registering ${national} refused: ${registered.status} ${JSON.stringify(body)}`);
  return { token: String(body.value.token), memberId: Number(body.value.id) };
};

/**
 * One funded member per connection, as concurrent transfers come from different players: the five
 * funded demo members (demo01, agent01, team01-03), then members registered for the run. Each is
 * funded by a finance adjustment (the answer is checked: a refused funding would make every
 * transfer fail and the figure meaningless). Returns their tokens and the vendor wallet type.
 */
export const prepareMembers = async (base: string, count: number) => {
  const { TOTP, Secret } = await import('otpauth');
  const { DEMO_STAFF } = await import('../apps/server/src/db/seed/demo-staff');
  const staff = DEMO_STAFF.find((s) => s.username === 'finance');
  if (!staff) throw new Error('no finance staff');
  const totp = new TOTP({
    label: 'finance',
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(staff.totpSecret),
  });
  const staffLogin = await json(
    await fetch(`${base}/bo/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'finance', password: 'Staff1234!', totp: totp.generate() }),
    }),
  );
  if (!staffLogin.success) throw new Error('bench: staff login failed');
  const staffToken = String(staffLogin.value.token);
  const demo = ['demo01', 'agent01', 'team01', 'team02', 'team03'];
  const tokens: string[] = [];
  let vendorTypeId = 0;
  for (let n = 0; n < count; n++) {
    const username = demo[n];
    const member = username
      ? await signIn(base, username, username === 'agent01' ? 'Agent1234' : 'Demo1234')
      : await registerMember(base, n);
    const funded = await fetch(`${base}/bo/api/cashier/adjust`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: staffToken,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        memberId: member.memberId,
        direction: 'credit',
        amount: 100_000_000,
        reason: 'benchmark funds',
      }),
    });
    const fundedBody = await json(funded);
    if (!funded.ok || !fundedBody.success)
      throw new Error(
        `bench: funding member ${member.memberId} refused: ${funded.status} ${JSON.stringify(fundedBody)}`,
      );
    const balance = await json(
      await fetch(`${base}/wps/v2/wallets/balance`, { headers: { authorization: member.token } }),
    );
    const vendor = (balance.value.balance as { accountTypeId: number }[]).find((b) => b.accountTypeId !== 2);
    if (!vendor) throw new Error('bench: no vendor wallet (is FUNDTRANS3 on?)');
    vendorTypeId = vendor.accountTypeId;
    tokens.push(member.token);
  }
  return { tokens, vendorTypeId };
};
