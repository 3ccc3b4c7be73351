import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * The in-house engines besides the classic slot (issue 18, ADR 032): a dice round and a mines
 * round played on the game page to a result, the page's balance checked against the wallet's
 * (start − stakes + payouts of the rounds the page showed), at 390 and 1440 px; one roulette
 * round on the SVG table (ADR 034). The art is SVG.
 */

const SLOW = { timeout: 30_000 };
const START_MINOR = 1_000_000;

/** The first game of `classify` named `word` that launches the engine `engine` in house. */
const gameUrlOf = async (
  request: APIRequestContext,
  token: string,
  word: string,
  engine: string,
  classify = 'arcade',
) => {
  const list = await request.get(
    `/wps/relay/GCSGAME_gameList?gameType=RNG&gameClassify=${classify}&gameName=${word}&pageNo=1&pageSize=40&clientType=3&platform=html5-desktop`,
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

test('a dice round and a mines round to a result, the balance checked, at 390 and 1440 px', async ({
  page,
}) => {
  const member = await registerByMobile(page.request, '103.4.145.91');
  await fundMember(page.request, member.id, START_MINOR);
  const token = member.token;

  // Dice at phone size.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await gameUrlOf(page.request, token, 'Dice', 'dice'));
  await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'dice', SLOW);
  expect(await pageMinor(page)).toBe(START_MINOR);
  const stake = Number(await page.getByTestId('engine-bet').getAttribute('data-minor'));
  const diceAnswer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/play'));
  await page.getByTestId('engine-play').click();
  const dice = (await (await diceAnswer).json()) as {
    value: { payoutMinor: string; result: { roll: number } };
  };
  await expect(page.getByTestId('dice-roll')).toHaveText((dice.value.result.roll / 100).toFixed(2));
  await expect(page.getByTestId('engine-outcome')).not.toBeEmpty();
  let expected = START_MINOR - stake + Number(dice.value.payoutMinor);
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, token)).toBe(expected);
  // Nothing of the page is an emoji or a font glyph: the die is SVG.
  await expect(page.locator('main svg').first()).toBeVisible();
  await saveShot(page, 'engines', 'dice-390-en');

  // Mines at desktop size: reveal cells until a mine or three gems, then cash out.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await gameUrlOf(page.request, token, 'Mines', 'mines'));
  await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'mines', SLOW);
  expect(await pageMinor(page)).toBe(expected);
  const minesStake = Number(await page.getByTestId('engine-bet').getAttribute('data-minor'));
  await page.getByTestId('engine-play').click();
  await expect(page.getByTestId('engine-cashout')).toBeVisible(SLOW);
  expect(await pageMinor(page)).toBe(expected - minesStake);
  let hitMine = false;
  for (const cell of [0, 6, 12]) {
    await page.getByTestId(`mines-cell-${cell}`).click();
    await expect(page.getByTestId(`mines-cell-${cell}`)).not.toHaveAttribute('data-state', 'hidden');
    if ((await page.getByTestId(`mines-cell-${cell}`).getAttribute('data-state')) === 'mine') {
      hitMine = true;
      break;
    }
  }
  let payout = 0;
  if (!hitMine) {
    const cashed = page.waitForResponse((r) => r.url().includes('/wps/game/engine/cashout'));
    await page.getByTestId('engine-cashout').click();
    payout = Number(((await (await cashed).json()) as { value: { payoutMinor: string } }).value.payoutMinor);
    expect(payout).toBeGreaterThan(minesStake);
  }
  await expect(page.getByTestId('engine-play')).toBeVisible(SLOW);
  expected = expected - minesStake + payout;
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, token)).toBe(expected);
  await saveShot(page, 'engines', 'mines-1440-en');

  // Fishing at phone size: a tap on a fish fires one bullet, one round through the ledger.
  await page.setViewportSize({ width: 390, height: 844 });
  const fishList = await page.request.get(
    '/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=1&pageSize=5&clientType=3&platform=html5-desktop',
    { headers: { Merchant: 'khelabd' } },
  );
  const fishNode = ((await fishList.json()) as { value: { games: { nodeId: string }[] } }).value.games[0]
    ?.nodeId;
  const fishLaunch = await page.request.get(
    `/wps/game/launchGame?nodeId=${fishNode}&launchMode=GLS&accountType=1`,
    {
      headers: { Authorization: token, Merchant: 'khelabd' },
    },
  );
  expect(fishLaunch.status(), await fishLaunch.text()).toBe(200);
  await page.goto(
    ((await fishLaunch.json()) as { value: { content: { game_url: string } } }).value.content.game_url,
  );
  const canvas = page.getByTestId('fishing-canvas');
  await expect(canvas).toBeVisible(SLOW);
  const bullet = Number(await page.getByTestId('engine-bet').getAttribute('data-minor'));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  // Every bullet's answer is counted (a tap on open water sends none).
  const shots: Promise<number>[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/wps/game/engine/play'))
      shots.push(r.json().then((b) => Number((b as { value: { payoutMinor: string } }).value.payoutMinor)));
  });
  for (let i = 0; i < 150 && shots.length === 0; i++) {
    await page.mouse.click(
      box.x + (((i * 37) % 97) / 97) * box.width,
      box.y + (((i * 53) % 89) / 89) * box.height,
    );
    await page.waitForTimeout(150);
  }
  expect(shots.length, 'a bullet hit a fish').toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  const payouts = await Promise.all(shots);
  expected = expected - bullet * payouts.length + payouts.reduce((a, b) => a + b, 0);
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, token)).toBe(expected);
  await saveShot(page, 'engines', 'fishing-390-en');
});

test('a roulette round of two bets on the SVG table, the balance checked, at 390 px (ADR 034)', async ({
  page,
}) => {
  const member = await registerByMobile(page.request, '103.4.145.92');
  await fundMember(page.request, member.id, START_MINOR);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await gameUrlOf(page.request, member.token, 'Roulette', 'roulette', 'table'));
  await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'roulette', SLOW);
  const chip = Number(await page.getByTestId('engine-bet').getAttribute('data-minor'));
  await page.getByTestId('roulette-red').click();
  await page.getByTestId('roulette-n17').click();
  await expect(page.getByTestId('roulette-stake')).toHaveAttribute('data-minor', String(2 * chip));
  const answer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/play'));
  await page.getByTestId('engine-play').click();
  const round = (await (await answer).json()) as {
    value: { payoutMinor: string; result: { pocket: number } };
  };
  await expect(page.getByTestId('roulette-ball')).toContainText(String(round.value.result.pocket));
  const expected = START_MINOR - 2 * chip + Number(round.value.payoutMinor);
  await expect.poll(() => pageMinor(page)).toBe(expected);
  expect(await walletMinor(page.request, member.token)).toBe(expected);
  await saveShot(page, 'engines', 'roulette-390-en');
});
