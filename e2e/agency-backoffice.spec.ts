import type { Page } from '@playwright/test';
import { allowRefusals, expect, test } from './fixtures';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * The agent programme's back office (issue 20, ADR 059): staff save a new version of the
 * merchant's contract templates (a rate above the kind's maximum is refused first), the join page
 * shows the version in force, and a join application is rejected with a reason, once.
 */

/** The back office signed in (a token from the API) on the Bangladesh brand, in English. */
const asStaff = async (page: Page) => {
  const token = await staffLogin(page.request, 'owner');
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

test('@desktop staff save a new version of the contract templates, the join page shows it, an application is rejected with a reason', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  allowRefusals(pageErrors, 400, '/bo/api/agency/templates');
  const owner = await asStaff(page);
  const before = (await staffCall(
    page.request,
    owner,
    'GET',
    '/bo/api/agency/templates?merchant=khelabd',
  )) as {
    version: number;
  };
  const name = `Journey ${Date.now() % 100_000}`;
  const applied = await page.request.post('/wps/agency/apply', {
    data: { name, contact: '+8801711000777', channel: 'telegram', message: 'A team of 12' },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const applicationId = (await applied.json()).value.id as number;

  await page.goto('/bo/agency/templates');
  await expect(page.getByTestId('bo-agency-templates')).toBeVisible({ timeout: 20_000 });
  // The daily salary's first tier at 3.5 % of turnover: above the 3 % maximum, refused.
  await page.getByTestId('bo-template-daily-rate-0').fill('3.5');
  await page.getByTestId('bo-agency-templates-save').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast-error')).toContainText('not valid');
  // 0.65 % (65 basis points), and the hourly salary offered at 0.1 %.
  await page.getByTestId('bo-template-daily-rate-0').fill('0.65');
  await page.getByTestId('bo-template-hourly-offered').check();
  await page.getByTestId('bo-template-hourly-rate-0').fill('0.1');
  await page.getByTestId('bo-agency-templates-save').click();
  await page.getByTestId('confirm-ok').click();
  const version = before.version + 1;
  await expect(page.getByTestId('toast-ok')).toContainText(`Version ${version} saved`);
  await expect(page.getByTestId('bo-agency-templates-version')).toContainText(`Version ${version} in force`);
  await expect(page.getByTestId('bo-agency-template-versions')).toContainText(`Version ${version}`);
  await saveShot(page, 'agency-backoffice', 'templates-1440', { fullPage: true });

  // The join page shows the version in force: the daily table starts at 0.65 %, the hourly one at 0.1 %.
  const join = await page.context().newPage();
  await join.addInitScript(() => window.localStorage.setItem('hisLang', 'en'));
  await join.goto('/join');
  await expect(join.getByTestId('join-table-daily')).toContainText('0.65%', { timeout: 20_000 });
  await expect(join.getByTestId('join-table-hourly')).toContainText('0.1%');
  await join.close();

  // The application, among the new ones: rejected with a reason, then shown as decided.
  await page.goto('/bo/agency/applications');
  const item = page.getByTestId(`bo-application-${applicationId}`);
  await expect(item).toContainText(name, { timeout: 20_000 });
  await expect(item.getByTestId(`bo-application-${applicationId}-reject`)).toBeDisabled();
  await item.getByTestId(`bo-application-${applicationId}-reason`).fill('No licence in the region yet');
  await saveShot(page, 'agency-backoffice', 'applications-1440', { fullPage: true });
  await item.getByTestId(`bo-application-${applicationId}-reject`).click();
  await expect(page.getByTestId('toast-ok')).toContainText('Application rejected');
  await page.getByTestId('bo-applications-status').selectOption('rejected');
  await expect(page.getByTestId(`bo-application-${applicationId}-decision`)).toContainText(
    'Rejected · owner',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId(`bo-application-${applicationId}-decision`)).toContainText(
    'No licence in the region yet',
  );
});
