import { randomBytes, randomUUID } from 'node:crypto';
import { createVendorClient, injectTransport, type Transport } from '../../../../../tools/vendor-sim/client';
import type { TestApp } from '../../../test/helpers';
import type { App } from '../../app';
import { ensureAccount, post } from '../wallet';
import { newMember } from '../wallet/test-support';
import { hashProviderToken } from './signature';

/** Test support for the provider API: a signed vendor client and funded players with a session. */

let funded = 0;

export const vendorGame = async (t: TestApp, vendorCode: string) => {
  const game = await t.db
    .selectFrom('game')
    .select('node_id')
    .where('vendor_code', '=', vendorCode)
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return game.node_id;
};

export const vendorSecret = async (t: TestApp, merchantCode: string, vendorCode: string) => {
  const row = await t.db
    .selectFrom('provider_vendor')
    .select('secret')
    .where('merchant_code', '=', merchantCode)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirstOrThrow();
  return row.secret;
};

export const clientFor = async (
  t: TestApp,
  options: { merchantCode?: string; vendorCode: string; transport?: Transport; clock?: () => number },
) => {
  const merchant = options.merchantCode ?? 'khelabd';
  return createVendorClient({
    transport: options.transport ?? injectTransport(t.app),
    vendorCode: options.vendorCode,
    merchant,
    secret: await vendorSecret(t, merchant, options.vendorCode),
    ...(options.clock ? { clock: options.clock } : {}),
  });
};

/** The wallet a vendor plays on: main (single-wallet merchant) or the member's vendor wallet. */
export const playWallet = async (app: App, merchantCode: string, memberId: number, vendorCode: string) => {
  const merchant = app.services.site.findMerchant(merchantCode);
  if (!merchant) throw new Error(`no merchant ${merchantCode}`);
  const base = { merchantCode, currency: merchant.currency };
  const single = app.services.wallet.merchantWallet(merchantCode).isSingle;
  return app.services.wallet.accountOf(
    single
      ? { ...base, kind: 'member_main', memberId }
      : { ...base, kind: 'member_vendor', memberId, vendorCode },
  );
};

export const balanceOf = async (t: TestApp, accountId: string) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
};

/**
 * A new member with `balance` minor units in the wallet the vendor plays on, a vendor session
 * token (`token`, what bets carry) and an unused launch token (`launchToken`, what a launch URL
 * carries and `authenticate` exchanges once).
 */
export const newPlayer = async (
  t: TestApp,
  options: { merchantCode?: string; vendorCode: string; balance: bigint; gameId: string },
) => {
  const merchantCode = options.merchantCode ?? 'khelabd';
  const { member } = await newMember(t.db, { merchantCode, prefix: 'prv' });
  const walletId = await playWallet(t.app, merchantCode, member.id, options.vendorCode);
  if (options.balance > 0n) {
    const merchant = t.app.services.site.findMerchant(merchantCode);
    if (!merchant) throw new Error('no merchant');
    const houseId = await ensureAccount(
      t.db,
      { merchantCode, currency: merchant.currency, kind: 'house' },
      new Date(),
    );
    funded++;
    await post(t.db, {
      merchantCode,
      idempotencyKey: `test-fund:${member.id}:${funded}`,
      kind: 'demo.credit',
      lines: [
        { accountId: houseId, amount: -options.balance },
        { accountId: walletId, amount: options.balance },
      ],
    });
  }
  const session = await t.app.services.provider.issueSession({
    merchantCode,
    vendorCode: options.vendorCode,
    memberId: member.id,
    gameNodeId: options.gameId,
  });
  const launch = await t.app.services.provider.issueLaunchToken({
    merchantCode,
    vendorCode: options.vendorCode,
    memberId: member.id,
    gameNodeId: options.gameId,
  });
  return {
    memberId: member.id,
    playerId: String(member.id),
    token: session.token,
    launchToken: launch.token,
    walletId,
  };
};

/**
 * `count` new members at once (the conformance suite's many scenarios): one insert of the members,
 * one of their play wallets, one funding journal entry with a line per member, one insert of their
 * vendor sessions. Same result as `newPlayer` per member, at a fraction of the statements.
 */
export const newPlayers = async (
  t: TestApp,
  options: { merchantCode: string; vendorCode: string; balance: bigint; gameId: string; count: number },
) => {
  const { merchantCode, vendorCode, count } = options;
  const merchant = t.app.services.site.findMerchant(merchantCode);
  if (!merchant) throw new Error(`no merchant ${merchantCode}`);
  const single = t.app.services.wallet.merchantWallet(merchantCode).isSingle;
  const now = new Date();
  funded++;
  const batch = `${process.pid % 1000}b${funded}`;
  const members = await t.db
    .insertInto('member')
    .values(
      Array.from({ length: count }, (_, i) => ({
        merchant_code: merchantCode,
        username: `prv${batch}x${i}`,
        mobile: null,
        email: null,
        password_hash: null,
        type: 0,
        upline_id: null,
        nickname: 'provider test',
        password_changed_at: now,
        created_at: now,
        last_login_at: now,
        payee_name: null,
        qq: null,
        line: null,
        whatsapp: null,
        facebook: null,
        wechat: null,
        id_number: null,
        recommender_id: null,
        affiliate_code: null,
        referral_code: null,
        payment_password_hash: null,
        register_ip: null,
        register_domain: null,
        agent_code: null,
      })),
    )
    .returning('id')
    .execute();
  // The wallet rows as wallet/ledger.ts `ensureAccount` makes them (same owner keys).
  const wallets = await t.db
    .insertInto('ledger_account')
    .values(
      members.map((m) => ({
        id: randomUUID(),
        merchant_code: merchantCode,
        currency: merchant.currency,
        kind: single ? ('member_main' as const) : ('member_vendor' as const),
        member_id: m.id,
        vendor_code: single ? null : vendorCode,
        owner_key: single ? `main:${m.id}` : `vendor:${m.id}:${vendorCode}`,
        guarded: true,
        balance: '0',
        created_at: now,
      })),
    )
    .returning(['id', 'member_id'])
    .execute();
  const walletOf = new Map(wallets.map((w) => [w.member_id, w.id]));
  const houseId = await ensureAccount(
    t.db,
    { merchantCode, currency: merchant.currency, kind: 'house' },
    now,
  );
  await post(t.db, {
    merchantCode,
    idempotencyKey: `test-fund-batch:${batch}`,
    kind: 'demo.credit',
    lines: [
      { accountId: houseId, amount: -options.balance * BigInt(count) },
      ...wallets.map((w) => ({ accountId: w.id, amount: options.balance })),
    ],
  });
  const players = members.map((m) => ({
    memberId: m.id,
    playerId: String(m.id),
    token: randomBytes(24).toString('base64url'),
    walletId: walletOf.get(m.id) ?? '',
  }));
  await t.db
    .insertInto('provider_session')
    .values(
      players.map((p) => ({
        token_hash: hashProviderToken(p.token),
        merchant_code: merchantCode,
        vendor_code: vendorCode,
        member_id: p.memberId,
        game_node_id: options.gameId,
        created_at: now,
        expires_at: new Date(now.getTime() + 12 * 3600_000),
      })),
    )
    .execute();
  return players;
};
