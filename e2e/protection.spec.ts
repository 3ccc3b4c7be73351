import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { allowRefusals, expect, test } from './fixtures';
import { MOBILE_PASSWORD, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * Player protection (issue 16, ADR 030), what only a browser proves: the security centre's
 * "Responsible gaming" card sets a deposit limit and the deposit form shows the refusal in the
 * member's language, naming the limit; a time-out signs the member out at once and the login form
 * then refuses them; where the licence profile asks for limits before the first deposit, the deposit
 * page asks, and the limit set there is in force. The rules themselves are proven by the server
 * tests (protection/*.test.ts).
 */

const SLOW = { timeout: 30_000 };

test.describe('player protection', () => {
  test.describe.configure({ timeout: 180_000 });

  test('@desktop set a deposit limit and be refused over it; take a time-out, be signed out and refused sign-in', async ({
    page,
    pageErrors,
  }) => {
    allowRefusals(pageErrors, 409, '/wps/cashier/deposits');
    allowRefusals(pageErrors, 403, '/wps/session/login');
    // The time-out ends the page's session: a call already on its way is refused.
    allowRefusals(pageErrors, 401, '/wps/');
    const member = await registerByMobile(page.request, '103.4.146.77');
    await signInWithToken(page, member);

    // A daily deposit limit of 500.00, in force at once.
    await page.goto('/?member=securityCenter');
    const card = page.getByTestId('responsible-gaming');
    await expect(card).toBeVisible(SLOW);
    await expect(page.getByTestId('rg-no-limits')).toBeVisible();
    const limitForm = page.getByTestId('rg-limit-form');
    await limitForm.getByTestId('select-kind').selectOption('deposit');
    await limitForm.getByTestId('select-period').selectOption('day');
    await limitForm.getByTestId('input-amount').fill('500');
    await page.getByTestId('rg-limit-submit').click();
    await expect(page.getByTestId('rg-limit-result')).toContainText('in force now');
    await expect(page.getByTestId('rg-limit-deposit-day')).toContainText('0.00 of 500.00');
    await card.scrollIntoViewIfNeeded();
    await saveShot(page, 'protection', 'responsible-gaming');

    // A deposit of 600.00 is refused, naming limit, period, amount and usage.
    await page.goto('/?member=depositv2');
    await expect(page.getByTestId('page-depositv2')).toBeVisible(SLOW);
    await page.getByTestId('deposit-channel-NAGAD').click();
    await page.getByTestId('input-amount').fill('600');
    await page.getByTestId('input-reference').fill('NGDRG7X1Z');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-result')).toContainText(
      'over your deposit limit for the last 24 hours: limit 500.00, used 0.00',
    );

    // Data rights: everything kept about the member, as JSON and as a CSV table.
    await page.goto('/?member=securityCenter');
    await expect(page.getByTestId('my-data')).toBeVisible(SLOW);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-json').click(),
    ]);
    const data = JSON.parse(readFileSync((await json.path()) ?? '', 'utf8'));
    expect(data.username).toBe(member.userName);
    expect(data.sections.responsibleGaming.limits).toMatchObject([{ kind: 'deposit', period: 'day' }]);
    await page.getByTestId('my-data-csv').click();
    await page.getByTestId('my-data-table').selectOption('responsibleGaming.limits');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-save-csv').click(),
    ]);
    const lines = readFileSync((await csv.path()) ?? '', 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('kind,period,amount');
    expect(lines[1]).toMatch(/^deposit,day,50000,/);
    await page.getByTestId('my-data').scrollIntoViewIfNeeded();
    await saveShot(page, 'protection', 'my-data');

    // A one-day time-out: signed out at once.
    await page.goto('/?member=securityCenter');
    await expect(page.getByTestId('rg-pause-form')).toBeVisible(SLOW);
    await page.getByTestId('rg-pause-form').getByTestId('select-choice').selectOption('timeout:1');
    await page.getByTestId('check-understood').check();
    await page.getByTestId('rg-pause-submit').click();
    await expect(page.getByTestId('btn-login')).toBeVisible(SLOW);
    await expect(page.getByTestId('account-name')).toHaveCount(0);

    // Sign-in is refused, saying so in the member's language (the login form may be open already:
    // a call of the ended session asks for a login).
    await page.waitForLoadState('networkidle');
    // The form may also open while this looks (a call of the ended session asking for a login):
    // then the header's button is inert behind it and the click gives way.
    if (!(await page.getByTestId('input-username').isVisible()))
      await page
        .getByTestId('btn-login')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    await expect(page.getByTestId('input-username')).toBeVisible(SLOW);
    await page.getByTestId('input-username').fill(member.userName);
    await page.getByTestId('input-password').fill(MOBILE_PASSWORD);
    await page.getByTestId('btn-submit-login').click();
    await expect(page.getByTestId('form-error')).toContainText('You are taking a break until', SLOW);
    await expect(page.getByTestId('account-name')).toHaveCount(0);
  });
});

test.describe('limit prompt of the licence profile', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Saves the next version of the demo merchant's profile (the journey's own server only). */
  const setPrompt = async (request: APIRequestContext, token: string, limitPrompt: string) => {
    const { version } = (await staffCall(
      request,
      token,
      'GET',
      '/bo/api/protection/profile?merchant=khelabd',
    )) as { version: number };
    await staffCall(request, token, 'PUT', '/bo/api/protection/profile', {
      minAge: 18,
      moneyMode: 'real',
      allowedProducts: ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'],
      coolingOffHours: 24,
      limitPrompt,
      kycBeforeDeposit: false,
      kycWithdrawalAbove: null,
      merchant: 'khelabd',
      baseVersion: version,
    });
  };

  test('@desktop the deposit page asks for deposit limits first; the limit set there is in force', async ({
    page,
    pageErrors,
  }) => {
    allowRefusals(pageErrors, 409, '/wps/cashier/deposits');
    const risk = await staffLogin(page.request, 'risk');
    await setPrompt(page.request, risk, 'firstDeposit');
    try {
      const member = await registerByMobile(page.request, '103.4.146.78');
      await signInWithToken(page, member);

      // Elsewhere on the site nothing asks; the deposit page does.
      const stateCall = () =>
        page.waitForResponse((r) => r.url().endsWith('/wps/protection') && r.request().method() === 'GET');
      const home = stateCall();
      await page.goto('/');
      expect((await (await home).json()).value.limitPrompt).toEqual({ when: 'firstDeposit', due: true });
      await expect(page.getByTestId('account-name')).toHaveText(member.userName, SLOW);
      await expect(page.getByTestId('limit-prompt')).toHaveCount(0);
      await page.goto('/?member=depositv2');
      const prompt = page.getByTestId('limit-prompt');
      await expect(prompt).toBeVisible(SLOW);
      await expect(prompt.getByRole('heading')).toHaveText('Set your deposit limits');
      await saveShot(page, 'protection', 'limit-prompt');

      // Saving nothing is refused in the page; 300.00 a day is saved and closes the prompt.
      await prompt.getByTestId('limit-prompt-save').click();
      await expect(prompt).toContainText('Enter at least one limit');
      await prompt.getByTestId('input-day').fill('300');
      await prompt.getByTestId('limit-prompt-save').click();
      await expect(prompt).toHaveCount(0, SLOW);

      // The limit is in force: 400.00 is refused, naming it.
      await expect(page.getByTestId('page-depositv2')).toBeVisible(SLOW);
      await page.getByTestId('deposit-channel-NAGAD').click();
      await page.getByTestId('input-amount').fill('400');
      await page.getByTestId('input-reference').fill('NGDLP7X1Z');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('deposit-result')).toContainText(
        'over your deposit limit for the last 24 hours: limit 300.00, used 0.00',
      );
      // Reloading does not ask again: the answer is kept on the server.
      const reloaded = stateCall();
      await page.reload();
      expect((await (await reloaded).json()).value.limitPrompt).toEqual({ when: 'firstDeposit', due: false });
      await expect(page.getByTestId('page-depositv2')).toBeVisible(SLOW);
      await expect(page.getByTestId('limit-prompt')).toHaveCount(0);
    } finally {
      await setPrompt(page.request, risk, 'none');
    }
  });
});
