import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { classicSlotNodes } from './classic-slots';
import { expect, openPage, test } from './fixtures';
import { fundMember } from './members';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/**
 * The agent centre (issue 20): the demo agent signs in on /agentHome, registers a downline agent
 * with a contract offer, reads the team overview, and after its team plays and a settlement run
 * sees the real-time salary in its income. The money logic is proven by the server tests.
 */
test.describe.configure({ timeout: 180_000 });

const prepare = (page: Page, language: string) =>
  page.addInitScript((lang) => window.localStorage.setItem('hisLang', lang), language);

const shoot = (page: Page, name: string, project: string) => saveShot(page, 'agency', `${project}-${name}`);

/** crew01 (agent01's downline player kept for this journey) plays a few spins of an in-house slot through the API. */
const teamPlays = async (request: APIRequestContext) => {
  const login = await request.post('/wps/session/login', {
    data: { username: 'crew01', password: 'Demo1234' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token, id } = (await login.json()).value as { token: string; id: number };
  await fundMember(request, id, 100_000);
  const [nodeId] = await classicSlotNodes(request, 'gameType=RNG&vassalage=PG');
  expect(nodeId, 'an in-house slot').toBeTruthy();
  const launched = await request.get(`/wps/game/launchGame?nodeId=${nodeId}&launchMode=GLS&accountType=1`, {
    headers: { Authorization: token },
  });
  expect(launched.status(), await launched.text()).toBe(200);
  const url = (await launched.json()).value.content.game_url as string;
  const opened = await request.post('/wps/game/session', {
    data: { token: new URL(url, 'http://x').searchParams.get('t') },
  });
  const session = (await opened.json()).value.sessionToken as string;
  const init = await request.get('/wps/game/slot/init', { headers: { 'x-game-session': session } });
  const bet = (await init.json()).value.defaultBetMinor as string;
  for (let i = 0; i < 5; i++) {
    const spin = await request.post('/wps/game/slot/spin', {
      headers: { 'x-game-session': session },
      data: { requestId: randomUUID(), betMinor: bet },
    });
    expect(spin.status(), await spin.text()).toBe(200);
  }
};

test('an agent registers a downline with a contract, sees the team and its real-time salary', async ({
  page,
}, info) => {
  const project = info.project.name;
  await prepare(page, 'en');
  await openPage(page, '/agentHome', 'agentHome');
  const form = page.getByTestId('agent-login-form');
  await form.getByTestId('input-username').fill('agent01');
  await form.getByTestId('input-password').fill('Agent1234');
  await form.getByTestId('btn-submit-login').click();
  const centre = page.getByTestId('agency-centre');
  await expect(centre).toBeVisible();
  await expect(page.getByTestId('agency-overview')).toBeVisible();
  await expect(page.getByTestId('agency-team-size')).not.toHaveText('—');

  // Register centre: a downline agent with a daily-salary offer under the agent's own.
  const username = `sub${project.slice(0, 1)}${Date.now().toString(36).slice(-6)}`;
  await page.getByTestId('agency-menu-register').click();
  await page.getByTestId('agency-register-username').fill(username);
  await page.getByTestId('agency-register-password').fill('Start1234');
  await page.getByTestId('agency-register-agent').check();
  await page.getByTestId('agency-register-kind').selectOption('daily');
  await page.getByTestId('agency-register-rate').fill('0.3');
  await shoot(page, 'register-en', project);
  await page.getByTestId('agency-register-submit').click();
  await expect(page.getByTestId('agency-register-done')).toContainText(username);

  await page.getByTestId('agency-menu-downline').click();
  await page.getByTestId('agency-downline-search').fill(username);
  const row = page.getByTestId('agency-downline-row').filter({ hasText: username });
  await expect(row.getByTestId('agency-downline-contract')).toContainText('0.3%');

  // The team plays; the back office pays the hour's real-time salary so far.
  await teamPlays(page.request);
  const staff = await staffLogin(page.request, 'finance');
  const run = await page.request.post('/bo/api/agency/runs', {
    headers: { Authorization: staff },
    data: { merchant: 'khelabd', kind: 'realtime' },
  });
  expect(run.status(), await run.text()).toBe(200);

  await page.getByTestId('agency-menu-overview').click();
  await expect(page.getByTestId('agency-active')).not.toHaveText('0');
  await shoot(page, 'overview-en', project);
  await page.getByTestId('agency-menu-realtime').click();
  await expect(page.getByTestId('agency-income-realtime').getByTestId('agency-bill').first()).toBeVisible();
  await page.getByTestId('agency-menu-income').click();
  await expect(page.getByTestId('agency-income-total')).not.toHaveText(/^\D*0\.00$/);
  await shoot(page, 'income-en', project);

  // The same centre in Bangla.
  await page.evaluate(() => window.localStorage.setItem('hisLang', 'bn'));
  await prepare(page, 'bn');
  await page.reload();
  await expect(page.getByTestId('agency-menu-overview')).toHaveText('টিম ওভারভিউ');
  await shoot(page, 'overview-bn', project);
  // Phone first: the same centre at 390 px, the menu a row of chips, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('agency-centre').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('agency-overview')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'overview-bn-390', project);
  await page.getByTestId('agency-menu-income').click();
  await shoot(page, 'income-bn-390', project);
});

test('the join page shows the programme and takes an application', async ({ page }, info) => {
  await prepare(page, 'en');
  await openPage(page, '/join', 'join');
  await expect(page.getByTestId('join-table-daily')).toBeVisible();
  await page.getByTestId('join-name').fill('Rahim Uddin');
  await page.getByTestId('join-contact').fill('+8801711000000');
  await saveShot(page, 'agency', `${info.project.name}-join-en`);
  await page.getByTestId('join-submit').click();
  await expect(page.getByTestId('join-applied')).toBeVisible();
});
