import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { CSV_BATCH_ROWS } from '../staff';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { gamesOf, launch, openGame, spinOnce, spinValue } from './test-support';

let t: TestApp;
const clock = createClock(new Date());
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const role of ['owner', 'risk', 'support', 'content', 'finance'])
    tokens[role] = await staffLogin(t.app, clock, role);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

describe('back office: games', () => {
  it('searches rounds by member, game, vendor and status, pages them, exports CSV, and shows the proof', async () => {
    const { token, member } = await newMember(t.db, { prefix: 'gb' });
    await t.app.services.wallet.grantDemoCredit(member.id, { amount: 10_000n });
    const [nodeId] = await gamesOf(t.db, 'PG', 1);
    const session = await openGame(t.app, token, nodeId ?? '');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(spinValue(await spinOnce(t.app, session, 200)).roundId);

    const res = await bo(t.app, tokens.support ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds?member=${member.username}&pageSize=2`,
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(v.items[0]).toMatchObject({
      username: member.username,
      vendorCode: 'PG',
      gameNodeId: nodeId,
      status: 'settled',
    });
    const byId = await bo(t.app, tokens.risk ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds?member=${member.id}&vendor=PG&status=settled&nodeId=${nodeId}`,
    });
    expect(byId.json().value.total).toBe(3);
    const none = await bo(t.app, tokens.risk ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds?member=${member.id}&status=open`,
    });
    expect(none.json().value.total).toBe(0);

    const csv = await bo(t.app, tokens.owner ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds.csv?member=${member.username}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('id,merchantCode,memberId,username');
    expect(lines).toHaveLength(4);

    // More than ten batches of the streamed CSV (CSV_BATCH_ROWS) and more than the 10,000 rows it
    // used to stop at: every round is exported, none twice. Copies of a settled round with new ids
    // (no request id, no ledger link).
    const copies = 10 * CSV_BATCH_ROWS + 150;
    await sql`
      INSERT INTO game_round (id, merchant_code, member_id, mode, vendor_code, game_node_id, game_type,
        status, stake_minor, payout_minor, currency, opened_at, updated_at, settled_at, bet, result)
      SELECT gen_random_uuid(), merchant_code, member_id, mode, vendor_code, game_node_id, game_type,
        status, stake_minor, payout_minor, currency, opened_at - make_interval(secs => g % 7),
        updated_at, settled_at, bet, result
      FROM game_round, generate_series(1, ${copies}) AS g
      WHERE id = ${ids[0]}`.execute(t.db);
    const big = await bo(t.app, tokens.owner ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds.csv?member=${member.username}`,
    });
    expect(big.statusCode).toBe(200);
    const bigLines = big.body.trim().split('\r\n').slice(1);
    expect(bigLines).toHaveLength(3 + copies);
    expect(new Set(bigLines.map((l) => l.split(',')[0])).size).toBe(3 + copies);

    const detail = await bo(t.app, tokens.support ?? '', {
      method: 'GET',
      url: `/bo/api/games/rounds/detail?id=${ids[0]}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().value).toMatchObject({ id: ids[0], proof: { roundId: ids[0], serverSeed: null } });
    expect(detail.json().value.result.stops).toHaveLength(5);
  });

  it('refuses roles without the permission and staff-less calls', async () => {
    const content = await bo(t.app, tokens.content ?? '', { method: 'GET', url: '/bo/api/games/rounds' });
    expect(content.statusCode).toBe(403);
    expect(content.json().errorCode).toBe('forbidden');
    const finance = await bo(t.app, tokens.finance ?? '', { method: 'GET', url: '/bo/api/games/vendors' });
    expect(finance.statusCode).toBe(403);
    const support = await bo(t.app, tokens.support ?? '', {
      method: 'PUT',
      url: '/bo/api/games/jackpot',
      payload: {
        merchant: 'khelabd',
        enabled: true,
        shareBp: 50,
        seedMinor: '0',
        odds: 1000,
        bigWinMinMinor: '0',
      },
    });
    expect(support.statusCode).toBe(403);
    const supportVendor = await bo(t.app, tokens.support ?? '', {
      method: 'POST',
      url: '/bo/api/games/vendors/status',
      payload: { code: 'PG', gameType: 'RNG', enabled: false },
    });
    expect(supportVendor.statusCode).toBe(403);
    const anonymous = await bo(t.app, null, { method: 'GET', url: '/bo/api/games/rounds' });
    expect(anonymous.statusCode).toBe(401);
    // A member token is not a staff token.
    const { token } = await newMember(t.db, { prefix: 'gb' });
    const asMember = await bo(t.app, token, { method: 'GET', url: '/bo/api/games/rounds' });
    expect(asMember.statusCode).toBe(401);
    expect(asMember.json()).toEqual(expectedError('login.not.session'));
  });

  it('disables and enables a vendor (audited): launches are refused while it is off', async () => {
    const { token } = await newMember(t.db, { prefix: 'gb' });
    const [nodeId] = await gamesOf(t.db, 'NETENT', 1);
    const list = await bo(t.app, tokens.risk ?? '', { method: 'GET', url: '/bo/api/games/vendors' });
    expect(list.statusCode).toBe(200);
    const netent = list.json().value.items.find((v: { code: string }) => v.code === 'NETENT');
    expect(netent).toMatchObject({ gameType: 'RNG', enabled: true, provider: 'inhouse' });
    expect(netent.games).toBeGreaterThan(0);

    const off = await bo(t.app, tokens.risk ?? '', {
      method: 'POST',
      url: '/bo/api/games/vendors/status',
      payload: { code: 'NETENT', gameType: 'RNG', enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().value.enabled).toBe(false);
    expect((await launch(t.app, token, { nodeId: nodeId ?? '' })).statusCode).toBe(404);
    const audit = await auditRows(t.db);
    expect(audit.at(-1)).toMatchObject({
      action: 'games.vendor.status',
      target: 'NETENT/RNG',
      staff_username: 'risk',
    });
    const on = await bo(t.app, tokens.owner ?? '', {
      method: 'POST',
      url: '/bo/api/games/vendors/status',
      payload: { code: 'NETENT', gameType: 'RNG', enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await launch(t.app, token, { nodeId: nodeId ?? '' })).statusCode).toBe(200);
    const unknown = await bo(t.app, tokens.owner ?? '', {
      method: 'POST',
      url: '/bo/api/games/vendors/status',
      payload: { code: 'NOPE', gameType: 'RNG', enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('reads and saves the jackpot settings (audited), refusing bad values', async () => {
    const read = await bo(t.app, tokens.support ?? '', {
      method: 'GET',
      url: '/bo/api/games/jackpot?merchant=khelabd',
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().value).toMatchObject({
      merchant: 'khelabd',
      currency: 'BDT',
      enabled: true,
      shareBp: 100,
    });
    const body = {
      merchant: 'khelabd',
      enabled: true,
      shareBp: 250,
      seedMinor: '50000',
      odds: 500_000,
      bigWinMinMinor: '2000',
    };
    const saved = await bo(t.app, tokens.risk ?? '', {
      method: 'PUT',
      url: '/bo/api/games/jackpot',
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toMatchObject({
      shareBp: 250,
      seedMinor: '50000',
      odds: 500_000,
      bigWinMinMinor: '2000',
    });
    const audit = await auditRows(t.db);
    expect(audit.at(-1)).toMatchObject({ action: 'games.jackpot.settings', target: 'khelabd' });
    for (const bad of [
      { ...body, shareBp: 5000 },
      { ...body, shareBp: 1.5 },
      { ...body, seedMinor: '-1' },
      { ...body, odds: 1 },
      { ...body, bigWinMinMinor: 'abc' },
      { ...body, enabled: 'yes' },
    ]) {
      const res = await bo(t.app, tokens.owner ?? '', {
        method: 'PUT',
        url: '/bo/api/games/jackpot',
        payload: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await bo(t.app, tokens.owner ?? '', {
      method: 'PUT',
      url: '/bo/api/games/jackpot',
      payload: { ...body, merchant: 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
    const after = await bo(t.app, tokens.owner ?? '', {
      method: 'GET',
      url: '/bo/api/games/jackpot?merchant=khelabd',
    });
    expect(after.json().value.shareBp).toBe(250);
  });
});
