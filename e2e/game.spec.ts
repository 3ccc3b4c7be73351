import { randomUUID } from 'node:crypto';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { smsCode } from './auth-inbox';
import { classicSlotNodes, firstClassicCard } from './classic-slots';
import { expect, openPage, test } from './fixtures';
import { fundMember, MOBILE_PASSWORD, registerByMobile } from './members';
import { SHOTS_DIR, saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * Playing a game (issue 7): launch an in-house slot from /rng into /game, spin until a win, the
 * header balance follows the game's, close, find the game in recent games and the round in the
 * betting record, and verify the round on /verify. A visitor's launch opens the login modal.
 */

const SLOW = { timeout: 30_000 };

/**
 * Signs a member of this journey's own in (registered from `ip`, funded with 10,000.00 by finance)
 * and puts the session where the app keeps it: journeys run in parallel, and a shared account's
 * rounds and balance would change under another journey's feet.
 */
const logIn = async (page: Page, ip: string, options: { language?: string; dark?: boolean } = {}) => {
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.addInitScript(
    ({ value, language, dark }) => {
      window.sessionStorage.setItem('token', value.token);
      window.sessionStorage.setItem('account', value.userName);
      window.sessionStorage.setItem('nickname', value.userName);
      window.sessionStorage.setItem('customerId', String(value.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      if (language) window.localStorage.setItem('hisLang', language);
      if (dark) window.localStorage.setItem('theme', 'dark');
    },
    { value: member, language: options.language ?? '', dark: options.dark ?? false },
  );
  return member.token;
};

/**
 * Registers and funds a member of the journey's own (as `logIn` does), then signs in through the
 * login modal's form as a player does, from the address it registered from (a known address: the
 * new-IP check, when another journey turns it on, does not ask).
 */
const logInWithForm = async (page: Page, ip: string, options: { language?: string } = {}) => {
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  await page.addInitScript((language) => {
    if (language) window.localStorage.setItem('hisLang', language);
  }, options.language ?? '');
  await openPage(page, '/', 'home');
  await page.getByTestId('btn-login').click();
  await expect(page.getByTestId('input-username')).toBeVisible(SLOW);
  await page.getByTestId('input-username').fill(member.userName);
  await page.getByTestId('input-password').fill(MOBILE_PASSWORD);
  await page.getByTestId('btn-submit-login').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0, SLOW);
  await expect(page.getByTestId('account-name')).toHaveText(member.userName, SLOW);
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  expect(token, 'the session the form opened').toBeTruthy();
  return { ...member, token: token ?? '' };
};

/** The winner board's mask of an account name (catalogue `maskName`): "de***01". */
const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
};

type JackpotSettings = {
  enabled: boolean;
  shareBp: number;
  seedMinor: string;
  odds: number;
  bigWinMinMinor: string;
};

/**
 * Runs `work` with the Bangladesh brand's winner-board threshold at `minMinor` (the owner saves it
 * through the back-office API, as the Jackpot screen does), then puts the previous one back.
 */
const withBoardThreshold = async <T>(
  request: APIRequestContext,
  minMinor: string,
  work: () => Promise<T>,
) => {
  const owner = await staffLogin(request, 'owner');
  const path = '/bo/api/games/jackpot';
  const before = (await staffCall(request, owner, 'GET', `${path}?merchant=khelabd`)) as JackpotSettings;
  const save = (bigWinMinMinor: string) =>
    staffCall(request, owner, 'PUT', path, {
      merchant: 'khelabd',
      enabled: before.enabled,
      shareBp: before.shareBp,
      seedMinor: before.seedMinor,
      odds: before.odds,
      bigWinMinMinor,
    });
  await save(minMinor);
  try {
    return await work();
  } finally {
    await save(before.bigWinMinMinor);
  }
};

/** A member of the India brand of the journey's own: registered by mobile from `ip`, funded in INR by finance. */
const registerIndianMember = async (request: APIRequestContext, ip: string, amountMinor: number) => {
  const national = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const headers = { Merchant: 'khelain', 'X-Forwarded-For': ip };
  const sent = await request.post('/wps/verification/sms/register', {
    headers,
    data: { mobileNo: national },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const registered = await request.put('/wps/member/register/mobile', {
    headers,
    data: {
      mobileNum: national,
      verificationCode: await smsCode(request, `+91${national}`, 'khelain'),
      password: MOBILE_PASSWORD,
      confirmPassword: MOBILE_PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const member = (await registered.json()).value as { token: string; userName: string; id: number };
  const finance = await staffLogin(request, 'finance');
  const funded = await request.post('/bo/api/cashier/adjust', {
    headers: { Authorization: finance, 'Idempotency-Key': `e2e-fund-in-${member.id}-${Date.now()}` },
    data: {
      memberId: member.id,
      direction: 'credit',
      amount: amountMinor,
      reason: 'journey funds',
      currency: 'INR',
    },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  return member;
};

const minorOf = async (frame: FrameLocator, testId: string) =>
  Number(await frame.getByTestId(testId).getAttribute('data-minor'));

/** Digits of a shown amount: "৳1,234.50" → 123450 (two decimals everywhere, spec §9). */
const digitsOf = (text: string) => Number(text.replace(/[^0-9]/g, ''));

/** Launches the first slot of /rng; answers the game's frame and the launched node id. */
const launchFirstSlot = async (page: Page) => {
  await openPage(page, '/rng', 'rng');
  const card = await firstClassicCard(page, 'gameType=RNG');
  const nodeId = (await card.getAttribute('data-node-id')) ?? '';
  await card.getByTestId('game-launch').click();
  await expect(page).toHaveURL(/\/game\?/, SLOW);
  await expect(page.getByTestId('game-frame')).toBeVisible(SLOW);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('play-spin')).toBeVisible(SLOW);
  return { frame, nodeId };
};

/**
 * One spin, waiting until the reels have landed and any free spins have played out. The spin's
 * answer is awaited rather than `data-spinning="true"`: on a loaded machine a turbo spin can start
 * and land while the click is still being reported.
 */
const spinOnce = async (frame: FrameLocator) => {
  const answered = frame
    .owner()
    .page()
    .waitForResponse((r) => r.url().endsWith('/wps/game/slot/spin') && r.request().method() === 'POST');
  await frame.getByTestId('play-spin').click();
  expect((await answered).status()).toBe(200);
  const main = frame.getByTestId('play-main');
  await expect(main).toHaveAttribute('data-spinning', 'false', SLOW);
  // Free spins play on by themselves: wait for the feature to end.
  await expect(main).toHaveAttribute('data-feature', 'false', { timeout: 120_000 });
  await expect(main).toHaveAttribute('data-spinning', 'false', SLOW);
};

/** The first enabled RNG game of a vendor that plays the classic slot, through the game list. */
const firstGame = async (request: APIRequestContext, vendor: string, merchant = 'khelabd') => {
  const [nodeId] = await classicSlotNodes(request, `gameType=RNG&vassalage=${vendor}`, merchant);
  expect(nodeId, `a ${vendor} game`).toBeTruthy();
  return nodeId ?? '';
};

type Launch = { content: { game_url: string; provider: string } };

/** Launches a slot for a member through the API and opens its game session (as play.html does). */
const openSlotApi = async (
  request: APIRequestContext,
  token: string,
  nodeId: string,
  merchant = 'khelabd',
) => {
  const launched = await request.get(`/wps/game/launchGame?nodeId=${nodeId}&launchMode=GLS&accountType=1`, {
    headers: { Authorization: token, Merchant: merchant },
  });
  expect(launched.status(), await launched.text()).toBe(200);
  const url = ((await launched.json()) as { value: Launch }).value.content.game_url;
  const opened = await request.post('/wps/game/session', {
    headers: { Merchant: merchant },
    data: { token: new URL(url, 'http://x').searchParams.get('t') },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const session = ((await opened.json()) as { value: { sessionToken: string } }).value.sessionToken;
  const init = await request.get('/wps/game/slot/init', { headers: { 'x-game-session': session } });
  const bet = ((await init.json()) as { value: { defaultBetMinor: string } }).value.defaultBetMinor;
  return { session, bet };
};

type Spin = { roundId: string; jackpotWinMinor: string; jackpot: { poolMinor: string } };

const spinApi = async (request: APIRequestContext, slot: { session: string; bet: string }) => {
  const res = await request.post('/wps/game/slot/spin', {
    headers: { 'x-game-session': slot.session },
    data: { requestId: randomUUID(), betMinor: slot.bet },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { value: Spin }).value;
};

test.describe('playing an in-house slot', () => {
  test.describe.configure({ timeout: 240_000 });

  test('launch, spin to a win, header balance, recent games, betting record, verify @desktop', async ({
    page,
  }) => {
    // Every win of the Bangladesh brand goes on the winner board while this journey plays.
    await withBoardThreshold(page.request, '1', async () => {
      const member = await logInWithForm(page, '103.4.144.10', { language: 'en' });
      const token = member.token;
      const { frame, nodeId } = await launchFirstSlot(page);
      await expect(frame.getByTestId('play-title')).not.toHaveText('');
      await frame.getByTestId('play-turbo').click();
      await expect(frame.getByTestId('play-turbo')).toHaveAttribute('aria-pressed', 'true');

      // Spin until a win (bounded): the game pays some line, ways or scatter win well within 60 spins.
      let won = false;
      for (let spin = 0; spin < 60 && !won; spin += 1) {
        await spinOnce(frame);
        won = (await minorOf(frame, 'play-win')) > 0;
      }
      expect(won, 'a win within 60 spins').toBe(true);
      await saveShot(page, 'game', 'game-win-1440-light-en');

      // The header balance (site) shows what the game shows (the game posts khela:balance).
      const gameBalance = await minorOf(frame, 'play-balance');
      await expect
        .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
        .toBe(gameBalance);

      // The player's own client seed: saved in the fairness panel, the next round is drawn with it.
      const clientSeed = `e2e-${randomUUID().slice(0, 8)}`;
      await frame.getByTestId('play-fair').click();
      await frame.getByTestId('play-client-seed').fill(clientSeed);
      await frame.getByTestId('play-save-seed').click();
      await expect(frame.getByTestId('play-fair-message')).toBeVisible();
      await expect(frame.getByTestId('play-client-seed')).toHaveValue(clientSeed);
      await frame.getByTestId('play-sheet-close').click();
      await spinOnce(frame);

      // Recall: the last rounds, step by step; the newest round shows the seed it was drawn with.
      await frame.getByTestId('play-history').click();
      await expect(frame.getByTestId('play-history-round').first()).toBeVisible();
      await frame.getByTestId('play-history-round').first().click();
      await expect(frame.getByTestId('play-recall-step')).toBeVisible();
      await expect(frame.getByTestId('play-recall')).toContainText(clientSeed);
      const seededRound =
        new URL(
          (await frame.getByTestId('play-verify-link').getAttribute('href')) ?? '',
          'http://x',
        ).searchParams.get('roundId') ?? '';
      expect(seededRound, 'the seeded round id').not.toBe('');
      await frame.getByTestId('play-recall-next').click();
      await frame.getByTestId('play-sheet-close').click();

      // Reveal the server seed so the rounds can be verified.
      await frame.getByTestId('play-fair').click();
      const commitment = await frame.getByTestId('play-commitment').textContent();
      await frame.getByTestId('play-rotate').click();
      await expect(frame.getByTestId('play-revealed')).toBeVisible();
      await expect(frame.getByTestId('play-commitment')).not.toHaveText(commitment ?? '');
      await frame.getByTestId('play-sheet-close').click();

      // Close the game: back to the lobby without a reload; the header shows the game's final balance
      // (asked for again when the page closes), and the game is in recent games.
      const finalBalance = await minorOf(frame, 'play-balance');
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const balanceAsked = page.waitForResponse((r) => r.url().includes('/wps/v2/wallets/balance'));
      const boardAsked = page.waitForResponse((r) => r.url().includes('/wps/relay/ODSFE2_getWinnerBoard'));
      await page.getByTestId('game-back').click();
      await expect(page).toHaveURL(/\/rng/);
      await balanceAsked;
      await expect
        .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
        .toBe(finalBalance);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );

      // The winner board under the lobby (loaded when scrolled near) shows the player's win, the
      // name masked: the board was asked for again when the game closed.
      await page.getByTestId('winner-board-slot').scrollIntoViewIfNeeded();
      await boardAsked;
      const board = page.getByTestId('winner-board');
      await expect(board).toBeVisible(SLOW);
      const mine = board.locator(`[data-testid="winner-row"][data-name="${maskName(member.userName)}"]`);
      await expect(mine.first()).toBeVisible(SLOW);
      await expect(mine.first()).toHaveAttribute('data-node-id', nodeId);
      expect(await board.textContent()).not.toContain(member.userName);
      if (SHOTS_DIR) {
        await board.scrollIntoViewIfNeeded();
        await saveShot(page, 'game', 'rng-winners-1440-light-en');
      }
      // At phone width the rows fit: name and game shorten, the amount stays whole.
      await page.setViewportSize({ width: 390, height: 844 });
      await mine.first().scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const shown = await mine.first().getByTestId('winner-amount').boundingBox();
      expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(390);
      await saveShot(page, 'game', 'rng-winners-390-light-en');
      await page.setViewportSize({ width: 1440, height: 900 });

      // The jackpot counter on /rng shows the real pool (grown by the stakes), rising but never above it.
      const counter = page.getByTestId('jackpot-counter');
      await expect(counter).toBeVisible(SLOW);
      await expect.poll(async () => Number(await counter.getAttribute('data-pool'))).toBeGreaterThan(0);
      const pool = Number(await counter.getAttribute('data-pool'));
      const amount = page.getByTestId('jackpot-amount');
      await expect
        .poll(async () => digitsOf((await amount.textContent()) ?? ''), { timeout: 25_000 })
        .toBe(pool);
      await page.getByTestId('rng-tab-recent').click();
      await expect(page.getByTestId('game-grid').locator(`[data-node-id="${nodeId}"]`).first()).toBeVisible(
        SLOW,
      );

      // The home page shows the same board.
      await openPage(page, '/', 'home');
      await page.getByTestId('winner-board-slot').scrollIntoViewIfNeeded();
      await expect(
        page
          .getByTestId('winner-board')
          .locator(`[data-name="${maskName(member.userName)}"]`)
          .first(),
      ).toBeVisible(SLOW);

      // Betting record: the rounds with stake, payout and balances.
      const records = await page.request.get('/wps/relay/MCSFE_getBetRecords?gameType=RNG', {
        headers: { Authorization: token },
      });
      const list = (
        (await records.json()) as {
          value: { list: { roundId: string; payoutMinor: string; nodeId: string }[] };
        }
      ).value.list;
      const winning = list.find((round) => round.nodeId === nodeId && Number(round.payoutMinor) > 0);
      expect(winning, 'the winning round in the betting record').toBeTruthy();
      await page.goto('/?member=personalHistoryCopy');
      const record = page.getByTestId('betting-record');
      await expect(record).toBeVisible(SLOW);
      await expect(record.locator(`[data-round-id="${winning?.roundId}"]`)).toBeVisible(SLOW);

      // Verify the winning round in the browser.
      await page.goto(`/verify?roundId=${winning?.roundId}`);
      const result = page.getByTestId('verify-result');
      await expect(result).toBeVisible(SLOW);
      await expect(result).toHaveAttribute('data-ok', 'true');
      await saveShot(page, 'game', 'verify-1440-light-en', { fullPage: true });

      // A tampered record is refused.
      await page.getByTestId('verify-winMinor').fill('999999999');
      await page.getByTestId('verify-run').click();
      await expect(result).toHaveAttribute('data-ok', 'false');

      // The round after the seed change: its proof carries the player's client seed, and verifies.
      await page.goto(`/verify?roundId=${seededRound}`);
      await expect(result).toHaveAttribute('data-ok', 'true', SLOW);
      await expect(page.getByTestId('verify-clientSeed')).toHaveValue(clientSeed);
    });
  });

  test('a visitor plays free from the lobby where the vendor offers it, and gets the login modal elsewhere @desktop', async ({
    page,
  }) => {
    // PG offers free play: the card opens the game page, which offers log in or play free.
    await openPage(page, '/rng?vassalage=PG', 'rng');
    const card = await firstClassicCard(page, 'gameType=RNG&vassalage=PG');
    await card.getByTestId('game-launch').click();
    await expect(page).toHaveURL(/\/game\?.*free=1/);
    await expect(page.getByTestId('game-login-prompt')).toBeVisible(SLOW);
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    await page.getByTestId('game-play-free').click();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('play-spin')).toBeVisible(SLOW);
    await expect(frame.getByTestId('play-title')).toContainText('ফ্রি প্লে');
    expect(await minorOf(frame, 'play-balance')).toBeGreaterThan(0);
    await spinOnce(frame);
    await frame.getByTestId('play-history').click();
    await expect(frame.getByTestId('play-history-round').first()).toBeVisible();

    // FASTSPIN offers no free play: its card asks for a login and stays in the lobby.
    await openPage(page, '/rng?vassalage=FASTSPIN', 'rng');
    const paid = page.getByTestId('game-grid').getByTestId('game-card').first();
    await expect(paid).toBeVisible(SLOW);
    const nodeId = (await paid.getAttribute('data-node-id')) ?? '';
    await paid.getByTestId('game-launch').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/rng/);

    // A link to that game asks for a login too, and offers no free play.
    await page.goto(`/game?gameType=RNG&vassalage=FASTSPIN&nodeId=${encodeURIComponent(nodeId)}&name=Slot`);
    await expect(page.getByTestId('login-modal')).toBeVisible(SLOW);
    await page.getByTestId('login-close').click();
    await expect(page.getByTestId('game-login-prompt')).toBeVisible();
    await expect(page.getByTestId('game-play-free')).toHaveCount(0);
  });
});

test.describe('screens', () => {
  test.describe.configure({ timeout: 180_000 });
  // One phone-width pass in the browser suite (dark, Bangla): the lobby, the game, the recall and the
  // betting record fit the screen. E2E_SHOTS_DIR keeps the screenshots for a look.
  test('game, recall, betting record and the winner board fit a 390 px phone, dark, Bangla @desktop', async ({
    page,
  }) => {
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, '103.4.144.11', { language: 'bn', dark: true });
    await openPage(page, '/rng', 'rng');
    await expect(page.getByTestId('jackpot-counter')).toBeVisible(SLOW);
    await fits();
    await saveShot(page, 'game', 'rng-390-dark-bn');
    // The winner board under the games (a list, or its empty text: other journeys may have won).
    await page.getByTestId('winner-board-slot').scrollIntoViewIfNeeded();
    const board = page.getByTestId('winner-board');
    await expect(board).toBeVisible(SLOW);
    await expect(board).not.toHaveAttribute('data-state', 'loading', SLOW);
    await expect(board.getByRole('heading')).toHaveText('বড় বিজয়ীরা');
    await fits();
    await board.scrollIntoViewIfNeeded();
    await saveShot(page, 'game', 'rng-winners-390-dark-bn');
    await openPage(page, '/', 'home');
    await page.getByTestId('winner-board-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('winner-board')).not.toHaveAttribute('data-state', 'loading', SLOW);
    await fits();
    await page.getByTestId('winner-board').scrollIntoViewIfNeeded();
    await saveShot(page, 'game', 'home-winners-390-dark-bn');
    const { frame } = await launchFirstSlot(page);
    await spinOnce(frame);
    await fits();
    await saveShot(page, 'game', 'game-390-dark-bn');
    await frame.getByTestId('play-history').click();
    await frame.getByTestId('play-history-round').first().click();
    await frame.getByTestId('play-recall-next').click();
    await saveShot(page, 'game', 'recall-390-dark-bn');
    await page.goto('/?member=personalHistoryCopy');
    await expect(page.getByTestId('betting-record')).toBeVisible(SLOW);
    await expect(page.getByTestId('record-row').first()).toBeVisible(SLOW);
    await fits();
    await saveShot(page, 'game', 'record-390-dark-bn');
  });
});

test.describe('game page controls and the betting record', () => {
  test.describe.configure({ timeout: 180_000 });

  test('mute, autoplay then stop, full screen and pop-out on the game page @desktop', async ({ page }) => {
    await logIn(page, '103.4.144.14', { language: 'en' });
    const { frame } = await launchFirstSlot(page);
    const play = page.frames().find((f) => f.url().includes('/play.html'));
    expect(play, 'the game frame').toBeTruthy();

    // Mute: the button says so and the choice is remembered by the game.
    const mute = frame.getByTestId('play-mute');
    const wasMuted = (await mute.getAttribute('aria-pressed')) === 'true';
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', String(!wasMuted));
    expect(await play?.evaluate(() => window.localStorage.getItem('khela.play.muted'))).toBe(
      wasMuted ? '0' : '1',
    );
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', String(wasMuted));

    // Autoplay 10, then stop: the spins stop after the one in flight.
    await frame.getByTestId('play-auto').click();
    await frame.getByTestId('play-auto-10').click();
    const stop = frame.getByTestId('play-auto-stop');
    await expect(stop).toBeVisible();
    const main = frame.getByTestId('play-main');
    await expect(main).toHaveAttribute('data-spinning', 'true');
    await stop.click();
    await expect(frame.getByTestId('play-auto')).toBeVisible();
    await expect(main).toHaveAttribute('data-feature', 'false', { timeout: 120_000 });
    await expect(main).toHaveAttribute('data-spinning', 'false', SLOW);
    const settled = await minorOf(frame, 'play-balance');
    await page.waitForTimeout(2_500);
    await expect(main).toHaveAttribute('data-spinning', 'false');
    expect(await minorOf(frame, 'play-balance')).toBe(settled);

    // Full screen and back.
    const full = page.getByTestId('game-fullscreen');
    await full.click();
    await expect(full).toHaveAttribute('aria-label', 'Exit full screen');
    // The game fills the screen (Fullscreen API), or covers the window where there is none.
    const fullscreen = await page.evaluate(
      () =>
        document.fullscreenElement?.contains(document.querySelector('[data-testid="game-frame"]')) ?? false,
    );
    if (fullscreen) await page.evaluate(() => document.exitFullscreen());
    else await page.getByRole('button', { name: 'Exit full screen' }).last().click();
    await expect(full).toHaveAttribute('aria-label', 'Full screen');
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

    // Pop-out: the game opens afresh in a window of its own, this page goes back to the lobby.
    const popup = page.waitForEvent('popup');
    await page.getByTestId('game-popout').click();
    const window2 = await popup;
    await expect(window2).toHaveURL(/\/game\?/);
    await expect(window2.getByTestId('game-frame')).toBeVisible(SLOW);
    await expect(window2.frameLocator('[data-testid="game-frame"]').getByTestId('play-spin')).toBeVisible(
      SLOW,
    );
    await expect(page).toHaveURL(/\/rng/);
    await window2.close();
  });

  test('betting record: 15 rounds a page, pages, game-type and day filters @desktop', async ({ page }) => {
    const member = await registerByMobile(page.request, '103.4.144.15');
    await fundMember(page.request, member.id, 1_000_000);
    const slot = await openSlotApi(page.request, member.token, await firstGame(page.request, 'JILI'));
    for (let i = 0; i < 17; i++) await spinApi(page.request, slot);
    await page.addInitScript((value) => {
      window.sessionStorage.setItem('token', value.token);
      window.sessionStorage.setItem('account', value.userName);
      window.sessionStorage.setItem('customerId', String(value.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.localStorage.setItem('hisLang', 'en');
    }, member);
    await page.goto('/?member=personalHistoryCopy');
    const record = page.getByTestId('betting-record');
    await expect(record).toBeVisible(SLOW);
    const rows = record.getByTestId('record-row');
    await expect(rows).toHaveCount(15, SLOW);
    await expect(record.getByTestId('record-page')).toHaveText('Page 1 of 2');
    await record.getByTestId('record-page-next').click();
    await expect(record.getByTestId('record-page')).toHaveText('Page 2 of 2');
    await expect(rows).toHaveCount(2);
    await record.getByTestId('record-page-prev').click();
    await expect(rows).toHaveCount(15);
    // Another game type: none; slots again: all of them.
    await record.getByTestId('record-type-LIVE').click();
    await expect(record.getByTestId('record-type-LIVE')).toHaveAttribute('aria-pressed', 'true');
    await expect(record.getByTestId('record-empty')).toBeVisible(SLOW);
    await record.getByTestId('record-type-RNG').click();
    await expect(rows).toHaveCount(15, SLOW);
    // 30 days keep them; the previous 7 days hold none (the rounds are from today).
    await record.getByTestId('record-days-30').click();
    await expect(record.getByTestId('record-days-30')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(15, SLOW);
    await record.getByTestId('record-days-7').click();
    await record.getByTestId('record-previous').click();
    await expect(record.getByTestId('record-empty')).toBeVisible(SLOW);
    await record.getByTestId('record-next').click();
    await expect(rows).toHaveCount(15, SLOW);
  });
});

test.describe('sports pages', () => {
  test.describe.configure({ timeout: 120_000 });

  test('/fbsports and /seamless open the sportsbook in the page; a round there moves the header balance @desktop', async ({
    page,
  }) => {
    const token = await logIn(page, '103.4.144.16', { language: 'en' });
    // The demo brand keeps a wallet per vendor: the player moves 5,000.00 to the SABA wallet.
    const balances = await page.request.get('/wps/v2/wallets/balance', {
      headers: { Authorization: token, Merchant: 'khelabd' },
    });
    const saba = (
      (await balances.json()) as { value: { balance: { accountTypeId: number; accountTypeName: string }[] } }
    ).value.balance.find((b) => b.accountTypeName === 'SABA');
    expect(saba, 'a SABA wallet').toBeTruthy();
    const moved = await page.request.post('/wps/relay/GCS_walletTransfer', {
      headers: { Authorization: token, Merchant: 'khelabd', 'Idempotency-Key': randomUUID() },
      data: { fromAccountTypeId: 2, toAccountTypeId: saba?.accountTypeId, amount: 500_000 },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    // Auto-transfer off: the 5,000.00 moved by hand stays the book's wallet (the main wallet is not
    // moved in at launch).
    const off = await page.request.put('/wps/wallet/auto-transfer', {
      headers: { Authorization: token, Merchant: 'khelabd' },
      data: { autoTransfer: false },
    });
    expect(off.status(), await off.text()).toBe(200);

    await openPage(page, '/fbsports', 'fbsports');
    await expect(page.getByTestId('main-nav')).toBeVisible();
    const frameEl = page.getByTestId('sports-frame');
    await expect(frameEl).toBeVisible(SLOW);
    expect(await frameEl.getAttribute('src')).toContain('vendor=SABA');
    const book = page.frameLocator('[data-testid="sports-frame"]');
    await expect(book.locator('#balance')).toHaveText(/5,000\.00/, SLOW);
    await expect
      .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
      .toBe(1_000_000);
    await book.locator('#play').click();
    await expect(book.locator('#play')).toBeEnabled(SLOW);
    await expect(book.locator('#result')).not.toHaveText('…');
    const inBook = digitsOf((await book.locator('#balance').textContent()) ?? '');
    // The book posts khela:balance: the header (main + vendor wallets) follows at once.
    await expect
      .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
      .toBe(500_000 + inBook);
    await saveShot(page, 'game', 'fbsports-1440-light-en');

    // /seamless: the same book, the header's navigation hidden.
    await openPage(page, '/seamless', 'seamless');
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('main-nav')).toHaveCount(0);
    await expect(page.getByTestId('sports-frame')).toBeVisible(SLOW);
    await expect(page.frameLocator('[data-testid="sports-frame"]').locator('#balance')).toHaveText(
      /\d/,
      SLOW,
    );
    await saveShot(page, 'game', 'seamless-1440-light-en');
  });

  test('a visitor on /fbsports is asked to log in @desktop', async ({ page }) => {
    await openPage(page, '/fbsports', 'fbsports');
    await expect(page.getByTestId('sports-login')).toBeVisible();
    await page.getByTestId('sports-login').getByRole('button').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });
});

test.describe('jackpot and back office', () => {
  // Both change the India brand's jackpot settings: one after the other.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test('the /rng counter never shows more than the pool: a jackpot won elsewhere shows at once @desktop', async ({
    page,
  }) => {
    const owner = await staffLogin(page.request, 'owner');
    type Settings = {
      enabled: boolean;
      shareBp: number;
      seedMinor: string;
      odds: number;
      bigWinMinMinor: string;
    };
    const before = (await staffCall(
      page.request,
      owner,
      'GET',
      '/bo/api/games/jackpot?merchant=khelain',
    )) as Settings;
    const put = (patch: Partial<Settings>) =>
      staffCall(page.request, owner, 'PUT', '/bo/api/games/jackpot', {
        merchant: 'khelain',
        enabled: true,
        shareBp: before.shareBp,
        seedMinor: before.seedMinor,
        odds: before.odds,
        bigWinMinMinor: before.bigWinMinMinor,
        ...patch,
      });
    await page.addInitScript(() => {
      window.sessionStorage.setItem('merchant', 'khelain');
      window.sessionStorage.setItem('merchantCode', 'khelain');
      window.localStorage.setItem('hisLang', 'en');
    });
    try {
      // 1 in 2 paid spins wins the pool; 10 % of each stake feeds it.
      await put({ odds: 2, shareBp: 1000 });
      await openPage(page, '/rng', 'rng');
      const counter = page.getByTestId('jackpot-counter');
      await expect(counter).toBeVisible(SLOW);
      await expect.poll(async () => Number(await counter.getAttribute('data-pool')), SLOW).toBeGreaterThan(0);
      // Watch every frame from now on: what is shown against the counter's real pool.
      await page.evaluate(() => {
        const w = window as unknown as { jackpotSeen: number[][] };
        w.jackpotSeen = [];
        const look = () => {
          const amount = document.querySelector('[data-testid="jackpot-amount"]')?.textContent ?? '';
          const pool = document.querySelector('[data-testid="jackpot-counter"]')?.getAttribute('data-pool');
          w.jackpotSeen.push([Number(amount.replace(/[^0-9]/g, '')), Number(pool), performance.now()]);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      // A real member of the India brand spins until the jackpot is won (a trial account's demo
      // credit neither funds nor wins the pool).
      const player = await registerIndianMember(page.request, '103.4.144.12', 1_000_000);
      const slot = await openSlotApi(
        page.request,
        player.token,
        await firstGame(page.request, 'PG', 'khelain'),
        'khelain',
      );
      let won: Spin | undefined;
      let poolBefore = 0;
      for (let i = 0; i < 40 && !won; i++) {
        const spin = await spinApi(page.request, slot);
        if (spin.jackpotWinMinor !== '0') won = spin;
        else poolBefore = Number(spin.jackpot.poolMinor);
      }
      expect(won, 'a jackpot within 40 spins at 1 in 2').toBeTruthy();
      const hitAt = await page.evaluate(() => performance.now());
      const poolAfter = Number(won?.jackpot.poolMinor);
      expect(poolAfter).toBeLessThan(Math.max(poolBefore, Number(won?.jackpotWinMinor)));
      // The counter polls every 30 s: only the push can bring the new pool within 10 s (the push
      // takes milliseconds; the margin is for a loaded CI machine).
      await expect
        .poll(async () => Number(await counter.getAttribute('data-pool')), { timeout: 10_000 })
        .toBe(poolAfter);
      await expect
        .poll(async () => digitsOf((await page.getByTestId('jackpot-amount').textContent()) ?? ''))
        .toBeLessThanOrEqual(poolAfter);
      const seen = await page.evaluate(() => (window as unknown as { jackpotSeen: number[][] }).jackpotSeen);
      // Never above the pool the counter knows, and above the new pool for at most the push's way.
      expect(seen.filter(([shown, pool]) => (shown ?? 0) > (pool ?? 0))).toEqual([]);
      const late = seen.filter(([shown, , at]) => (at ?? 0) > hitAt + 10_000 && (shown ?? 0) > poolAfter);
      expect(late).toEqual([]);
    } finally {
      await put({ enabled: before.enabled, odds: before.odds, shareBp: before.shareBp });
    }
  });

  test('back office: rounds search, a round’s recall and proof, a vendor switched off refuses launches, jackpot settings saved @desktop', async ({
    page,
  }) => {
    // A member with three rounds on a slot, the server seed revealed so the proof can be checked.
    const member = await registerByMobile(page.request, '103.4.144.17');
    await fundMember(page.request, member.id, 1_000_000);
    const slot = await openSlotApi(page.request, member.token, await firstGame(page.request, 'JDB'));
    for (let i = 0; i < 3; i++) await spinApi(page.request, slot);
    const rotated = await page.request.post('/wps/game/slot/seed/rotate', {
      headers: { 'x-game-session': slot.session },
    });
    expect(rotated.status()).toBe(200);

    const token = await staffLogin(page.request, 'owner');
    await page.addInitScript(
      ([value]) => {
        window.sessionStorage.setItem('bo.token', value as string);
        window.localStorage.setItem('bo.merchant', 'khelabd');
        window.localStorage.setItem('bo.lang', 'en');
      },
      [token],
    );
    await page.goto('/bo/games');
    const rounds = page.getByTestId('bo-games-rounds');
    await expect(rounds).toBeVisible(SLOW);
    await page.getByTestId('bo-rounds-member').fill(member.userName);
    await page.getByTestId('bo-rounds-filter').click();
    await expect(page.getByTestId('bo-round-open')).toHaveCount(3, SLOW);
    await page.getByTestId('bo-round-open').first().click();
    await expect(page.getByTestId('bo-game-round')).toBeVisible(SLOW);
    // The recall, step by step.
    const step = page.getByTestId('bo-recall-step');
    await expect(step).toHaveText(/^1 \/ \d+$/);
    const steps = Number((await step.textContent())?.split('/')[1]);
    for (let i = 2; i <= steps; i++) {
      await page.getByTestId('bo-recall-next').click();
      await expect(step).toHaveText(`${i} / ${steps}`);
    }
    await expect(page.getByTestId('bo-recall-next')).toBeDisabled();
    if (steps > 1) {
      await page.getByTestId('bo-recall-prev').click();
      await expect(step).toHaveText(`${steps - 1} / ${steps}`);
    }
    // The proof, recomputed in the browser, checks out.
    await expect(page.getByTestId('bo-proof-result')).toHaveAttribute('data-ok', 'true');

    // A vendor switched off: its games refuse to launch; on again: they launch. A member of its
    // own: the first one's slot may have been left in a feature (free spins, respins), and an
    // unfinished round refuses the next launch (game.previous.unfinished), as it should.
    const player = await registerByMobile(page.request, '103.4.144.18');
    await fundMember(page.request, player.id, 100_000);
    const naga = await firstGame(page.request, 'NAGA');
    await page.goto('/bo/games/vendors');
    await expect(page.getByTestId('bo-games-vendors')).toBeVisible(SLOW);
    await page.getByRole('textbox').first().fill('NAGA');
    const toggle = page.getByTestId('bo-vendor-RNG-NAGA');
    await toggle.click();
    await page.getByTestId('confirm-ok').click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false', SLOW);
    try {
      const refused = await page.request.get(
        `/wps/game/launchGame?nodeId=${naga}&launchMode=GLS&accountType=1`,
        {
          headers: { Authorization: player.token, Merchant: 'khelabd' },
        },
      );
      expect(refused.status()).toBe(404);
      expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('game.unavailable');
    } finally {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true', SLOW);
    }
    const again = await page.request.get(`/wps/game/launchGame?nodeId=${naga}&launchMode=GLS&accountType=1`, {
      headers: { Authorization: player.token, Merchant: 'khelabd' },
    });
    expect(again.status(), await again.text()).toBe(200);

    // Jackpot settings of the India brand (picked in the header): saved, and there after a reload.
    await page.goto('/bo/games/jackpot');
    await page.getByRole('combobox', { name: 'Merchant' }).selectOption('khelain');
    await expect(page.getByRole('heading', { name: /khelain/ })).toBeVisible(SLOW);
    const share = page.getByTestId('bo-jackpot-share');
    await expect(share).toBeVisible(SLOW);
    const previous = await share.inputValue();
    // The share is shown in percent (basis points / 100).
    const next = Number(previous) === 1.5 ? '2' : '1.5';
    try {
      await share.fill(next);
      await page.getByTestId('bo-jackpot-save').click();
      await expect
        .poll(
          async () =>
            (
              (await staffCall(page.request, token, 'GET', '/bo/api/games/jackpot?merchant=khelain')) as {
                shareBp: number;
              }
            ).shareBp,
        )
        .toBe(Number(next) * 100);
      await page.reload();
      await page.getByRole('combobox', { name: 'Merchant' }).selectOption('khelain');
      await expect
        .poll(async () => Number(await page.getByTestId('bo-jackpot-share').inputValue()), SLOW)
        .toBe(Number(next));
    } finally {
      await share.fill(previous);
      await page.getByTestId('bo-jackpot-save').click();
      await expect
        .poll(
          async () =>
            (
              (await staffCall(page.request, token, 'GET', '/bo/api/games/jackpot?merchant=khelain')) as {
                shareBp: number;
              }
            ).shareBp,
        )
        .toBe(Math.round(Number(previous) * 100));
    }
  });
});
