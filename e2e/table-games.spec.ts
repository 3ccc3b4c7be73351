import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * Single-player card tables (issue 18, ADR 043): a baccarat coup at 390 px and a blackjack hand at
 * 1440 px, played on the game page to a result; the page's balance and the wallet's are checked
 * against start − stakes + payouts of the rounds the server answered. Cards are SVG.
 */

const SLOW = { timeout: 30_000 };
const START_MINOR = 1_000_000;

/** The first table game named `word` that launches `engine` in house. */
const gameUrlOf = async (request: APIRequestContext, token: string, word: string, engine: string) => {
  const list = await request.get(
    `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${word}&pageNo=1&pageSize=40&clientType=3&platform=html5-desktop`,
    { headers: { Merchant: 'khelabd' } },
  );
  expect(list.status(), await list.text()).toBe(200);
  const games = ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games;
  for (const game of games) {
    const launched = await request.get(
      `/wps/game/launchGame?nodeId=${game.nodeId}&launchMode=GLS&accountType=1`,
      {
        headers: { Authorization: token, Merchant: 'khelabd' },
      },
    );
    if (launched.status() !== 200) continue;
    const url = ((await launched.json()) as { value: { content: { game_url: string } } }).value.content
      .game_url;
    if (new URL(url, 'http://x').searchParams.get('engine') === engine) return url;
  }
  throw new Error(`no ${word} game launches ${engine}`);
};

const walletMinor = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/wps/v2/wallets/balance', {
    headers: { Authorization: token, Merchant: 'khelabd' },
  });
  return Number(((await res.json()) as { value: { sumBalanceMinor: string } }).value.sumBalanceMinor);
};

const pageMinor = async (page: Page) =>
  Number(await page.getByTestId('engine-balance').getAttribute('data-minor'));

type Answer = {
  value: { status: string; stakeMinor: string; payoutMinor: string; result: { phase?: string } };
};

test('a baccarat coup and a blackjack hand played to a result, the balance checked', async ({ page }) => {
  // Two game pages and a member of its own; allow for a loaded machine.
  test.setTimeout(120_000);
  const member = await registerByMobile(page.request, '103.4.155.43');
  await fundMember(page.request, member.id, START_MINOR);
  const token = member.token;

  // Baccarat at phone size: two chips on banker, one on tie.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await gameUrlOf(page.request, token, 'Baccarat', 'baccarat'));
  await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'baccarat', SLOW);
  expect(await pageMinor(page)).toBe(START_MINOR);
  const chip = Number(await page.getByTestId('engine-bet').getAttribute('data-minor'));
  await page.getByTestId('bac-bet-banker').click();
  await page.getByTestId('bac-bet-banker').click();
  await page.getByTestId('bac-bet-tie').click();
  await expect(page.getByTestId('bac-stake')).toHaveAttribute('data-minor', String(chip * 3));
  const coupAnswer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/play'));
  await page.getByTestId('engine-play').click();
  const coup = (await (await coupAnswer).json()) as Answer & {
    value: { result: { player: unknown[]; banker: unknown[]; playerTotal: number; bankerTotal: number } };
  };
  expect(coup.value.stakeMinor).toBe(String(chip * 3));
  await expect(page.getByTestId('bac-player-card')).toHaveCount(coup.value.result.player.length);
  await expect(page.getByTestId('bac-banker-card')).toHaveCount(coup.value.result.banker.length);
  await expect(page.getByTestId('bac-player-total')).toHaveText(String(coup.value.result.playerTotal));
  await expect(page.getByTestId('bac-banker-total')).toHaveText(String(coup.value.result.bankerTotal));
  let expected = START_MINOR - chip * 3 + Number(coup.value.payoutMinor);
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, token)).toBe(expected);
  await saveShot(page, 'table-games', 'baccarat-390');

  // Blackjack at desktop size: deal, decline insurance, stand on 12 or more (hit below).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await gameUrlOf(page.request, token, 'Blackjack', 'blackjack'));
  await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'blackjack', SLOW);
  expect(await pageMinor(page)).toBe(expected);
  const answers: Answer[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/wps/game/engine/play') || r.url().includes('/wps/game/engine/step'))
      void r.json().then((b) => answers.push(b as Answer));
  });
  await page.getByTestId('engine-play').click();
  const table = page.getByTestId('bj-table');
  await expect(table).not.toHaveAttribute('data-phase', 'idle', SLOW);
  for (let i = 0; i < 12; i++) {
    const phase = await table.getAttribute('data-phase');
    if (phase === 'settled') break;
    const count = answers.length;
    if (phase === 'insurance') await page.getByTestId('bj-noInsurance').click();
    else {
      const total = Number(await page.getByTestId('bj-player-total').first().textContent());
      await page.getByTestId(total < 12 ? 'bj-hit' : 'bj-stand').click();
    }
    await expect.poll(() => answers.length).toBeGreaterThan(count);
  }
  await expect(table).toHaveAttribute('data-phase', 'settled', SLOW);
  await expect.poll(() => answers.at(-1)?.value.status).toBe('settled');
  const last = answers.at(-1) as Answer;
  // The dealer's hand is shown whole once the round is over.
  await expect(page.getByTestId('bj-dealer-card').first()).toHaveAttribute('data-rank', /\d+/);
  expected = expected - Number(last.value.stakeMinor) + Number(last.value.payoutMinor);
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, token)).toBe(expected);
  await saveShot(page, 'table-games', 'blackjack-1440');
});
