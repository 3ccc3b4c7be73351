import type { LotteryMenuGroup, LotteryMenuItem } from '@khela/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { LotteryPage } from './lottery-page';

const item = (nodeId: string, tag: string, over: Partial<LotteryMenuItem> = {}): LotteryMenuItem => ({
  gameId: nodeId.toUpperCase(),
  nodeId,
  vendor: 'ELOTT',
  accountTypeName: 'ELOTT',
  gameName: `Lottery ${nodeId}`,
  icon: null,
  gameMenuTag: tag,
  remark: '',
  numero: '20261125-0194',
  remainTime: 400,
  lockTime: 30,
  drawDayOfWeek: '1,2,3,4,5,6,7',
  winningTime: Date.UTC(2026, 10, 25, 10, 5),
  prizeMode: 'ELOTT',
  isHot: false,
  ...over,
});

const menu = (groups: [string, LotteryMenuItem[]][]) =>
  Object.fromEntries(
    groups.map(([tag, items]): [string, LotteryMenuGroup] => [
      tag,
      { tag, gameGroupCode: tag, displayName: tag, gameMenus: items },
    ]),
  );

/** Answers the menu call with each answer in turn (the last one again), counting the calls. */
const serveMenus = (...answers: Record<string, LotteryMenuGroup>[]) => {
  let calls = 0;
  const mock = vi.fn(async (input: URL | string) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/lgw/games/game_menus') {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return new Response(JSON.stringify(answer));
    }
    if (url.pathname.endsWith('GCSGAME_newGameVendor'))
      return new Response(JSON.stringify({ success: true, value: { version: 1, data: { lanes: [] } } }));
    throw new Error(`unexpected call ${url.pathname}`);
  });
  vi.stubGlobal('fetch', mock);
  return () => calls;
};

beforeAll(async () => {
  await i18nReady;
});
beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('lottery list page', () => {
  it('shows arrows on the menu tabs past seven groups, and the list of the picked group', async () => {
    const tags = ['VN', 'KENO', 'LOTTO', 'DIGITS', 'RACING', 'WHEEL', 'PK10', 'SSC'];
    serveMenus(menu(tags.map((tag, i) => [tag, [item(`g${i}`, tag)]])));
    const user = userEvent.setup();
    renderApp(<LotteryPage />, { route: '/lottery', status: makeStatus() });
    const bar = await screen.findByTestId('lottery-menu');
    expect(bar.getAttribute('data-arrows')).toBe('true');
    expect(within(bar).getByTestId('lottery-menu-prev')).toBeTruthy();
    expect(within(bar).getByTestId('lottery-menu-next')).toBeTruthy();
    expect(within(bar).getAllByTestId('lottery-menu-tab')).toHaveLength(8);
    await user.click(within(bar).getByText('SSC'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/lottery?tag=SSC'));
    expect(screen.getAllByTestId('lottery-item').map((li) => li.getAttribute('data-node-id'))).toEqual([
      'g7',
    ]);
  });

  it('polls again when the least time left to bet runs out, then at most every 30 s', async () => {
    // 1 s left to bet: asked again after 1 s; that answer has 30 s and more: not asked again soon.
    const calls = serveMenus(
      menu([['KENO', [item('a', 'KENO', { remainTime: 9, lockTime: 8 }), item('b', 'KENO')]]]),
      menu([['KENO', [item('a', 'KENO', { remainTime: 300, lockTime: 8, numero: '20261125-0195' })]]]),
    );
    renderApp(<LotteryPage />, { route: '/lottery', status: makeStatus() });
    expect(await screen.findAllByTestId('lottery-item')).toHaveLength(2);
    expect(screen.getAllByTestId('lottery-countdown')[0]?.textContent).toContain('Closes in 00:01');
    await waitFor(() => expect(calls()).toBe(2), { timeout: 3000 });
    await waitFor(() => expect(screen.getAllByTestId('lottery-item')).toHaveLength(1));
    expect(screen.getByTestId('lottery-numero').getAttribute('data-numero')).toBe('20261125-0195');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    expect(calls()).toBe(2);
  });
});
