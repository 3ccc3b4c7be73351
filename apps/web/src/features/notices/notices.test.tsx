import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnnouncements, makeStatus, NOTICES } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { MODAL_TRANSITION_MS } from '../../shared/ui/modal-host';
import { NoticeBar } from './notice-bar';
import { NoticePage } from './notice-page';
import { NoticePopups } from './notice-popups';

const status = makeStatus();
const announcements = makeAnnouncements();
const gone = { timeout: MODAL_TRANSITION_MS + 600 };

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(cleanup);

describe('notice bar', () => {
  it('shows each notice title once for the tab order (the copy that closes the loop is hidden)', async () => {
    renderApp(<NoticeBar />, { status, announcements });
    const bar = await screen.findByTestId('notice-bar');
    const items = within(bar).getAllByTestId('notice-item');
    expect(items.map((item) => item.textContent)).toEqual(NOTICES.map((notice) => notice.title));
    expect(within(bar).getByRole('link', { name: /All/ }).getAttribute('href')).toBe('/noticePage');
  });

  it('opens the notice modal at the tapped notice, with previous and next inside', async () => {
    const user = userEvent.setup();
    renderApp(<NoticeBar />, { status, announcements });
    const items = await screen.findAllByTestId('notice-item');
    await user.click(items[1]!);

    const modal = await screen.findByTestId('notice-modal');
    expect(within(modal).getByTestId('notice-modal-item').getAttribute('data-index')).toBe('1');
    expect(within(modal).getByRole('heading', { name: 'Second notice' })).toBeTruthy();
    expect(within(modal).getByText('2 / 3')).toBeTruthy();

    await user.click(within(modal).getByTestId('notice-next'));
    expect(within(modal).getByRole('heading', { name: 'Third notice' })).toBeTruthy();
    expect((within(modal).getByTestId('notice-next') as HTMLButtonElement).disabled).toBe(true);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(modal).getByRole('heading', { name: 'First notice' })).toBeTruthy();
    expect((within(modal).getByTestId('notice-prev') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is absent when there are no notices', async () => {
    renderApp(<NoticeBar />, { status, announcements: makeAnnouncements({ player: [] }) });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    expect(screen.queryByTestId('notice-bar')).toBeNull();
  });
});

describe('notice popups', () => {
  it('open once per session: closing stores ANONYMOUS_POPUP=closed and they stay away', async () => {
    const user = userEvent.setup();
    renderApp(<NoticePopups />, { status, announcements });
    const popup = await screen.findByTestId('notice-popup');
    expect(within(popup).getByRole('tab', { name: 'Welcome bonus', selected: true })).toBeTruthy();
    expect(within(popup).getByRole('tab', { name: 'Get the app' })).toBeTruthy();

    await user.click(within(popup).getByTestId('popup-close'));
    expect(sessionStorage.getItem('ANONYMOUS_POPUP')).toBe('closed');
    await waitFor(() => expect(screen.queryByTestId('notice-popup')).toBeNull(), gone);

    // A new page load in the same session.
    cleanup();
    renderApp(<NoticePopups />, { status, announcements });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
  });

  it('count as closed when dismissed with Escape, and page through with next', async () => {
    const user = userEvent.setup();
    renderApp(<NoticePopups />, { status, announcements });
    const popup = await screen.findByTestId('notice-popup');
    await user.click(within(popup).getByRole('button', { name: 'Next' }));
    expect(within(popup).getByRole('tab', { name: 'Get the app', selected: true })).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Got it' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(sessionStorage.getItem('ANONYMOUS_POPUP')).toBe('closed');
  });

  it('are not shown to a logged-in member (a token in session storage)', async () => {
    sessionStorage.setItem('token', 'member-token');
    renderApp(<NoticePopups />, { status, announcements });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
  });
});

describe('notice page', () => {
  it('lists popups and notices and closes back home', async () => {
    const user = userEvent.setup();
    renderApp(<NoticePage />, { status, announcements, route: '/noticePage' });
    const page = await screen.findByTestId('page-noticePage');
    const titles = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Welcome bonus', 'Get the app', ...NOTICES.map((notice) => notice.title)]);
    await user.click(within(page).getByTestId('notice-page-close'));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
