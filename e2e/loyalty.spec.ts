import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/*
 * Loyalty (issue 19, ADR 037), what only a browser proves: a mission finished by real play (a
 * lottery slip of real bets) is claimed on the member centre's mission page; a VIP level reached by
 * real play shows on /vip with its level-up bonus paid; the points mall shows the member's points and its rewards. The rules
 * (rates, caps, once-only runs, redemption review) are proven by the server tests (loyalty/*.test.ts).
 */

const SLOW = { timeout: 30_000 };

type Member = Awaited<ReturnType<typeof registerByMobile>>;

const signedIn = (page: Page, member: Member, lang: 'en' | 'bn') => signInWithToken(page, member, lang);

/**
 * Real play: one keno slip of `bets` bets of `stakeMinor` on the open issue. An issue can lock
 * between reading it and betting on it (`lottery.issue.closed`): then the slip goes to the next one.
 */
const playKeno = async (request: APIRequestContext, member: Member, bets: number, stakeMinor: number) => {
  const headers = { Authorization: member.token, Merchant: 'khelabd' };
  for (let attempt = 1; ; attempt++) {
    let issueNo = '';
    await expect(async () => {
      const games = await request.get('/wps/lottery/games', { headers });
      const { serverTime, games: list } = (await games.json()).value as {
        serverTime: number;
        games: { code: string; current: { issueNo: string; locksAt: number } | null }[];
      };
      const current = list.find((g) => g.code === 'KENO1')?.current;
      // An issue about to lock is skipped: on a loaded machine the slip may reach it too late.
      expect(current && current.locksAt - serverTime >= 4_000).toBe(true);
      issueNo = current?.issueNo ?? '';
    }).toPass({ timeout: 60_000 });
    const slip = await request.post('/wps/lottery/bets', {
      headers,
      data: {
        gameCode: 'KENO1',
        issueNo,
        requestKey: `e2e-${issueNo}-${Date.now()}`,
        bets: Array.from({ length: bets }, (_, i) => ({
          betType: 'pick',
          selection: { numbers: [i + 1] },
          stakeMinor,
        })),
      },
    });
    const text = await slip.text();
    // Only a lock reached meanwhile sends the slip to the next issue; any other refusal fails.
    if (slip.status() === 409 && text.includes('lottery.issue.closed') && attempt < 5) continue;
    expect(slip.status(), text).toBe(200);
    return;
  }
};

test.describe('loyalty', () => {
  test.describe.configure({ timeout: 180_000 });

  test('@desktop finish a mission by playing and claim it; reach VIP level 1; see the points mall', async ({
    page,
  }) => {
    const owner = await staffLogin(page.request, 'owner');
    const code = `e2e${Date.now().toString(36)}`;
    const mission = await page.request.put('/bo/api/loyalty/missions', {
      headers: { Authorization: owner },
      data: {
        merchant: 'khelabd',
        code,
        period: 'daily',
        kind: 'rounds',
        product: null,
        target: '3',
        rewardMinor: '500',
        name: { en: 'Place 3 bets today', bn: 'আজ ৩টি বাজি ধরুন' },
        active: true,
      },
    });
    expect(mission.status(), await mission.text()).toBe(200);
    // Level 1 after 30.00 of turnover and no deposit (the rule's other parts as by default).
    const current = await page.request.get('/bo/api/loyalty/rule?merchant=khelabd', {
      headers: { Authorization: owner },
    });
    const rule = (await current.json()).value.rule as {
      vip: { tiers: { level: number; turnoverMinor: string; depositMinor: string }[] };
    };
    rule.vip.tiers = rule.vip.tiers.map((tier) =>
      tier.level === 1 ? { ...tier, turnoverMinor: '3000', depositMinor: '0' } : tier,
    );
    const saved = await page.request.put('/bo/api/loyalty/rule', {
      headers: { Authorization: owner },
      data: { merchant: 'khelabd', rule },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const member = await registerByMobile(page.request, '103.4.146.91');
    await fundMember(page.request, member.id, 100_000);
    await signedIn(page, member, 'en');
    await playKeno(page.request, member, 3, 1_000);

    await page.goto('/?member=missionLeaderboard');
    const card = page.getByTestId(`mission-${code}`);
    await expect(card).toBeVisible(SLOW);
    await expect(page.getByTestId(`mission-progress-${code}`)).toHaveText('3 / 3');
    // The member centre's menu counts the missions claimable now (spec §2 badges).
    await expect(page.getByTestId('member-menu-badge-missionLeaderboard')).toHaveText('1');
    await saveShot(page, 'loyalty', 'missions-en-1440');
    await page.getByTestId(`mission-claim-${code}`).click();
    await expect(page.getByTestId('missions-outcome')).toContainText('Claimed: 5.00', SLOW);
    await expect(page.getByTestId(`mission-claim-${code}`)).toBeDisabled();
    await expect(page.getByTestId('member-menu-badge-missionLeaderboard')).toHaveCount(0);
    await expect(page.getByTestId('missions-board')).toContainText('1 mission');

    await page.goto('/vip');
    await expect(page.getByTestId('vip-level')).toHaveAttribute('data-level', '1', SLOW);
    await expect(page.getByTestId('vip-tier-1')).toBeVisible();
    // Reaching level 1 paid its level-up bonus (50.00 by the default rule, ADR 056), listed as mine;
    // the tiers show the bonuses and the withdrawal limit per 24 hours.
    await expect(page.getByTestId('vip-bonus-level_up-1')).toContainText('50.00', SLOW);
    await expect(page.getByTestId('vip-tier-1-levelup')).toContainText('50.00');
    await expect(page.getByTestId('vip-tier-1-birthday')).toContainText('100.00');
    await expect(page.getByTestId('vip-tiers')).toContainText('Withdrawal limit / 24 h');
    await saveShot(page, 'loyalty', 'vip-en-1440', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'loyalty', 'vip-en-390', { fullPage: true });

    await page.goto('/pointMall');
    await expect(page.getByTestId('mall-points')).toHaveText('0', SLOW);
    await expect(page.getByTestId('mall-convert')).toBeVisible();
    await saveShot(page, 'loyalty', 'mall-en-390', { fullPage: true });
  });

  test('@desktop the pages in Bangla', async ({ page }) => {
    const member = await registerByMobile(page.request, '103.4.146.92');
    await signedIn(page, member, 'bn');
    await page.goto('/vip');
    await expect(page.getByTestId('vip-level')).toBeVisible(SLOW);
    await expect(page.getByTestId('page-vip')).toContainText('ভিআইপি ক্লাব');
    await expect(page.getByTestId('vip-tiers')).toContainText('লেভেল-আপ বোনাস');
    await saveShot(page, 'loyalty', 'vip-bn-1440', { fullPage: true });
    await page.goto('/pointMall');
    await expect(page.getByTestId('page-pointMall')).toContainText('পয়েন্ট মল', SLOW);
    await saveShot(page, 'loyalty', 'mall-bn-1440', { fullPage: true });
    await page.goto('/?member=manualRebate');
    await expect(page.getByTestId('rebate-page')).toContainText('ম্যানুয়াল রিবেট', SLOW);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'loyalty', 'rebate-bn-390');
  });
});
