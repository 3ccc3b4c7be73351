import {
  type LotteryMenuGroup,
  type LotteryMenuItem,
  lotteryPollSeconds,
  prizeModeOf,
  shortNumero,
} from '@khela/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import type { MemberType } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../../shared/tokens';
import { insertMember, insertSession } from '../identity/test-support';
import { defaultSchedule, drawMinutes, openIssue, type Schedule } from './lottery-schedule';

// Wednesday 25 Nov 2026, 10:00:30 UTC = 17:00:30 in Vietnam, 16:00:30 in Bangladesh.
const START = '2026-11-25T10:00:30Z';

describe('lottery schedules', () => {
  const keno: Schedule = {
    menuTag: 'KENO',
    drawDays: [1, 2, 3, 4, 5, 6, 7],
    firstDrawMinute: 0,
    lastDrawMinute: 1435,
    intervalMinutes: 5,
    lockSeconds: 30,
    utcOffsetMinutes: 360,
    remark: {},
  };

  it('numbers the draws of a day and counts the seconds to the next one', () => {
    const issue = openIssue(keno, new Date(START));
    // 16:00:30 local: the next draw is 16:05, draw 194 of the day (00:00 is draw 1).
    expect(issue.numero).toBe('20261125-0194');
    expect(issue.drawAt.toISOString()).toBe('2026-11-25T10:05:00.000Z');
    expect(issue.remainTime).toBe(270);
    expect(issue.lockTime).toBe(30);
    expect(drawMinutes(keno)).toHaveLength(288);
  });

  it('moves to the next local day after the last draw, and to the next drawing weekday', () => {
    // 23:58 local on Wednesday: the next keno draw is 00:00 Thursday, draw 1.
    const late = openIssue(keno, new Date('2026-11-25T17:58:00Z'));
    expect(late.numero).toBe('20261126-0001');
    expect(late.drawAt.toISOString()).toBe('2026-11-25T18:00:00.000Z');
    // Lotto 5/45 draws Tue, Thu, Sat (3, 5, 7) at 18:00 local: from Wednesday it is Thursday's.
    const lotto = defaultSchedule('L545', 'LOTT', 'Lotto 5/45');
    expect(lotto.drawDays).toEqual([3, 5, 7]);
    const issue = openIssue(lotto, new Date(START));
    expect(issue.numero).toBe(`20261126`);
    expect(new Date(issue.drawAt.getTime() + 360 * 60_000).getUTCDay()).toBe(4);
    expect(issue.remainTime).toBeGreaterThan(86_400 - 3600);
  });

  it('gives a deterministic default per code; daily draws of two vendors a few minutes apart', () => {
    expect(defaultSchedule('VNN', 'TCG_LOTTO_VN', 'North')).toEqual(
      defaultSchedule('VNN', 'TCG_LOTTO_VN', 'North'),
    );
    const a = defaultSchedule('VNN', 'TCG_LOTTO_VN', 'North');
    expect(a.menuTag).toBe('VN');
    expect(a.utcOffsetMinutes).toBe(420);
    expect(a.firstDrawMinute % 5).toBe(0);
    expect(a.firstDrawMinute).toBeGreaterThanOrEqual(18 * 60 + 15);
    expect(defaultSchedule('ZZZ', 'X', 'Keno Extra').menuTag).toBe('KENO');
  });

  it('derives the prize mode from the electronic lottery lane (spec §4)', () => {
    const lane = (title: string, ...codes: string[]) => ({
      title,
      cards: codes.map((vassalage) => ({ vassalage })),
    });
    expect(prizeModeOf([lane('ELOTT', 'VR', 'TCG_LOTTO_VN')])).toBe('ELOTT');
    expect(prizeModeOf([lane('ELOTT', 'LOTT')])).toBe('ELOTT');
    expect(prizeModeOf([lane('ELOTT', 'VR', 'TCG_SEA'), lane('LOTT', 'LOTT')])).toBe('LOTT');
    expect(prizeModeOf([lane('RNG', 'PG')])).toBe('LOTT');
  });

  it('polls at the least time left to bet, at most 30 s, and 7 s while a draw is on (spec §9)', () => {
    expect(lotteryPollSeconds([])).toBe(30);
    expect(lotteryPollSeconds([{ remainTime: 400, lockTime: 30 }])).toBe(30);
    expect(
      lotteryPollSeconds([
        { remainTime: 400, lockTime: 30 },
        { remainTime: 42, lockTime: 30 },
      ]),
    ).toBe(12);
    expect(lotteryPollSeconds([{ remainTime: 20, lockTime: 30 }])).toBe(7);
    expect(lotteryPollSeconds([{ remainTime: 30, lockTime: 30 }])).toBe(7);
    expect(shortNumero('20261125-0194')).toBe('250194');
    expect(shortNumero('20261126')).toBe('261126');
  });
});

let t: TestApp;
const clock = createClock(START);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  await t?.close();
});

const call = (url: string, options: { method?: 'GET' | 'POST'; token?: string; payload?: object } = {}) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: options.token ? { authorization: options.token } : {},
    ...(options.payload ? { payload: options.payload as Record<string, unknown> } : {}),
  });

const bare = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

let members = 0;
const signIn = async (type: MemberType = 0) => {
  members += 1;
  const member = await insertMember(t.db, {
    merchantCode: 'khelabd',
    username: `lot${type}x${String(members).padStart(4, '0')}`,
    mobile: null,
    email: null,
    passwordHash: null,
    type,
    uplineId: null,
    nickname: 'player',
    now: clock.now(),
    lastLoginAt: clock.now(),
  });
  const token = newSessionToken();
  await insertSession(t.db, {
    tokenHash: hashSessionToken(token),
    memberId: member.id,
    now: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 24 * 60 * 60 * 1000),
    ip: null,
    userAgent: null,
  });
  return token;
};

describe('lottery menus (/lgw)', () => {
  it('lists the lottery page lotteries by group, bare, with times computed from the clock', async () => {
    clock.set(START);
    const menus = bare<Record<string, LotteryMenuGroup>>(
      await call('/lgw/games/game_menus?prizeMode=ELOTT&device=WEB&language=en'),
    );
    expect(Object.keys(menus)).toEqual(['VN', 'KENO', 'LOTTO', 'DIGITS', 'RACING', 'WHEEL']);
    const items = Object.values(menus).flatMap((g) => g.gameMenus);
    // TCG_LOTTO_VN 12, TCG_SEA 12, ELOTT 10, LOTT 10: the vendors that open on the lottery page.
    expect(items).toHaveLength(44);
    expect(new Set(items.map((i) => i.vendor))).toEqual(
      new Set(['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']),
    );
    expect(menus.KENO?.displayName).toBe('Keno');
    const keno = menus.KENO?.gameMenus.find((i) => i.gameId === 'KENO5') as LotteryMenuItem;
    expect(keno).toMatchObject({
      gameMenuTag: 'KENO',
      numero: '20261125-0194',
      remainTime: 270,
      lockTime: 30,
      drawDayOfWeek: '1,2,3,4,5,6,7',
      winningTime: Date.parse('2026-11-25T10:05:00Z'),
      prizeMode: 'ELOTT',
      remark: '20 numbers of 80, every 5 minutes',
    });

    // Four minutes later the same issue is 30 s away (locked); past the draw, the next issue opens.
    clock.advance(240_000);
    const later = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/games/game_menus?prizeMode=ELOTT'));
    const same = later.KENO?.gameMenus.find((i) => i.nodeId === keno.nodeId) as LotteryMenuItem;
    expect(same.numero).toBe('20261125-0194');
    expect(same.remainTime).toBe(30);
    clock.advance(31_000);
    const next = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/games/game_menus?prizeMode=ELOTT'));
    expect(next.KENO?.gameMenus.find((i) => i.nodeId === keno.nodeId)?.numero).toBe('20261125-0195');
  });

  it('stores each schedule once, and reads an operator change of it', async () => {
    clock.set(START);
    const rows = await t.db.selectFrom('lottery_schedule').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(44);
    const vnn = rows.find((r) => r.node_id.startsWith('tcg-lotto-vn') && r.menu_tag === 'VN');
    expect(vnn).toBeDefined();
    await t.db
      .updateTable('lottery_schedule')
      .set({ draw_days: '2', first_draw_minute: 600, last_draw_minute: 600 })
      .where('node_id', '=', vnn?.node_id as string)
      .execute();
    // The schedules are read again once the cache (10 s of the server's clock) is older.
    clock.advance(11_000);
    const vn = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/vn/games/game_menu?prizeMode=ELOTT'));
    const item = vn.VN?.gameMenus.find((i) => i.nodeId === vnn?.node_id) as LotteryMenuItem;
    // Mondays at 10:00 Vietnamese time: Monday 30 November.
    expect(item.drawDayOfWeek).toBe('2');
    expect(item.numero).toBe('20261130');
    expect(item.accountTypeName).toBe('TCG_LOTTO_VN');
  });

  it('answers the VN menu with the TCG_LOTTO_VN lotteries only, and refuses a bad prize mode', async () => {
    const vn = bare<Record<string, LotteryMenuGroup>>(
      await call('/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB'),
    );
    const items = Object.values(vn).flatMap((g) => g.gameMenus);
    expect(items).toHaveLength(12);
    expect(items.every((i) => i.vendor === 'TCG_LOTTO_VN' && i.accountTypeName === 'TCG_LOTTO_VN')).toBe(
      true,
    );
    const bad = await call('/lgw/games/game_menus?prizeMode=BINGO');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it("uses the brand's prize mode when none is asked for (its ELOTT lane holds TCG_LOTTO_VN)", async () => {
    const menus = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/games/game_menus'));
    expect(Object.values(menus)[0]?.gameMenus[0]?.prizeMode).toBe('ELOTT');
    const lott = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/games/game_menus?prizeMode=lott'));
    expect(Object.values(lott)[0]?.gameMenus[0]?.prizeMode).toBe('LOTT');
  });

  it('records opened lotteries: recent newest first for that member, popular by members who opened', async () => {
    clock.set(START);
    const menus = bare<Record<string, LotteryMenuGroup>>(await call('/lgw/games/game_menus?prizeMode=ELOTT'));
    const all = Object.values(menus).flatMap((g) => g.gameMenus);
    const [a, b, c] = [all[5], all[20], all[30]] as [LotteryMenuItem, LotteryMenuItem, LotteryMenuItem];
    const first = await signIn();
    const second = await signIn();
    const open = (token: string, nodeId: string) =>
      call('/lgw/vn/games/game_menu/recent', { method: 'POST', token, payload: { nodeId } });
    expect(bare<LotteryMenuItem>(await open(first, a.nodeId)).nodeId).toBe(a.nodeId);
    clock.advance(1000);
    await open(first, b.nodeId);
    clock.advance(1000);
    await open(second, b.nodeId);
    clock.advance(1000);
    await open(second, c.nodeId);

    const recent = bare<Record<string, LotteryMenuItem>>(
      await call('/lgw/vn/games/game_menu/recent?prizeMode=ELOTT&device=WEB&recentCount=100', {
        token: first,
      }),
    );
    expect(Object.keys(recent)).toEqual([b.nodeId, a.nodeId]);
    const one = bare<Record<string, LotteryMenuItem>>(
      await call('/lgw/vn/games/game_menu/recent?recentCount=1', { token: first }),
    );
    expect(Object.keys(one)).toEqual([b.nodeId]);

    const popular = bare<Record<string, LotteryMenuItem>>(
      await call('/lgw/games/popular?count=20&prizeMode=ELOTT&device=WEB&language=en'),
    );
    const order = Object.keys(popular);
    expect(order).toHaveLength(20);
    expect(order[0]).toBe(b.nodeId);
    expect(order.slice(1, 3).sort()).toEqual([a.nodeId, c.nodeId].sort());
  });

  it('refuses recent lotteries without a session or for a trial account, and unknown lotteries', async () => {
    expect((await call('/lgw/vn/games/game_menu/recent')).statusCode).toBe(401);
    const trial = await signIn(4);
    const refused = await call('/lgw/vn/games/game_menu/recent', { token: trial });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'in_need_true_account' });
    const member = await signIn();
    const slot = await call('/lgw/vn/games/game_menu/recent', {
      method: 'POST',
      token: member,
      payload: { nodeId: 'pg-rng-0001' },
    });
    expect(slot.statusCode).toBe(404);
    // A lottery the lottery page does not open (VR) is not recorded either.
    const vr = await call('/lgw/vn/games/game_menu/recent', {
      method: 'POST',
      token: member,
      payload: { nodeId: 'vr-elott-0001' },
    });
    expect(vr.statusCode).toBe(404);
    const recent = bare<Record<string, LotteryMenuItem>>(
      await call('/lgw/vn/games/game_menu/recent', { token: member }),
    );
    expect(recent).toEqual({});
  });
});
