import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { allowRefusals, expect, openPage, test } from './fixtures';
import { registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';
import { type DemoStaff, staffCall, staffLogin } from './staff-api';

/*
 * Back-office desks (issues 17 and 19, ADR 051):
 * - the Vietnamese results desk lists one day's draws by region and station with their status,
 *   and voids a draw with a reason (its entry, second-person approval and correction deltas need a
 *   draw whose time has passed, which a fresh server of the run does not have at every hour of the
 *   day: they are proven in vn-lottery.test.ts against the same API);
 * - the referral report lists a referrer's friends flagged for sharing the referrer's IP address;
 *   staff reject one (the referrer's page then says "not eligible") and approve the other, each
 *   with a reason; the CSV export has both decisions;
 * - live tables (ADR 060): staff close a table with a reason (gone from the players' lobby, audited)
 *   and open it again.
 */

/** The back office signed in (a token from the API) on the Bangladesh brand, in English. */
const asStaff = async (page: Page, username: DemoStaff) => {
  const token = await staffLogin(page.request, username);
  await page.addInitScript(
    ([value]) => {
      window.sessionStorage.setItem('bo.token', value);
      window.localStorage.setItem('bo.merchant', 'khelabd');
      window.localStorage.setItem('bo.lang', 'en');
    },
    [token] as const,
  );
  return token;
};

/** A `YYYY-MM-DD` day in Vietnam (UTC+7), `days` after today. */
const vnDay = (days: number) =>
  new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test('@desktop the VN results desk lists a day of draws by region and voids one with a reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = await asStaff(page, 'owner');
  // Two days ahead: the draws exist (the tick makes today and the next two days) and none has been drawn.
  const day = vnDay(2);
  await page.goto('/bo/lottery/vn');
  await expect(page.getByTestId('bo-lottery-vn')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('vn-filter-date').fill(day);
  await page.getByTestId('vn-filter-submit').click();
  const compact = day.replaceAll('-', '');
  const cards = page.locator(`[data-testid^="vn-draw-${compact}-"]`);
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  const all = await cards.count();
  // North draws one station a day; the South three or four: the region filter keeps the South's only.
  expect(all).toBeGreaterThanOrEqual(5);
  await page.getByRole('combobox', { name: 'Region' }).selectOption('south');
  await page.getByTestId('vn-filter-submit').click();
  await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeLessThan(all);
  const southCount = await cards.count();
  expect(southCount).toBeGreaterThanOrEqual(3);
  const last = cards.last();
  const testId = (await last.getAttribute('data-testid')) ?? '';
  const issueNo = testId.replace('vn-draw-', '');
  await expect(last.getByTestId(`vn-status-${issueNo}`)).toHaveAttribute('data-status', 'awaiting');
  // Not drawn yet: no result can be entered.
  await expect(last.getByTestId(`vn-enter-${issueNo}`)).toHaveCount(0);
  await saveShot(page, 'backoffice-desks', 'vn-desk-1440');

  // Void it with a reason: it shows as void, with the reason, and the audit log has the change.
  await last.getByTestId(`vn-void-${issueNo}`).click();
  await expect(last.getByTestId('vn-void-submit')).toBeDisabled();
  await last.getByTestId('vn-void-reason').fill('journey: station off air');
  await last.getByTestId('vn-void-submit').click();
  await expect(last.getByTestId(`vn-status-${issueNo}`)).toHaveAttribute('data-status', 'void', {
    timeout: 20_000,
  });
  await expect(last).toContainText('journey: station off air');
  const audit = (await staffCall(
    page.request,
    owner,
    'GET',
    '/bo/api/audit?action=lottery.vn.draw.void',
  )) as {
    items: { target: string }[];
  };
  expect(audit.items.map((a) => a.target)).toContain(`khelabd/${issueNo}`);

  // The status filter: the void draw alone.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('void');
  await page.getByTestId('vn-filter-submit').click();
  await expect(cards).toHaveCount(1, { timeout: 20_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(last).toBeVisible();
  await saveShot(page, 'backoffice-desks', 'vn-desk-390');
});

test('@desktop the referral report: flagged friends rejected and approved with a reason, CSV, the referrer sees "not eligible"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The referrer and two friends from one address: both friends are flagged (shared IP).
  const ip = `103.4.149.${10 + Math.floor(Math.random() * 200)}`;
  const referrer = await registerByMobile(page.request, ip);
  const asked = await page.request.get('/wps/promotions/referral', {
    headers: { Authorization: referrer.token, Merchant: 'khelabd' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = (await asked.json()).value.code as string;
  const rejected = await registerByMobile(page.request, ip, { referralCode: code });
  const approved = await registerByMobile(page.request, ip, { referralCode: code });

  await asStaff(page, 'owner');
  await page.goto('/bo/promotions/referrals');
  await expect(page.getByTestId('bo-promotions-referrals')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('referral-filter-referrer').fill(String(referrer.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  const table = page.getByTestId('bo-promo-referrals-table');
  await expect(table.getByTestId(`referral-status-${rejected.id}`)).toHaveAttribute(
    'data-status',
    'under_review',
    {
      timeout: 20_000,
    },
  );
  await expect(table.getByTestId(`referral-status-${approved.id}`)).toHaveAttribute(
    'data-status',
    'under_review',
  );
  await expect(table).toContainText('shared IP address');
  await expect(table).toContainText('Not paid');
  await saveShot(page, 'backoffice-desks', 'referrals-1440');

  // Reject the first: a reason is required, then it is "not eligible".
  await table.getByTestId(`referral-decide-${rejected.id}`).click();
  const panel = page.getByTestId('referral-decision');
  await expect(panel).toBeVisible();
  await panel.getByTestId('referral-reject').click();
  await expect(panel.getByRole('alert')).toHaveText('Please give a reason.');
  await panel.getByTestId('referral-reason').fill('same person, second account');
  await saveShot(page, 'backoffice-desks', 'referral-decision-1440');
  await panel.getByTestId('referral-reject').click();
  await expect(panel).toHaveCount(0, { timeout: 20_000 });
  await expect(table.getByTestId(`referral-status-${rejected.id}`)).toHaveAttribute(
    'data-status',
    'not_eligible',
    {
      timeout: 20_000,
    },
  );
  await expect(table.getByTestId(`referral-decide-${rejected.id}`)).toHaveCount(0);

  // Approve the second: it stands as a clean friend (registered, no deposit yet), the decision shown.
  await table.getByTestId(`referral-decide-${approved.id}`).click();
  await panel.getByTestId('referral-reason').fill('family members, verified by phone');
  await panel.getByTestId('referral-approve').click();
  await expect(table.getByTestId(`referral-status-${approved.id}`)).toHaveAttribute(
    'data-status',
    'registered',
    {
      timeout: 20_000,
    },
  );
  await expect(table).toContainText('family members, verified by phone');

  // The CSV export of the filtered report.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('csv-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('referrals-khelabd.csv');
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(csv).toHaveLength(3);
  expect(csv.find((l) => l.includes(`,${rejected.id},`))).toContain(',not_eligible,');
  expect(csv.find((l) => l.includes(`,${rejected.id},`))).toContain(
    ',rejected,"same person, second account",owner',
  );
  expect(csv.find((l) => l.includes(`,${approved.id},`))).toContain(',approved,');

  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, 'backoffice-desks', 'referrals-390');

  // The referrer's referral page says "not eligible" for the rejected friend.
  const player = await page.context().newPage();
  await signInWithToken(player, referrer);
  await openPage(player, '/?member=referral', 'home');
  await expect(player.getByTestId('page-referral')).toBeVisible({ timeout: 20_000 });
  const statuses = player.getByTestId('referral-friend-status');
  await expect(statuses).toHaveCount(2, { timeout: 20_000 });
  await expect(
    player.locator('[data-testid="referral-friend-status"][data-status="not_eligible"]'),
  ).toHaveText('Not eligible');
  await player.close();
});

test('@desktop the risk queue: two members on one payout account are flagged; staff clear one with a note', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Two members bind the same wallet number (unique to this run).
  const number = `017${String(Date.now()).slice(-8)}`;
  const members = [
    await registerByMobile(page.request, '103.4.146.201'),
    await registerByMobile(page.request, '103.4.146.202'),
  ];
  for (const member of members) {
    const bound = await page.request.post('/wps/cashier/payout-account', {
      headers: { Authorization: member.token, Merchant: 'khelabd' },
      data: { payeeName: 'Risk Journey', channel: 'BKASH', number },
    });
    expect(bound.status(), await bound.text()).toBe(200);
  }
  const [first, second] = members as [(typeof members)[0], (typeof members)[0]];

  await asStaff(page, 'risk');
  await page.goto('/bo/protection/risk');
  await expect(page.getByTestId('page-bo-protection-risk')).toBeVisible({ timeout: 20_000 });
  const scanned = page.waitForResponse((r) => r.url().includes('/bo/api/protection/risk/scan'));
  await page.getByTestId('bo-risk-scan').click();
  expect((await scanned).status()).toBe(200);

  // The first member's flag names the second, with the account masked.
  await page.getByTestId('bo-risk-filter-kind').selectOption('sharedPayout');
  await page.getByTestId('bo-risk-filter-member').fill(first.userName);
  await page.getByTestId('bo-risk-filter-submit').click();
  const table = page.getByTestId('bo-risk-table');
  const row = table.locator('tr', { hasText: first.userName });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText(`BKASH ••••${number.slice(-4)} is also used by ${second.userName}`);
  await saveShot(page, 'backoffice-desks', 'risk-queue');

  // Cleared with a note: gone from the open flags, listed as cleared with the note.
  await row.getByTestId('bo-risk-note').fill('same household, checked by phone');
  await row.getByTestId('bo-risk-clear').click();
  await expect(table.locator('tr', { hasText: first.userName })).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('bo-risk-filter-status').selectOption('cleared');
  await page.getByTestId('bo-risk-filter-submit').click();
  await expect(table.locator('tr', { hasText: first.userName })).toContainText(
    'Cleared · same household, checked by phone',
    { timeout: 20_000 },
  );
});

test("@desktop erasures: staff erase a closed account on the member's behalf; an open one is refused", async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  allowRefusals(pageErrors, 409, '/bo/api/protection/erasures');
  const member = await registerByMobile(page.request, '103.4.146.211');
  await asStaff(page, 'risk');
  await page.goto('/bo/protection/erasures');
  await expect(page.getByTestId('page-bo-protection-erasures')).toBeVisible({ timeout: 20_000 });

  // The account is still open: refused, in words, and nothing is listed.
  await page.getByTestId('bo-erase-member').fill(String(member.id));
  await page.getByTestId('bo-erase-reason').fill('asked by mail on 27 Nov');
  await page.getByTestId('bo-erase-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast-error')).toContainText('Only a closed account can be erased');

  // The member closes the account; staff erase it: listed with the AML records kept five years.
  const closed = await page.request.post('/wps/protection/close', {
    headers: { Authorization: member.token, Merchant: 'khelabd' },
    data: { confirm: true, reason: 'other' },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await page.getByTestId('bo-erase-member').fill(String(member.id));
  await page.getByTestId('bo-erase-reason').fill('asked by mail on 27 Nov');
  await page.getByTestId('bo-erase-submit').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('cannot be undone');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast-ok')).toContainText('Erased.');
  await page.getByTestId('bo-erasures-filter-member').fill(String(member.id));
  await page.getByTestId('bo-erasures-filter-submit').click();
  const row = page.getByTestId('bo-erasures-table').locator('tr', { hasText: `erased-${member.id}` });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('by staff');
  const status = row.getByTestId('bo-erasure-status');
  await expect(status).toContainText('AML records kept until');
  await expect(status).toContainText(String(new Date().getUTCFullYear() + 5));
  await saveShot(page, 'backoffice-desks', 'erasures');
});

test('@desktop VN rules: a payout above 100 % RTP is refused in words; a new version shows its RTP', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  allowRefusals(pageErrors, 400, '/bo/api/lottery/vn/rules');
  await asStaff(page, 'owner');
  await page.goto('/bo/lottery/vn/rules');
  await expect(page.getByTestId('bo-lottery-vn-rules')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('bo-vn-rules-region').selectOption('central');
  const de = page.getByTestId('bo-vn-rules-row-de');
  await expect(de).toBeVisible({ timeout: 20_000 });

  // đề wins one time in 100: 101× would return 101 %.
  await de.getByRole('textbox').fill('101000');
  await page.getByTestId('bo-vn-rules-save').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast-error')).toContainText('RTP would be above 100 %');

  // 93× returns 93 %: saved as a new version, in force at once.
  await de.getByRole('textbox').fill('93000');
  await page.getByTestId('bo-vn-rules-save').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast-ok')).toBeVisible();
  await expect(de).toContainText('93.00 %');
  await saveShot(page, 'backoffice-desks', 'vn-rules');
});

test('@desktop live tables: staff close a table with a reason (out of the lobby) and open it again', async ({
  page,
}) => {
  const owner = await asStaff(page, 'owner');
  await page.goto('/bo/games/tables');
  await expect(page.getByTestId('bo-games-tables')).toBeVisible({ timeout: 20_000 });
  const table = 'khelabd-ab-a';
  await expect(page.getByTestId(`bo-table-status-${table}`)).toContainText('Open', { timeout: 20_000 });
  // Every change needs a reason first.
  await expect(page.getByTestId(`bo-table-close-${table}`)).toBeDisabled();
  await page.getByTestId('bo-table-reason').fill('journey: shoe change');
  await saveShot(page, 'backoffice-desks', 'live-tables-1440');
  await page.getByTestId(`bo-table-close-${table}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`bo-table-status-${table}`)).toContainText('Closed');
  const lobby = async () =>
    (
      (await (await page.request.get('/wps/tables', { headers: { Merchant: 'khelabd' } })).json()).value
        .tables as { id: string }[]
    ).map((t) => t.id);
  expect(await lobby()).not.toContain(table);

  await page.getByTestId(`bo-table-open-${table}`).click();
  await expect(page.getByTestId(`bo-table-status-${table}`)).toContainText('Open');
  await expect.poll(lobby, { timeout: 20_000 }).toContain(table);
  const audit = (await staffCall(page.request, owner, 'GET', '/bo/api/audit?action=tables.close')) as {
    items: { target: string }[];
  };
  expect(audit.items[0]?.target).toBe(`khelabd/${table}`);
  expect(JSON.stringify(audit.items[0])).toContain('journey: shoe change');
});
