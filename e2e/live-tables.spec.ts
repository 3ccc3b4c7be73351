import type { Browser, Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * Shared live tables (issue 22): two players in two browsers at one dragon tiger table see the
 * same round, both bet on the table view, both see the same dealt result and their balances move
 * by the hand-worked payout of the revealed cards (dragon / tiger 1:1, half back on a tie).
 */

const TABLE = 'khelabd-dt-a';

const player = async (browser: Browser, ip: string, language: 'en' | 'bn', width: number) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  const page = await context.newPage();
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.addInitScript(
    ({ value, language }) => {
      window.sessionStorage.setItem('token', value.token);
      window.sessionStorage.setItem('account', value.userName);
      window.sessionStorage.setItem('nickname', value.userName);
      window.sessionStorage.setItem('customerId', String(value.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.localStorage.setItem('hisLang', language);
    },
    { value: member, language },
  );
  return { page, member, context };
};

const balanceOf = async (page: Page, token: string) => {
  const res = await page.request.get('/wps/v2/wallets/balance', {
    headers: { Authorization: token, Merchant: 'khelabd' },
  });
  return BigInt(((await res.json()).value as { sumBalanceMinor: string }).sumBalanceMinor);
};

/** Waits on the table view until a round is taking bets with at least 6 s left; answers its number. */
const bettingRound = async (page: Page) => {
  for (;;) {
    const phase = page.getByTestId('live-phase');
    await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
    const seconds = Number(((await phase.textContent()) ?? '').replace(/[^0-9]/g, ''));
    if (seconds >= 6) return Number(await page.getByTestId('live-table').getAttribute('data-round'));
    await expect(phase).not.toHaveAttribute('data-phase', 'betting', { timeout: 15_000 });
  }
};

test('two players at one live table: both bet, both see the same result and are paid', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // A on a desktop in English, B on a phone (390 px) in Bangla.
  const a = await player(browser, '103.4.146.81', 'en', 1440);
  const b = await player(browser, '103.4.146.82', 'bn', 390);

  // The live casino lobby lists the tables; A opens the dragon tiger table from it.
  await openPage(a.page, '/live', 'live');
  await expect(a.page.getByTestId('live-tables')).toBeVisible();
  await saveShot(a.page, 'tables', `lobby-${a.page.viewportSize()?.width}-en`);
  await a.page.getByTestId(`live-table-${TABLE}`).click();
  await expect(a.page.getByTestId('live-table')).toBeVisible();
  await openPage(b.page, `/liveTable?tableId=${TABLE}`, 'liveTable');

  const round = await bettingRound(a.page);
  await expect(b.page.getByTestId('live-table')).toHaveAttribute('data-round', String(round));
  await a.page.getByTestId('chip-10').click();
  await a.page.getByTestId('spot-dragon').click();
  await a.page.getByTestId('live-confirm').click();
  await expect(a.page.getByTestId('stake-dragon')).toContainText('10.00');
  await b.page.getByTestId('chip-50').click();
  await b.page.getByTestId('spot-tiger').click();
  await b.page.getByTestId('live-confirm').click();
  await expect(b.page.getByTestId('stake-tiger')).toContainText('৫০.০০');
  // Each sees the other's stake in the table totals.
  await expect(a.page.getByTestId('spot-tiger')).toContainText('50.00');
  await saveShot(a.page, 'tables', `betting-${a.page.viewportSize()?.width}-en`);
  await saveShot(b.page, 'tables', `betting-${b.page.viewportSize()?.width}-bn`);

  // The deal: both see the same winner for the same round.
  for (const p of [a.page, b.page])
    await expect(p.getByTestId('live-result')).toBeVisible({ timeout: 30_000 });
  const winnerA = await a.page.getByTestId('live-outcome').getAttribute('data-winner');
  const winnerB = await b.page.getByTestId('live-outcome').getAttribute('data-winner');
  expect(winnerA).toBe(winnerB);
  await saveShot(a.page, 'tables', `result-${a.page.viewportSize()?.width}-en`);
  await saveShot(b.page, 'tables', `result-${b.page.viewportSize()?.width}-bn`);

  const proof = await page.request.get(`/wps/tables/round?tableId=${TABLE}&roundNo=${round}`, {
    headers: { Merchant: 'khelabd' },
  });
  const settled = (await proof.json()).value.round as {
    state: string;
    outcome: { dragon: { rank: number }; tiger: { rank: number }; winner: string };
  };
  expect(settled.state).toBe('settled');
  expect(settled.outcome.winner).toBe(winnerA);
  const { dragon, tiger } = settled.outcome;
  const paidA = dragon.rank > tiger.rank ? 2_000n : dragon.rank === tiger.rank ? 500n : 0n;
  const paidB = tiger.rank > dragon.rank ? 10_000n : dragon.rank === tiger.rank ? 2_500n : 0n;
  expect(await balanceOf(a.page, a.member.token)).toBe(1_000_000n - 1_000n + paidA);
  expect(await balanceOf(b.page, b.member.token)).toBe(1_000_000n - 5_000n + paidB);
  await expect(a.page.getByTestId('live-my-payout')).toContainText(`${paidA / 100n}`);
  // The other sizes of both languages, for the screenshots.
  await a.page.setViewportSize({ width: 390, height: 844 });
  await b.page.setViewportSize({ width: 1440, height: 900 });
  await saveShot(a.page, 'tables', 'table-390-en', { fullPage: true });
  await saveShot(b.page, 'tables', 'table-1440-bn');
  await openPage(b.page, '/live', 'live');
  await expect(b.page.getByTestId('live-tables')).toBeVisible();
  await b.page.setViewportSize({ width: 390, height: 844 });
  await saveShot(b.page, 'tables', 'lobby-390-bn', { fullPage: true });
  await a.context.close();
  await b.context.close();
});
