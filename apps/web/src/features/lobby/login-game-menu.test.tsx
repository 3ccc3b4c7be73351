import type { GameCard, GameLane } from '@khela/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClient, renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { LoginGameMenu } from './login-game-menu';

const card = (vassalage: string, gameType: GameCard['gameType'], isHot = false): GameCard => ({
  vassalage,
  vendor: vassalage,
  gameType,
  displayName: `${vassalage} name`,
  isHot,
  accountTypeId: 1,
  accountTypeName: vassalage,
  isGame: 'VASSALAGE',
  gameCode: null,
  defaultPlayType: null,
  allowDemo: false,
  gameCount: 3,
  lagerIcon: null,
  smallIcon: null,
  mobileSmallIcon: null,
  h5Icon: null,
});
const LANES: GameLane[] = [
  { title: 'RNG', cards: [card('PG', 'RNG', true), card('CQ9', 'RNG')], gameClassify: [] },
  { title: 'LIVE', cards: [card('EVO', 'LIVE', true)], gameClassify: [] },
  { title: 'FISH', cards: [card('JILI', 'FISH')], gameClassify: [] },
];

beforeAll(async () => {
  await i18nReady;
});
beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  await changeLanguage('en');
});
afterEach(cleanup);

const renderMenu = () => {
  const client = makeClient();
  client.setQueryData(['game-vendors', '', 'en'], LANES);
  let picked = 0;
  renderApp(<LoginGameMenu onPick={() => picked++} />, { client });
  return { picks: () => picked };
};

describe('login modal game menu', () => {
  it('opens on hot slot vendors, each to /rng?vassalage=, and closes the modal on a pick', async () => {
    const user = userEvent.setup();
    const { picks } = renderMenu();
    const menu = await screen.findByTestId('login-game-menu');
    const tabs = within(menu).getAllByTestId('login-menu-tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Hot games', 'Slots', 'Live casino', 'Fishing']);
    const vendors = within(menu).getAllByTestId('login-menu-vendor');
    expect(vendors.map((link) => link.getAttribute('href'))).toEqual(['/rng?vassalage=PG']);
    await user.click(vendors[0] as HTMLElement);
    expect(picks()).toBe(1);
    expect(screen.getByTestId('location').textContent).toBe('/rng?vassalage=PG');
  });

  it('sends slot vendors to /rng, fishing vendors to /fish, and opens /login in a 1300x900 popup for others', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { picks } = renderMenu();
    const menu = await screen.findByTestId('login-game-menu');
    await user.click(within(menu).getByRole('tab', { name: 'Slots' }));
    expect(
      within(menu)
        .getAllByTestId('login-menu-vendor')
        .map((v) => v.getAttribute('href')),
    ).toEqual(['/rng?vassalage=PG', '/rng?vassalage=CQ9']);
    await user.click(within(menu).getByRole('tab', { name: 'Fishing' }));
    expect(within(menu).getByTestId('login-menu-vendor').getAttribute('href')).toBe('/fish');
    await user.click(within(menu).getByRole('tab', { name: 'Live casino' }));
    const live = within(menu).getByTestId('login-menu-vendor');
    expect(live.tagName).toBe('BUTTON');
    await user.click(live);
    expect(opened).toHaveBeenCalledWith('/login', '_blank', 'popup,width=1300,height=900');
    expect(picks()).toBe(1);
    // The page itself stays where it was.
    expect(screen.getByTestId('location').textContent).toBe('/');
    opened.mockRestore();
  });
});
