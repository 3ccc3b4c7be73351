import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, setModule, type TestApp } from '../../../test/helpers';
import { verifyLedger } from './ledger';
import { newMember, vendorTypeId } from './test-support';

/**
 * Auto-transfer for transfer-wallet merchants (issue 24): a vendor game's launch moves the money
 * into its wallet when the member's choice is on (the default), tells the page the game wallet's
 * balance when it is off; collect-all brings every vendor wallet home. Balances read from the
 * ledger's own accounts.
 */
let t: TestApp;
let kmGame: string;
let pgType: number;
let kmType: number;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  const row = await t.db
    .selectFrom('game')
    .select('node_id')
    .where('vendor_code', '=', 'KM')
    .where('enabled', '=', true)
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  kmGame = row.node_id;
  pgType = await vendorTypeId(t.db, 'PG');
  kmType = await vendorTypeId(t.db, 'KM');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const launchKm = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${kmGame}&accountType=1&launchMode=GLS`,
    headers: { authorization: token },
  });

/** The member's wallets as the ledger holds them: owner key → balance. */
const ledgerBalances = async (memberId: number) => {
  const rows = await t.db
    .selectFrom('ledger_account')
    .select(['kind', 'vendor_code', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.kind === 'member_main' ? 'main' : String(r.vendor_code), BigInt(r.balance)]),
  );
};

/** A member with 1,000.00 in main and 50.00 already moved into the PG wallet. */
const member = async () => {
  const m = await newMember(t.db, { prefix: 'atr' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: m.token, 'idempotency-key': randomUUID() },
    payload: { fromAccountTypeId: 2, toAccountTypeId: pgType, amount: 5_000 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return m;
};

describe('auto-transfer', () => {
  it('is on by default: launching a vendor game moves main and the other game wallets into its wallet', async () => {
    const m = await member();
    expect((await call(m.token, 'GET', '/wps/wallet/auto-transfer')).json().value).toEqual({
      autoTransfer: true,
    });
    const res = await launchKm(m.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.content.wallet).toEqual({
      auto: true,
      accountTypeId: kmType,
      movedMinor: '100000',
      vendorBalanceMinor: '100000',
      mainBalanceMinor: '0',
    });
    expect(await ledgerBalances(m.member.id)).toMatchObject({ main: 0n, PG: 0n, KM: 100_000n });

    // Leaving the game: every game wallet comes home.
    const back = await call(m.token, 'POST', '/wps/wallet/collect-all');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().value).toEqual({ collectedMinor: '100000', wallets: 1, mainBalanceMinor: '100000' });
    expect(await ledgerBalances(m.member.id)).toMatchObject({ main: 100_000n, PG: 0n, KM: 0n });
    // Again: nothing left to collect, nothing moves.
    expect((await call(m.token, 'POST', '/wps/wallet/collect-all')).json().value).toEqual({
      collectedMinor: '0',
      wallets: 0,
      mainBalanceMinor: '100000',
    });
  });

  it('turned off: the launch moves nothing and tells the page the empty game wallet and the main balance', async () => {
    const m = await member();
    const off = await call(m.token, 'PUT', '/wps/wallet/auto-transfer', { autoTransfer: false });
    expect(off.json().value).toEqual({ autoTransfer: false });
    expect((await call(m.token, 'GET', '/wps/wallet/auto-transfer')).json().value).toEqual({
      autoTransfer: false,
    });
    const res = await launchKm(m.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.content.wallet).toEqual({
      auto: false,
      accountTypeId: kmType,
      movedMinor: '0',
      vendorBalanceMinor: '0',
      mainBalanceMinor: '95000',
    });
    expect(await ledgerBalances(m.member.id)).toMatchObject({ main: 95_000n, PG: 5_000n });
    // Bad input: 400, nothing changes.
    const bad = await call(m.token, 'PUT', '/wps/wallet/auto-transfer', { autoTransfer: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('validation.failed');
    expect((await call(m.token, 'GET', '/wps/wallet/auto-transfer')).json().value.autoTransfer).toBe(false);
  });

  it('single-wallet merchants and in-house games move nothing; collect-all is refused without transfers', async () => {
    const m = await member();
    const slot = await t.db
      .selectFrom('game')
      .select('node_id')
      .where('vendor_code', '=', 'PG')
      .where('game_type', '=', 'RNG')
      .where('enabled', '=', true)
      .executeTakeFirstOrThrow();
    const inHouse = await t.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${slot.node_id}&accountType=1&launchMode=GLS`,
      headers: { authorization: m.token },
    });
    expect(inHouse.json().value.content.wallet).toBeUndefined();
    await setModule(t.app, 'khelabd', 'FUNDTRANS3', false);
    try {
      const res = await launchKm(m.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.content.wallet).toBeUndefined();
      const refused = await call(m.token, 'POST', '/wps/wallet/collect-all');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(expectedError('function.not.available'));
    } finally {
      await setModule(t.app, 'khelabd', 'FUNDTRANS3', true);
    }
    expect(await ledgerBalances(m.member.id)).toMatchObject({ main: 95_000n, PG: 5_000n });
  });
});
