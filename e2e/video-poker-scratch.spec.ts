import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * Video poker and scratch cards (issue 18, ADR 049): at 1440 px and at 390 px a player deals a
 * video poker hand, holds the pairs (or the first card), draws to a result, then buys a scratch
 * ticket and scratches it (a cell by pointer, the rest by "reveal all"). The page's balance and
 * the wallet's are checked against start − stakes + payouts of the rounds the server answered.
 */

const SLOW = { timeout: 30_000 };
const START_MINOR = 1_000_000;

/** The first game named `word` that launches `engine` in house. */
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
      { headers: { Authorization: token, Merchant: 'khelabd' } },
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

type Card = { rank: number };
type Answer = {
  value: {
    status: string;
    stakeMinor: string;
    payoutMinor: string;
    result: { dealt?: Card[]; hand?: Card[]; hold?: number; cells?: number[] };
  };
};

for (const [label, width, height] of [
  ['1440', 1440, 900],
  ['390', 390, 844],
] as const) {
  test(`a video poker hand and a scratch ticket played to a result at ${label} px, the balance checked`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height });
    const member = await registerByMobile(page.request, width === 390 ? '103.4.155.51' : '103.4.155.52');
    await fundMember(page.request, member.id, START_MINOR);
    const token = member.token;

    // Video poker: deal, hold every card of a pair (else the first card), draw.
    await page.goto(await gameUrlOf(page.request, token, 'Poker', 'video-poker'));
    await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'video-poker', SLOW);
    expect(await pageMinor(page)).toBe(START_MINOR);
    const dealAnswer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/play'));
    await page.getByTestId('engine-play').click();
    const dealt = ((await (await dealAnswer).json()) as Answer).value;
    expect(dealt.status).toBe('open');
    const table = page.getByTestId('vp-table');
    await expect(table).toHaveAttribute('data-phase', 'hold', SLOW);
    const ranks = (dealt.result.dealt ?? []).map((c) => c.rank);
    const paired = ranks.flatMap((r, i) => (ranks.filter((x) => x === r).length >= 2 ? [i] : []));
    const hold = paired.length > 0 ? paired : [0];
    const cards = page.getByTestId('vp-card');
    for (const i of hold) await cards.nth(i).click();
    for (const i of hold) await expect(cards.nth(i)).toHaveAttribute('data-held', 'true');
    const drawAnswer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/step'));
    await page.getByTestId('vp-draw').click();
    const drawn = ((await (await drawAnswer).json()) as Answer).value;
    expect(drawn.status).toBe('settled');
    expect(drawn.result.hold).toBe(hold.reduce((m, i) => m | (1 << i), 0));
    await expect(table).toHaveAttribute('data-phase', 'settled', SLOW);
    await expect(page.getByTestId('vp-card-art').first()).toHaveAttribute(
      'data-rank',
      String(drawn.result.hand?.[0]?.rank),
    );
    let expected = START_MINOR - Number(drawn.stakeMinor) + Number(drawn.payoutMinor);
    await expect.poll(() => pageMinor(page)).toBe(expected);
    expect(await walletMinor(page.request, token)).toBe(expected);
    await saveShot(page, 'video-poker-scratch', `video-poker-${label}`);

    // Scratch: buy a ticket, scratch the first cell by pointer, reveal the rest.
    await page.goto(await gameUrlOf(page.request, token, 'Scratch', 'scratch'));
    await expect(page.getByTestId('engine-app')).toHaveAttribute('data-engine', 'scratch', SLOW);
    expect(await pageMinor(page)).toBe(expected);
    const buyAnswer = page.waitForResponse((r) => r.url().includes('/wps/game/engine/play'));
    await page.getByTestId('engine-play').click();
    const ticket = ((await (await buyAnswer).json()) as Answer).value;
    expect(ticket.status).toBe('settled');
    const ticketBox = page.getByTestId('scratch-ticket');
    await expect(ticketBox).toHaveAttribute('data-state', 'scratching', SLOW);
    const first = page.getByTestId('scratch-cell').first();
    const box = await first.boundingBox();
    if (!box) throw new Error('no cell');
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(first).toHaveAttribute('data-revealed', 'true');
    await expect(first.locator('svg[data-symbol]')).toHaveAttribute(
      'data-symbol',
      String(ticket.result.cells?.[0]),
    );
    await page.getByTestId('scratch-reveal-all').click();
    await expect(ticketBox).toHaveAttribute('data-state', 'done');
    await expect(page.locator('[data-testid="scratch-cell"] svg[data-symbol]')).toHaveCount(9);
    expected = expected - Number(ticket.stakeMinor) + Number(ticket.payoutMinor);
    await expect.poll(() => pageMinor(page)).toBe(expected);
    expect(await walletMinor(page.request, token)).toBe(expected);
    await saveShot(page, 'video-poker-scratch', `scratch-${label}`);
  });
}
