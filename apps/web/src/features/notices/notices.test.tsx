import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnnouncements, makeStatus, NOTICES } from '../../../test/fixtures';
import { makeClient, renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { clearSession, passwordChanged, signIn } from '../../shared/state/session';
import { MODAL_TRANSITION_MS } from '../../shared/ui/modal-host';
import { NoticeBar } from './notice-bar';
import { NoticePage } from './notice-page';
import {
  AFTER_LOGIN_POPUP_QUERY,
  dueFirstLoginPopups,
  duePopups,
  dueUserPopups,
  FIRST_LOGIN_POPUP_QUERY,
  NoticePopups,
} from './notice-popups';

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

describe('after-login popups', () => {
  afterEach(() => clearSession());

  it('open once a member is signed in; closing stores USER_POPUP=closed', async () => {
    const user = userEvent.setup();
    signIn({ token: 'member-token', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
    const client = makeClient();
    const afterLogin = makeAnnouncements({
      popup: [
        {
          id: 91,
          title: 'Members only',
          content: '<p>Hello</p>',
          createdAt: 0,
          execution: 'A',
          imageUrl: null,
        },
      ],
    });
    client.setQueryData(
      ['announcements', 'en', '', AFTER_LOGIN_POPUP_QUERY.execution, 'member-token'],
      afterLogin,
    );
    renderApp(<NoticePopups />, { status, announcements, client });
    const popup = await screen.findByTestId('notice-popup');
    expect(within(popup).getByText('Members only')).toBeTruthy();
    await user.click(within(popup).getByTestId('popup-close'));
    expect(sessionStorage.getItem('USER_POPUP')).toBe('closed');
    expect(dueUserPopups(afterLogin.popup)).toEqual([]);
  });

  it('show the body as formatted text: HTML from the back office, sanitised', async () => {
    signIn({ token: 'member-token', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
    const client = makeClient();
    client.setQueryData(
      ['announcements', 'en', '', AFTER_LOGIN_POPUP_QUERY.execution, 'member-token'],
      makeAnnouncements({
        popup: [
          {
            id: 92,
            title: 'Formatted',
            content:
              '<p>Deposit <strong>today</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
            createdAt: 0,
            execution: 'A',
            imageUrl: null,
          },
        ],
      }),
    );
    renderApp(<NoticePopups />, { status, announcements, client });
    const body = await screen.findByTestId('notice-popup-body');
    expect(body.textContent).toBe('Deposit today');
    expect(body.querySelector('strong')?.textContent).toBe('today');
    expect(body.innerHTML).not.toContain('&lt;p&gt;');
    expect(body.innerHTML).not.toContain('onerror');
    expect(body.querySelector('script')).toBeNull();
  });

  it('show first-login popups (F) once after a first login, before the after-login ones', async () => {
    const user = userEvent.setup();
    signIn({
      token: 'member-token',
      userName: 'new01',
      nickname: 'new01',
      id: 2,
      customerType: 0,
      firstTimeLogin: true,
    });
    expect(sessionStorage.getItem('FIRST_LOGIN_POPUP')).toBe('due');
    const client = makeClient();
    const popup = (id: number, title: string, execution: 'A' | 'F') => ({
      id,
      title,
      content: `<p>${title} body</p>`,
      createdAt: 0,
      execution,
      imageUrl: null,
    });
    client.setQueryData(
      ['announcements', 'en', '', FIRST_LOGIN_POPUP_QUERY.execution, 'member-token'],
      makeAnnouncements({ popup: [popup(71, 'Welcome aboard', 'F')] }),
    );
    client.setQueryData(
      ['announcements', 'en', '', AFTER_LOGIN_POPUP_QUERY.execution, 'member-token'],
      makeAnnouncements({ popup: [popup(72, 'Members only', 'A')] }),
    );
    renderApp(<NoticePopups />, { status, announcements, client });
    const shown = await screen.findByTestId('notice-popup');
    const tabs = within(shown)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Welcome aboard', 'Members only']);
    expect(within(shown).getByTestId('notice-popup-body').textContent).toBe('Welcome aboard body');
    await user.click(within(shown).getByTestId('popup-close'));
    expect(sessionStorage.getItem('FIRST_LOGIN_POPUP')).toBe('shown');
    expect(dueFirstLoginPopups([popup(71, 'Welcome aboard', 'F')])).toEqual([]);
  });

  it('wait for a forced password change: the change comes first, the popups after it', async () => {
    signIn({
      token: 'member-token',
      userName: 'new02',
      nickname: 'new02',
      id: 3,
      customerType: 0,
      firstTimeLogin: true,
      mustChangePassword: true,
    });
    const client = makeClient();
    client.setQueryData(
      ['announcements', 'en', '', FIRST_LOGIN_POPUP_QUERY.execution, 'member-token'],
      makeAnnouncements({
        popup: [
          { id: 73, title: 'Welcome', content: '<p>Hi</p>', createdAt: 0, execution: 'F', imageUrl: null },
        ],
      }),
    );
    client.setQueryData(
      ['announcements', 'en', '', AFTER_LOGIN_POPUP_QUERY.execution, 'member-token'],
      makeAnnouncements({ popup: [] }),
    );
    renderApp(<NoticePopups />, { status, announcements, client });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
    expect(sessionStorage.getItem('FIRST_LOGIN_POPUP')).toBe('due');
    act(() => passwordChanged());
    const shown = await screen.findByTestId('notice-popup');
    expect(within(shown).getByText('Welcome')).toBeTruthy();
  });

  it('show no first-login popups after a login that was not the first', () => {
    signIn({ token: 't', userName: 'u', nickname: 'u', id: 1, customerType: 0, firstTimeLogin: false });
    const f = { id: 1, title: 'F', content: '', createdAt: 0, execution: 'F' as const, imageUrl: null };
    expect(sessionStorage.getItem('FIRST_LOGIN_POPUP')).toBeNull();
    expect(dueFirstLoginPopups([f])).toEqual([]);
  });

  it('are not due to visitors, nor before-login popups to members', () => {
    const popups = [
      { id: 1, title: 'B', content: '', createdAt: 0, execution: 'B' as const, imageUrl: null },
      { id: 2, title: 'A', content: '', createdAt: 0, execution: 'A' as const, imageUrl: null },
    ];
    expect(dueUserPopups(popups)).toEqual([]);
    signIn({ token: 't', userName: 'u', nickname: 'u', id: 1, customerType: 0 });
    expect(dueUserPopups(popups).map((p) => p.id)).toEqual([2]);
    expect(duePopups(popups)).toEqual([]);
  });
});

describe('notice page', () => {
  it('shows a notice body written in the back office as formatted text', async () => {
    renderApp(<NoticePage />, {
      status,
      announcements: makeAnnouncements({
        popup: [],
        player: [
          { id: 31, title: 'Rich', content: '<p>Play <em>fair</em></p><ul><li>one</li></ul>', createdAt: 0 },
        ],
      }),
      route: '/noticePage',
    });
    const body = await screen.findByTestId('notice-page-body');
    expect(body.textContent).toBe('Play fairone');
    expect(body.querySelector('em')?.textContent).toBe('fair');
    expect(body.querySelector('li')?.textContent).toBe('one');
  });

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
