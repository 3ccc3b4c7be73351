import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { SideMenu, showsRightBar } from './side-menu';

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('shows the right bar and the promotion button only with REBATE3 on and service entries present', () => {
    expect(showsRightBar(makeStatus())).toBe(true);
    expect(showsRightBar(makeStatus({ flags: { REBATE3: false } }))).toBe(false);
    expect(showsRightBar(makeStatus({ customerService: [] }))).toBe(false);
    expect(showsRightBar(undefined)).toBe(false);
  });

  it('renders live chat, Facebook and the promotion button when allowed', async () => {
    const status = makeStatus();
    renderApp(<SideMenu status={status} />, { status });
    const rightBar = await screen.findByTestId('right-bar');
    expect(
      within(rightBar)
        .getAllByTestId('cs-entry')
        .map((entry) => entry.getAttribute('data-cs-type')),
    ).toEqual(['LIVECHAT', 'FACEBOOK']);
    expect(screen.getByTestId('promo-float').getAttribute('href')).toBe('/promotions');
    expect(screen.getByTestId('left-bar')).toBeTruthy();
  });

  it('leaves them out when the rebate module is off', async () => {
    const status = makeStatus({ flags: { REBATE3: false } });
    renderApp(<SideMenu status={status} />, { status });
    await screen.findByTestId('left-bar');
    expect(screen.queryByTestId('right-bar')).toBeNull();
    expect(screen.queryByTestId('promo-float')).toBeNull();
  });

  it("opens the 'updating' modal with a warning icon from the left bar", async () => {
    const user = userEvent.setup();
    const status = makeStatus();
    renderApp(<SideMenu status={status} />, { status });
    await user.click(await screen.findByTestId('left-bar-updating'));
    const modal = await screen.findByTestId('updating-modal');
    expect(within(modal).getByTestId('updating-warning-icon')).toBeTruthy();
    expect(within(modal).getByText('This feature is being updated. Please check back soon.')).toBeTruthy();
  });

  it('opens a service entry in the 440 x 750 service window at its decoded address', async () => {
    const user = userEvent.setup();
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn((..._args: unknown[]) => popup);
    vi.stubGlobal('open', open);
    const status = makeStatus();
    renderApp(<SideMenu status={status} />, { status });
    const [, facebook] = await screen.findAllByTestId('cs-entry');
    await user.click(facebook!);
    expect(open).toHaveBeenCalledWith(expect.any(String), 'service', 'width=440,height=750');
    const target = () => (open.mock.calls.at(-1)?.[0] as string) || popup.location.href;
    await waitFor(() => expect(target()).toMatch(/^https?:\/\/\S+/));
  });

  it('opens live chat as the support chat page, or the merchant’s external chat when set', async () => {
    const user = userEvent.setup();
    const open = vi.fn((..._args: unknown[]) => null);
    vi.stubGlobal('open', open);
    const status = makeStatus();
    const { unmount } = renderApp(<SideMenu status={status} />, { status });
    const [liveChat] = await screen.findAllByTestId('cs-entry');
    await user.click(liveChat!);
    expect(screen.getByTestId('location').textContent).toBe('/support');
    expect(open).not.toHaveBeenCalled();
    unmount();

    const external = makeStatus();
    external.info.resources = [
      {
        resourceType: 'livechat',
        labelNameEn: 'Chat',
        url: 'https://chat.example.com/widget.js',
        qrCodeUrl: null,
      },
    ];
    renderApp(<SideMenu status={external} />, { status: external });
    const [externalChat] = await screen.findAllByTestId('cs-entry');
    await user.click(externalChat!);
    expect(open).toHaveBeenCalledWith(
      'https://chat.example.com/widget.js',
      'service',
      'width=440,height=750',
    );
  });
});
