import { Secret, TOTP } from 'otpauth';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../apps/server/src/db/seed/demo-staff';
import { createGatewaySimulator, DEMO_GATEWAY_SECRET } from '../../apps/server/src/modules/cashier';
import { call, type Server, valueFrom } from './http';

/** The payment password every member of the load sets. */
export const PAY = 'pay12345';
/** A PNG by its magic bytes: the proof of a "not received" answer. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('crash'),
]);

export type Member = { username: string; token: string; id: number; upline: boolean; proofId: string };

/**
 * What the load starts from (acknowledged calls too): finance signed in, a gateway deposit channel,
 * four demo members each with a payout account, a payment password and an uploaded proof image,
 * the manual channel and up to three vendor wallets.
 */
export const setUp = async (server: Server) => {
  const staffLogin = async () => {
    const staff = DEMO_STAFF.find((s) => s.username === 'finance');
    if (!staff) throw new Error('no demo finance staff');
    const totp = new TOTP({
      issuer: 'Khela',
      label: staff.username,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(staff.totpSecret),
    });
    const res = await call(server, 'POST', '/bo/api/session/login', {
      username: 'finance',
      password: DEMO_STAFF_PASSWORD,
      totp: totp.generate(),
    });
    if (!res.ok) throw new Error(`staff login: ${JSON.stringify(res.body)}`);
    return res;
  };
  const login = await staffLogin();
  const staffAuth = { authorization: String(valueFrom(login).token) };
  const staffId = Number((valueFrom(login).staff as { id: number }).id);

  const gatewayChannel = await call(
    server,
    'PUT',
    '/bo/api/cashier/channels',
    {
      merchant: 'khelabd',
      code: 'NAGAD',
      name: 'Nagad (gateway)',
      kind: 'gateway',
      gateway: 'sim',
      min: 10_000,
      max: 2_000_000,
      enabled: true,
    },
    staffAuth,
  );
  if (!gatewayChannel.ok) throw new Error(`gateway channel: ${JSON.stringify(gatewayChannel.body)}`);
  const gatewayChannelId = Number(valueFrom(gatewayChannel).id);

  const members: Member[] = [];
  for (const username of ['demo01', 'team01', 'team02', 'team03']) {
    const res = await call(server, 'POST', '/wps/session/login', { username, password: 'Demo1234' });
    if (!res.ok) throw new Error(`login ${username}: ${JSON.stringify(res.body)}`);
    const token = String(valueFrom(res).token);
    const auth = { authorization: token };
    const info = await call(server, 'GET', '/wps/member/info', undefined, auth);
    const bind = await call(
      server,
      'POST',
      '/wps/cashier/payout-account',
      { payeeName: username, channel: 'BKASH', number: '01700000000' },
      auth,
    );
    const pw = await call(
      server,
      'POST',
      '/wps/cashier/payment-password',
      { newPassword: PAY, confirmPassword: PAY },
      auth,
    );
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const proof = await call(server, 'POST', '/wps/cashier/uploads', form, auth);
    if (!bind.ok || !pw.ok || !proof.ok)
      throw new Error(
        `set-up ${username}: ${JSON.stringify(bind.body)} ${JSON.stringify(pw.body)} ${JSON.stringify(proof.body)}`,
      );
    members.push({
      username,
      token,
      id: Number(valueFrom(info).id),
      upline: username !== 'demo01',
      proofId: String(valueFrom(proof).id),
    });
  }
  const first = members[0] as Member;
  const channels = await call(server, 'GET', '/wps/cashier/channels', undefined, {
    authorization: first.token,
  });
  const manualChannelId = Number(
    (valueFrom(channels).channels as { id: number; code: string }[]).find((c) => c.code === 'BKASH')?.id,
  );
  const wallets = await call(server, 'GET', '/wps/v2/wallets/balance', undefined, {
    authorization: first.token,
  });
  const vendorTypeIds = (valueFrom(wallets).balance as { accountTypeId: number }[])
    .map((b) => b.accountTypeId)
    .filter((id) => id !== 2)
    .slice(0, 3);
  if (vendorTypeIds.length === 0) throw new Error('no vendor wallet (FUNDTRANS3 off?)');
  const sim = createGatewaySimulator(DEMO_GATEWAY_SECRET);
  return {
    staffAuth,
    staffId,
    gatewayChannelId,
    manualChannelId,
    members,
    vendorTypeIds,
    sim,
  };
};

export type Setup = Awaited<ReturnType<typeof setUp>>;
