import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';

/*
 * Transfer-wallet merchants (issue 24): a vendor game plays from the vendor's wallet. With
 * auto-transfer on (the default) opening the game moves the money in and leaving brings it back;
 * turned off in My wallet, the game page offers a one-tap transfer into the empty game wallet.
 */

const SLOW = { timeout: 30_000 };

/** The member's wallets from the API: vendor code (or MAIN) → minor units. */
const wallets = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/wps/v2/wallets/balance', {
    headers: { Authorization: token, Merchant: 'khelabd' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const items = (await res.json()).value.balance as { accountTypeName: string; availBalanceMinor: string }[];
  return Object.fromEntries(items.map((i) => [i.accountTypeName, Number(i.availBalanceMinor)]));
};

const kmGamePath = async (request: APIRequestContext) => {
  const res = await request.get(
    '/wps/relay/GCSGAME_gameList?gameType=PVP&vassalage=KM&pageNo=1&pageSize=5&clientType=3&platform=html5-desktop',
    { headers: { Merchant: 'khelabd' } },
  );
  const game = ((await res.json()) as { value: { games: { nodeId: string; gameName: string }[] } }).value
    .games[0];
  if (!game) throw new Error('no KM game in the catalogue');
  return `/game?gameType=PVP&vassalage=KM&nodeId=${game.nodeId}&name=${encodeURIComponent(game.gameName)}`;
};

test.describe('game wallets in transfer mode', () => {
  test.describe.configure({ timeout: 180_000 });

  test('auto-transfer moves the money into the game and back; turned off, the page offers the transfer', async ({
    page,
  }) => {
    const member = await registerByMobile(page.request, '103.4.146.77');
    await fundMember(page.request, member.id, 50_000);
    await signInWithToken(page, member);
    const game = await kmGamePath(page.request);

    // On by default: the launch moves ৳500.00 into KM's wallet and says so.
    await page.goto(game);
    await expect(page.getByTestId('game-frame')).toBeVisible(SLOW);
    await expect(page.getByTestId('game-wallet-moved')).toContainText('500.00', SLOW);
    await expect.poll(() => wallets(page.request, member.token), SLOW).toMatchObject({ MAIN: 0, KM: 50_000 });
    await saveShot(page, 'wallet-auto-transfer', 'moved-1440-en');

    // Leaving the game brings every game wallet home.
    await page.getByTestId('game-back').click();
    await expect.poll(() => wallets(page.request, member.token), SLOW).toMatchObject({ MAIN: 50_000, KM: 0 });

    // Turned off in My wallet.
    await page.goto('/rng?member=transferFund');
    const toggle = page.getByTestId('wallet-auto-transfer');
    await expect(toggle).toHaveAttribute('aria-checked', 'true', SLOW);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    // The game opens with an empty wallet: the page offers the main wallet's ৳500.00.
    await page.goto(game);
    const prompt = page.getByTestId('game-wallet-prompt');
    await expect(prompt).toBeVisible(SLOW);
    await expect(prompt).toContainText('500.00');
    await expect.poll(() => wallets(page.request, member.token)).toMatchObject({ MAIN: 50_000, KM: 0 });
    await saveShot(page, 'wallet-auto-transfer', 'prompt-1440-en');
    await page.getByTestId('game-wallet-move').click();
    await expect(prompt).toHaveCount(0, SLOW);
    await expect(page.getByTestId('game-frame')).toBeVisible(SLOW);
    await expect.poll(() => wallets(page.request, member.token), SLOW).toMatchObject({ MAIN: 0, KM: 50_000 });
    // Off means off: leaving keeps the money in the game's wallet.
    await page.getByTestId('game-back').click();
    await page.waitForTimeout(500);
    expect(await wallets(page.request, member.token)).toMatchObject({ MAIN: 0, KM: 50_000 });
  });
});
