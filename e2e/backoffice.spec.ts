import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { allowRefusals, expect, openPage, test } from './fixtures';
import { registerByMobile } from './members';
import { saveShot } from './shots';
import {
  type DemoStaff,
  newStaffSession,
  reserveTotpCode,
  STAFF_PASSWORD,
  staffCall,
  staffLogin,
} from './staff-api';

/**
 * The operator back office at /bo/ (issue 4): staff sign-in with TOTP, role-shaped screens, and
 * operator changes the player site shows. Changes that would disturb journeys running beside
 * these (flags, maintenance, content) are made on the India brand `khelain`; the default brand
 * `khelabd` stays as seeded.
 */
const MERCHANT = 'khelain';

/** A real PNG (solid colour, `width` x `height`), made here so the test needs no fixture file. */
const png = (width: number, height: number, [r, g, b]: [number, number, number]) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Signs a demo staff member in through the sign-in screen: password, then a fresh TOTP code. */
const signInUi = async (page: Page, username: DemoStaff) => {
  await page.goto('/bo/');
  await expect(page).toHaveURL(/\/bo\/login/);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(STAFF_PASSWORD);
  await page.getByTestId('login-submit').click();
  await reserveTotpCode(username, async (code) => {
    await page.locator('input[name="totp"]').fill(code);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('bo-layout')).toBeVisible();
  });
};

/** Opens the back office already signed in (a token from the API), on the India brand unless told. */
const asStaff = async (page: Page, username: DemoStaff, merchant: string = MERCHANT) => {
  const token = await staffLogin(page.request, username);
  await page.addInitScript(
    ([value, code]) => {
      window.sessionStorage.setItem('bo.token', value);
      window.localStorage.setItem('bo.merchant', code);
    },
    [token, merchant] as const,
  );
  return token;
};

/** The player site in English, signed in as a member of its own (Bangladesh brand) by its session token. */
const asMember = (page: Page, token: string) =>
  page.addInitScript((value) => {
    window.localStorage.setItem('hisLang', 'en');
    window.sessionStorage.setItem('token', value);
    window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
  }, token);

/**
 * The player site in English on the India brand, in a second tab of the journey; its notice
 * popups count as closed (as the fixture does for the first tab).
 */
const asPlayer = (page: Page) =>
  page.addInitScript((merchant) => {
    window.localStorage.setItem('hisLang', 'en');
    window.sessionStorage.setItem('merchant', merchant);
    window.sessionStorage.setItem('merchantCode', merchant);
    window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
  }, MERCHANT);

const playerLogin = async (page: Page, username: string) => {
  await openPage(page, '/', 'home');
  await page.getByTestId('btn-login').click();
  await page.getByTestId('input-username').fill(username);
  await page.getByTestId('input-password').fill('Demo1234');
  await page.getByTestId('btn-submit-login').click();
  await expect(page.getByTestId('account-name')).toHaveText(username);
};

type Row = { id: number; title: Record<string, string> } & Record<string, unknown>;

/** Takes a journey's announcement off the site again (the journeys beside it see the seeded set). */
const unpublish = async (page: Page, token: string, kind: string, title: string) => {
  const list = (await staffCall(
    page.request,
    token,
    'GET',
    `/bo/api/announcements?merchant=${MERCHANT}&kind=${kind}&pageSize=200`,
  )) as { items: Row[] };
  const rows = list.items.filter((item) => item.title.en === title);
  expect(rows.length).toBeGreaterThan(0);
  for (const {
    id,
    merchant,
    kind: k,
    groupName,
    title: t,
    content,
    linkageType,
    link,
    mediaId,
    execution,
    category,
    startAt,
    endAt,
    sort,
  } of rows)
    await staffCall(page.request, token, 'PUT', '/bo/api/announcements', {
      ...{ id, merchant, kind: k, groupName, title: t, content, linkageType, link, mediaId },
      ...{ execution, category, startAt, endAt, sort, enabled: false },
    });
};

test.describe('back office @desktop', () => {
  // Journeys with a staff tab and a player tab: two argon2 logins and several pages each.
  test.describe.configure({ timeout: 90_000 });

  test('staff sign in with password and TOTP; support sees members but no lock, and signs out', async ({
    page,
  }) => {
    await signInUi(page, 'support');
    await expect(page.getByTestId('staff-name')).toContainText('support');
    const nav = page.getByTestId('bo-nav');
    await expect(nav.getByTestId('nav-members')).toBeVisible();
    await expect(nav.getByTestId('nav-dashboard')).toBeVisible();
    await expect(nav.getByTestId('nav-staff')).toHaveCount(0);
    await expect(nav.getByTestId('nav-settings')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-charts')).toBeVisible();

    await nav.getByTestId('nav-members').click();
    await page.getByTestId('filter-account').fill('team01');
    await page.getByTestId('member-search').click();
    await expect(page.getByTestId('list-total')).toHaveText('1 in total');
    await page.getByTestId('member-team01').click();
    const detail = page.getByTestId('member-detail');
    await expect(detail).toContainText('team01');
    await expect(detail.getByTestId('member-revoke')).toBeVisible();
    await expect(detail.getByTestId('member-reset')).toBeVisible();
    // Locking is the risk role's: support is not offered it.
    await expect(detail.getByTestId('lock-controls')).toHaveCount(0);

    await page.getByTestId('sign-out').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/bo\/login/);
    await page.goto('/bo/members');
    await expect(page).toHaveURL(/\/bo\/login\?next=%2Fmembers/);
  });

  test('a content editor cannot reach members, and reads settings without changing them', async ({
    page,
    pageErrors,
  }) => {
    allowRefusals(pageErrors, 403, '/bo/api/');
    await signInUi(page, 'content');
    const nav = page.getByTestId('bo-nav');
    await expect(nav.getByTestId('nav-content')).toBeVisible();
    await expect(nav.getByTestId('nav-members')).toHaveCount(0);
    await expect(nav.getByTestId('nav-audit')).toHaveCount(0);
    await page.goto('/bo/members');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('member-lock')).toHaveCount(0);
    // Even with the address of a member's page, there is nothing to lock.
    await page.goto('/bo/members/1');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await page.goto('/bo/settings/flags');
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    await expect(page.getByTestId('flag-MOBILENUMREG3')).toBeDisabled();
    // The server refuses the call too (the screen only mirrors it).
    const token = await page.evaluate(() => window.sessionStorage.getItem('bo.token'));
    const refused = await page.request.put('/bo/api/settings/flag', {
      headers: { Authorization: token ?? '' },
      data: { merchant: MERCHANT, modId: 'MOBILENUMREG3', enabled: false },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: 'forbidden' });

    // A session that ended (revoked, idle, expired) sends the editor to sign in again, then back.
    allowRefusals(pageErrors, 401, '/bo/api/');
    await page.evaluate(() => window.sessionStorage.setItem('bo.token', 'A'.repeat(43)));
    await page.goto('/bo/content/popups');
    await expect(page.getByTestId('session-expired')).toBeVisible();
    await expect(page).toHaveURL(/\/bo\/login\?expired=1&next=%2Fcontent%2Fpopups/);
  });

  test('turning off mobile registration takes the mobile tab off the player register form', async ({
    page,
    context,
  }) => {
    const token = await asStaff(page, 'owner');
    const player = await context.newPage();
    await asPlayer(player);
    await openPage(player, '/', 'home');
    await player.getByTestId('btn-register').click();
    await expect(player.getByTestId('register-modal').getByTestId('tab-mobile')).toBeVisible();
    try {
      await page.goto('/bo/settings/flags');
      const flag = page.getByTestId('flag-MOBILENUMREG3');
      await expect(flag).toHaveAttribute('aria-checked', 'true');
      await flag.click();
      await expect(page.getByTestId('toast-ok')).toContainText('MOBILENUMREG3');
      await expect(flag).toHaveAttribute('aria-checked', 'false');

      await player.reload();
      await player.getByTestId('btn-register').click();
      const modal = player.getByTestId('register-modal');
      await expect(modal.getByTestId('input-username')).toBeVisible();
      await expect(modal.getByTestId('tab-mobile')).toHaveCount(0);
    } finally {
      await staffCall(page.request, token, 'PUT', '/bo/api/settings/flag', {
        merchant: MERCHANT,
        modId: 'MOBILENUMREG3',
        enabled: true,
      });
    }
  });

  test('a register rule shows the player error text live as it is edited', async ({ page }) => {
    await asStaff(page, 'owner');
    await page.goto('/bo/settings/register');
    const rule = page.getByTestId('rule-username');
    await page.getByTestId('rules-language').selectOption('en');
    await rule.getByTestId('rule-username-pattern').selectOption('6');
    await rule.getByTestId('rule-username-min').fill('5');
    await rule.getByTestId('rule-username-max').fill('5');
    await expect(rule.getByTestId('rule-username-message')).toHaveText('5 digits only');
    await rule.getByTestId('rule-username-sample').fill('12345');
    await expect(rule.getByTestId('rule-username-verdict')).toHaveText(/Accepted|5 digits only/);
    await page.getByTestId('rules-language').selectOption('hi');
    await expect(rule.getByTestId('rule-username-message')).toContainText('5');
    // Not saved: leaving the page drops the draft; the stored rule is unchanged.
    await page.reload();
    await expect(page.getByTestId('rule-username-max')).not.toHaveValue('5');
  });

  test('a banner published with an uploaded image appears in the home carousel', async ({
    page,
    context,
  }) => {
    const token = await asStaff(page, 'content');
    await page.goto('/bo/content/banners');
    await page.getByTestId('content-new').click();
    const editor = page.getByTestId('announcement-editor');
    await editor.getByTestId('title-en').fill('E2E banner');
    await editor.getByTestId('banner-group').selectOption('w_home');
    await editor
      .getByTestId('media-input')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(640, 200, [13, 148, 136]) });
    await expect(editor.getByTestId('media-preview')).toBeVisible();
    const src = (await editor.getByTestId('media-preview').getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    await page.getByTestId('announcement-save').click();
    await expect(page.getByTestId('toast-ok').last()).toBeVisible();
    const row = page.getByTestId('announcements-table').getByRole('row', { name: /E2E banner/ });
    await expect(row).toBeVisible();

    const player = await context.newPage();
    await asPlayer(player);
    await openPage(player, '/', 'home');
    const slide = player.getByTestId('banner-carousel').locator(`img[src$="${src}"]`);
    await expect(slide).toHaveCount(1);
    expect(await slide.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(
      640,
    );

    await unpublish(page, token, 'B', 'E2E banner');
  });

  test('a popup for after login is shown to a member once signed in, its body as formatted text', async ({
    page,
    context,
  }) => {
    const token = await asStaff(page, 'content');
    await page.goto('/bo/content/popups');
    await page.getByTestId('content-new').click();
    const editor = page.getByTestId('announcement-editor');
    await editor.getByTestId('title-en').fill('E2E members popup');
    const body = editor.getByTestId('content-en').locator('[contenteditable="true"]');
    await body.fill('Welcome back, member!');
    // Bold through the editor's toolbar: the popup must show bold text, not "<strong>" literally.
    await body.press('ControlOrMeta+a');
    await editor.getByTestId('content-en').getByRole('button', { name: 'Bold' }).click();
    await editor.getByTestId('popup-execution').selectOption('A');
    await page.getByTestId('announcement-save').click();
    await expect(page.getByTestId('toast-ok').last()).toBeVisible();

    const player = await context.newPage();
    await asPlayer(player);
    // This journey is about the after-login popup: forget the fixture's "already closed" mark.
    await player.addInitScript(() => window.sessionStorage.removeItem('USER_POPUP'));
    await openPage(player, '/', 'home');
    await expect(player.getByTestId('notice-popup')).toHaveCount(0);
    await playerLogin(player, 'demo01');
    const popup = player.getByTestId('notice-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('E2E members popup');
    // Other after-login popups may be published: pick this one's tab when there are several.
    const tab = popup.getByRole('tab', { name: 'E2E members popup' });
    if ((await tab.count()) > 0) await tab.click();
    const shown = popup.getByTestId('notice-popup-body');
    await expect(shown).toHaveText('Welcome back, member!');
    await expect(shown.locator('strong')).toHaveText('Welcome back, member!');
    await expect(shown).not.toContainText('<');
    await unpublish(page, token, 'PU', 'E2E members popup');
  });

  test('locking a member ends their open player session', async ({ page, context, pageErrors }) => {
    allowRefusals(pageErrors, 401, '/wps/');
    const token = await asStaff(page, 'risk');
    const player = await context.newPage();
    await asPlayer(player);
    await playerLogin(player, 'team02');

    await page.goto(`/bo/members?account=team02`);
    await page.getByTestId('member-team02').click();
    const detail = page.getByTestId('member-detail');
    await expect(detail.getByTestId('member-status')).toHaveText('Active');
    await detail.getByTestId('member-lock').click();
    await expect(page.getByTestId('toast-error')).toContainText('reason');
    await detail.getByTestId('lock-reason').fill('E2E: chargeback check');
    await detail.getByTestId('member-lock').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('team02');
    await page.getByTestId('confirm-ok').click();
    await expect(detail.getByTestId('member-status')).toHaveText('Locked');
    await expect(detail.getByTestId('member-trail')).toContainText('member.lock');
    const memberId = Number(page.url().split('/').pop());
    try {
      // The member's next call finds the session gone: the site signs them out and asks to log in.
      await player.reload();
      await expect(player.getByTestId('login-modal')).toBeVisible();
      await expect(player.getByTestId('account-name')).toHaveCount(0);
    } finally {
      await staffCall(page.request, token, 'POST', '/bo/api/members/unlock', {
        memberId,
        reason: 'E2E: cleared',
      });
    }
  });

  test('maintenance on shows players the maintenance page; off brings the site back', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const token = await asStaff(page, 'owner');
    const player = await context.newPage();
    await asPlayer(player);
    try {
      await page.goto('/bo/settings/maintenance');
      await page.getByTestId('maintenance-enabled').click();
      await page.getByTestId('maintenance-title').fill('E2E maintenance window');
      await page.getByTestId('maintenance-save').click();
      await expect(page.getByTestId('confirm-dialog')).toContainText(MERCHANT);
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('toast-ok')).toBeVisible();

      await player.goto('/');
      const screen = player.getByTestId('maintenance-page');
      await expect(screen).toBeVisible();
      await expect(screen).toContainText('E2E maintenance window');

      await page.getByTestId('maintenance-enabled').click();
      await page.getByTestId('maintenance-save').click();
      await expect(page.getByTestId('toast-ok').last()).toBeVisible();
      await player.reload();
      await expect(player.getByTestId('site-header')).toBeVisible();
      await expect(player.getByTestId('maintenance-page')).toHaveCount(0);
    } finally {
      await staffCall(page.request, token, 'PUT', '/bo/api/settings', {
        merchant: MERCHANT,
        setting: { key: 'maintenance', value: { enabled: false, title: '', endTime: null, info: '' } },
      });
    }
  });

  test("a new staff account's first sign-in: the QR code and secret, a code of it, then the back office", async ({
    page,
  }) => {
    const ownerToken = await staffLogin(page.request, 'owner');
    const username = `e2e.first.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const password = 'First-sign-in-1';
    await staffCall(page.request, ownerToken, 'POST', '/bo/api/staff', {
      username,
      password,
      role: 'support',
    });

    await page.goto('/bo/');
    await expect(page).toHaveURL(/\/bo\/login/);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-first-time').click();

    const enrol = page.getByTestId('totp-enrol');
    await expect(enrol).toBeVisible();
    const qr = enrol.getByTestId('totp-qr');
    await expect(qr).toBeVisible();
    expect(
      await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(100);
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = (await enrol.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // What an authenticator app does with the secret: RFC 6238, SHA-1, 6 digits, 30 s.
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await page.locator('input[name="totp"]').fill(code);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('bo-layout')).toBeVisible();
    await expect(page.getByTestId('staff-name')).toContainText(username);
    await expect(page.getByTestId('bo-nav').getByTestId('nav-members')).toBeVisible();

    // Enrolled: the list shows it, and the next sign-in asks for a code.
    const rows = (await staffCall(page.request, ownerToken, 'GET', `/bo/api/staff?username=${username}`)) as {
      items: { username: string; enrolled: boolean }[];
    };
    expect(rows.items).toMatchObject([{ username, enrolled: true }]);
    const again = await page.request.post('/bo/api/session/login', { data: { username, password } });
    expect(again.status()).toBe(401);
    expect(await again.json()).toMatchObject({ success: false, errorCode: 'login.failed' });
  });

  test('a platform message from support arrives with an unread badge and is read in the member centre', async ({
    page,
    context,
  }) => {
    const member = await registerByMobile(page.request, '103.4.146.21');
    await asStaff(page, 'support', 'khelabd');
    await page.goto('/bo/support/messages');
    await page.getByTestId('message-account').fill(member.userName);
    await page.getByTestId('message-find').click();
    await expect(page.getByTestId('message-recipient')).toContainText(member.userName);
    await page.getByTestId('message-title').fill('E2E: your bonus is ready');
    const body = page.getByTestId('message-body').locator('[contenteditable="true"]');
    await body.fill('Claim it today');
    await body.press('ControlOrMeta+a');
    await page.getByTestId('message-body').getByRole('button', { name: 'Bold' }).click();
    await page.getByTestId('message-send').click();
    await expect(page.getByTestId('toast-ok').last()).toBeVisible();
    await expect(page.getByTestId('messages-table')).toContainText('E2E: your bonus is ready');

    const player = await context.newPage();
    await asMember(player, member.token);
    await openPage(player, '/', 'home');
    await expect(player.getByTestId('account-unread-dot')).toBeVisible();
    await player.getByTestId('account-menu-button').click();
    await expect(player.getByTestId('account-messages-badge')).toHaveText('1');
    await player.getByTestId('account-messages').click();
    const centre = player.getByTestId('member-centre');
    await expect(centre).toHaveAttribute('data-member-page', 'messageV2');
    await expect(centre.getByTestId('member-menu-badge-messageV2')).toHaveText('1');
    const message = centre.getByTestId('inbox-message').filter({ hasText: 'E2E: your bonus is ready' });
    await expect(message).toHaveAttribute('data-read', 'false');
    await message.getByTestId('inbox-message-toggle').click();
    const shown = message.getByTestId('inbox-message-body');
    await expect(shown.locator('strong')).toHaveText('Claim it today');
    await expect(message).toHaveAttribute('data-read', 'true');
    await expect(centre.getByTestId('member-menu-badge-messageV2')).toHaveCount(0);
    await expect(centre.getByTestId('inbox-unread-line')).toHaveText('Everything is read.');
  });

  test('feedback with an image reaches support, and the reply arrives in the member centre', async ({
    page,
    context,
  }) => {
    const member = await registerByMobile(page.request, '103.4.146.22');
    const player = await context.newPage();
    await asMember(player, member.token);
    await openPage(player, '/help', 'help');
    await player.getByTestId('help-feedback-open').click();
    const form = player.getByTestId('feedback-form');
    await expect(form).toBeVisible();
    await form.getByTestId('select-questionType').selectOption('withdrawal');
    await form.getByTestId('input-feedback-content').fill('E2E: my withdrawal has not arrived');
    await form
      .getByTestId('input-image-1')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png(320, 180, [220, 38, 38]) });
    await expect(form.getByTestId('image-1-preview')).toBeVisible();
    await form.getByTestId('feedback-submit').click();
    await expect(player.getByTestId('feedback-sent')).toBeVisible();
    await expect(player.getByTestId('feedback-own-item').first()).toContainText(
      'E2E: my withdrawal has not arrived',
    );

    await asStaff(page, 'support', 'khelabd');
    await page.goto(`/bo/support?account=${member.userName}`);
    const row = page
      .getByTestId('feedback-table')
      .getByRole('row', { name: /my withdrawal has not arrived/ });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /my withdrawal has not arrived/ }).click();
    const detail = page.getByTestId('feedback-detail');
    await expect(detail.getByTestId('feedback-content')).toHaveText('E2E: my withdrawal has not arrived');
    const image = detail.getByTestId('feedback-image-1');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(
      320,
    );
    await detail
      .getByTestId('reply-body')
      .locator('[contenteditable="true"]')
      .fill('It was paid at 14:05 today.');
    await detail.getByTestId('reply-send').click();
    await expect(page.getByTestId('toast-ok').last()).toBeVisible();
    await expect(detail.getByTestId('feedback-reply')).toContainText('It was paid at 14:05 today.');
    await expect(detail.getByTestId('feedback-status')).toHaveText('Replied');

    await player.getByTestId('inbox-tab-messages').click();
    const centre = player.getByTestId('member-centre');
    const reply = centre.getByTestId('inbox-message').filter({ hasText: 'Reply to your feedback' });
    await expect(reply).toHaveAttribute('data-read', 'false');
    await expect(centre.getByTestId('member-menu-badge-messageV2')).toHaveText('1');
    await reply.getByTestId('inbox-message-toggle').click();
    await expect(reply.getByTestId('inbox-message-body')).toHaveText('It was paid at 14:05 today.');
    await centre.getByTestId('inbox-tab-feedback').click();
    await expect(centre.getByTestId('feedback-own-item').first().getByTestId('status-badge')).toHaveAttribute(
      'data-status',
      'issued',
    );
  });

  test("the owner ends a staff member's session without disabling the account", async ({
    page,
    context,
    pageErrors,
  }) => {
    const ownerToken = await asStaff(page, 'owner');
    const staff = await newStaffSession(page.request, ownerToken, 'support');
    const other = await context.newPage();
    allowRefusals(pageErrors, 401, '/bo/api/');
    await other.addInitScript((token) => window.sessionStorage.setItem('bo.token', token), staff.token);
    await other.goto('/bo/');
    await expect(other.getByTestId('staff-name')).toContainText(staff.username);

    await page.goto(`/bo/staff?username=${staff.username}`);
    const table = page.getByTestId('staff-table');
    await expect(table.getByTestId(`staff-row-${staff.username}`)).toBeVisible();
    await page.getByTestId(`staff-sessions-${staff.username}`).click();
    const panel = page.getByTestId('staff-sessions-panel');
    await expect(panel.getByTestId('staff-session-state')).toHaveText(['Open']);
    await panel.getByTestId('staff-session-end').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('toast-ok').last()).toContainText('1 sessions ended');
    await expect(panel.getByTestId('staff-session-state')).toHaveText([/^Ended /]);
    // The panel's filters and export: no open session left, one ended; its CSV has that row.
    await panel.getByTestId('staff-sessions-state').selectOption('live');
    await panel.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/sess\.state=live/);
    await expect(panel.getByTestId('staff-session-state')).toHaveCount(0);
    await panel.getByTestId('staff-sessions-state').selectOption('ended');
    await panel.getByRole('button', { name: 'Filter' }).click();
    await expect(panel.getByTestId('staff-session-state')).toHaveText([/^Ended /]);
    const downloading = page.waitForEvent('download');
    await panel.getByTestId('csv-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`staff-${staff.username}-sessions.csv`);
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('id,createdAt,lastSeenAt,expiresAt,revokedAt,ip,live');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/,false$/);
    // Still enabled.
    await expect(table.getByRole('row', { name: new RegExp(staff.username) })).toContainText('Active');

    // Their next action finds the session gone: back to sign-in, where the account still works.
    await other.goto('/bo/members');
    await expect(other.getByTestId('session-expired')).toBeVisible();
    const again = await other.request.post('/bo/api/session/login', {
      data: { username: staff.username, password: staff.password },
    });
    expect(((await again.json()) as { errorCode?: string }).errorCode).not.toBe('account.locked');
  });

  test('screens at 390 and 1440 px, light and dark', async ({ page }) => {
    test.setTimeout(180_000);
    await asStaff(page, 'owner');
    await page.goto('/bo/');
    const screens = [
      ['dashboard', '/bo/dashboard', 'dashboard-charts'],
      ['members', '/bo/members', 'members-table'],
      ['rules', '/bo/settings/register', 'rule-username'],
      ['banners', '/bo/content/banners', 'announcements-table'],
      ['staff', '/bo/staff', 'staff-page'],
      ['audit', '/bo/audit', 'audit-table'],
      ['feedback', '/bo/support', 'feedback-table'],
      ['messages', '/bo/support/messages', 'messages-table'],
      ['help', '/bo/content/help', 'help-table'],
    ] as const;
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.evaluate((value) => window.localStorage.setItem('bo.theme', value), theme);
        for (const [name, path, testId] of screens) {
          await page.goto(path);
          await expect(page.getByTestId(testId)).toBeVisible();
          await expect(page.getByTestId('page-loading')).toHaveCount(0);
          // Nothing may be wider than the screen (the tables scroll inside their own box).
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
          await saveShot(page, 'backoffice', `${name}-${width}-${theme}`, { fullPage: true });
        }
        // A member's page and the banner editor, reached as an operator would.
        await page.goto('/bo/members?account=demo01');
        await page.getByTestId('member-demo01').click();
        await expect(page.getByTestId('member-trail')).toBeVisible();
        await saveShot(page, 'backoffice', `member-${width}-${theme}`, { fullPage: true });
        await page.goto('/bo/content/popups');
        await page.getByTestId('content-new').click();
        await expect(page.getByTestId('content-en').locator('[contenteditable="true"]')).toBeVisible();
        await saveShot(page, 'backoffice', `editor-${width}-${theme}`, { fullPage: true });
        if (width === 390) {
          await page.getByTestId('nav-toggle').click();
          await expect(page.getByTestId('bo-nav').getByTestId('nav-members')).toBeInViewport();
          await saveShot(page, 'backoffice', `nav-390-${theme}`);
          await page.getByTestId('bo-nav').getByTestId('nav-members').click();
          await expect(page.getByTestId('bo-nav').getByTestId('nav-members')).not.toBeInViewport();
        }
      }
    }
    // The sign-in screen too (a tab without a staff session).
    const fresh = await page.context().newPage();
    for (const width of [390, 1440]) {
      await fresh.setViewportSize({ width, height: 844 });
      await fresh.goto('/bo/login');
      await expect(fresh.getByTestId('bo-login')).toBeVisible();
      await saveShot(fresh, 'backoffice', `login-${width}-dark`);
    }
  });
});
