import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { AccountMenu } from '../features/account/account-menu';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { clearSession, signIn } from '../shared/state/session';

const status = makeStatus({ flags: { INBOX3: true, FEEDBACK3: true } });

type Message = {
  id: number;
  title: string;
  body: string;
  kind: 'notice' | 'reply';
  read: boolean;
  createdAt: number;
};
let messages: Message[] = [];
let sent: { path: string; method: string; body: unknown }[] = [];

const unread = () => messages.filter((m) => !m.read).length;

/** A tiny stand-in of the inbox API: reads mark messages read; feedback is accepted. */
const answer = async (path: string, init?: RequestInit): Promise<unknown> => {
  if (path === '/wps/member/info') return { id: 7, account: 'team02', nickname: 'team02', type: 0 };
  if (path === '/wps/v2/wallets/balance')
    return { sumBalance: '0.00', sumBalanceMinor: '0', balance: [], currency: 'BDT', currencySymbol: '৳' };
  if (path === '/wps/relay/CSP_unreadCount') return unread();
  if (path === '/wps/inbox/messages')
    return { items: messages, total: messages.length, unread: unread(), pageNo: 1, pageSize: 10 };
  if (path === '/wps/inbox/messages/read') {
    const body = JSON.parse(String(init?.body)) as { ids?: number[]; all?: true };
    for (const m of messages) if (body.all || body.ids?.includes(m.id)) m.read = true;
    return { unread: unread() };
  }
  if (path === '/wps/feedback' && init?.method === 'PUT') return { id: 41 };
  if (path === '/wps/feedback') return [];
  return undefined;
};

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  close() {}
}

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
  signIn({ token: 'tok-7', userName: 'team02', nickname: 'team02', id: 7, customerType: 0 });
  messages = [
    {
      id: 2,
      title: 'Weekend bonus',
      body: '<p>Deposit <strong>today</strong> for 10% more.</p><script>alert(1)</script>',
      kind: 'notice',
      read: false,
      createdAt: Date.UTC(2026, 2, 2),
    },
    {
      id: 1,
      title: 'Welcome',
      body: '<p>Hello</p>',
      kind: 'reply',
      read: true,
      createdAt: Date.UTC(2026, 2, 1),
    },
  ];
  sent = [];
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      sent.push({ path, method: init?.method ?? 'GET', body: init?.body });
      const value = await answer(path, init);
      return new Response(
        JSON.stringify(value === undefined ? { success: false } : { success: true, value }),
        {
          status: value === undefined ? 404 : 200,
        },
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('platform information (messageV2)', () => {
  it('badges the unread count, shows unread messages, and reads one when it is opened', async () => {
    const user = userEvent.setup();
    renderApp(<AccountMenu />, { route: '/?member=messageV2', status });
    const centre = await screen.findByTestId('member-centre', {}, { timeout: 8000 });
    expect((await within(centre).findByTestId('member-menu-badge-messageV2')).textContent).toBe('1');
    const items = await screen.findAllByTestId('inbox-message', {}, { timeout: 8000 });
    expect(items.map((i) => i.dataset.read)).toEqual(['false', 'true']);
    expect(screen.getByTestId('inbox-unread-line').textContent).toBe('1 unread message');
    expect(within(items[1] as HTMLElement).getByText('Reply to your feedback')).toBeTruthy();

    await user.click(within(items[0] as HTMLElement).getByTestId('inbox-message-toggle'));
    const body = await screen.findByTestId('inbox-message-body');
    expect(body.textContent).toBe('Deposit today for 10% more.');
    expect(body.querySelector('strong')?.textContent).toBe('today');
    expect(body.querySelector('script')).toBeNull();
    await waitFor(() =>
      expect(sent.find((s) => s.path === '/wps/inbox/messages/read')?.body).toBe(
        JSON.stringify({ ids: [2] }),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('member-menu-badge-messageV2')).toBeNull());
    expect(screen.getByTestId('inbox-unread-line').textContent).toBe('Everything is read.');
  });

  it('marks every message read at once', async () => {
    const user = userEvent.setup();
    messages.push({ id: 3, title: 'Another', body: 'x', kind: 'notice', read: false, createdAt: 0 });
    renderApp(<AccountMenu />, { route: '/?member=messageV2', status });
    expect(
      (await screen.findByTestId('member-menu-badge-messageV2', {}, { timeout: 8000 })).textContent,
    ).toBe('2');
    await user.click(await screen.findByTestId('inbox-read-all'));
    await waitFor(() => expect(screen.queryByTestId('member-menu-badge-messageV2')).toBeNull());
    expect(
      sent.some((s) => s.path === '/wps/inbox/messages/read' && s.body === JSON.stringify({ all: true })),
    ).toBe(true);
  });
});

describe('feedback', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('asks for a question type and content, refuses a file that is not PNG/JPG, and sends the rest as multipart', async () => {
    const user = userEvent.setup();
    renderApp(<AccountMenu />, { route: '/?member=messageV2&inbox=feedback', status });
    const form = await screen.findByTestId('feedback-form', {}, { timeout: 8000 });
    // The tab parameter opened the feedback tab once and left the URL.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/?member=messageV2'));

    await user.click(within(form).getByTestId('feedback-submit'));
    expect(within(form).getByTestId('error-questionType').textContent).toBe('Choose a question type.');
    expect(within(form).getByTestId('error-content').textContent).toBe('Write your feedback.');
    expect(sent.some((s) => s.method === 'PUT')).toBe(false);

    await user.selectOptions(within(form).getByTestId('select-questionType'), 'withdrawal');
    await user.type(within(form).getByTestId('input-feedback-content'), 'My withdrawal is late');
    expect(within(form).getByText('21 / 140 characters')).toBeTruthy();
    // A text file named like a picture is refused by its first bytes.
    await user.upload(
      within(form).getByTestId('input-image-1'),
      new File([new TextEncoder().encode('not an image')], 'shot.png', { type: 'image/png' }),
    );
    expect((await within(form).findByTestId('error-image-1')).textContent).toBe(
      'Only PNG or JPG images are accepted.',
    );
    await user.upload(
      within(form).getByTestId('input-image-1'),
      new File([PNG], 'shot.png', { type: 'image/png' }),
    );
    await within(form).findByTestId('image-1-preview');
    // A second picker appears for the next picture.
    expect(within(form).getByTestId('input-image-2')).toBeTruthy();

    await user.click(within(form).getByTestId('feedback-submit'));
    expect(await screen.findByTestId('feedback-sent')).toBeTruthy();
    const put = sent.find((s) => s.path === '/wps/feedback' && s.method === 'PUT');
    const body = put?.body as FormData;
    expect(body.get('questionType')).toBe('withdrawal');
    expect(body.get('content')).toBe('My withdrawal is late');
    expect(body.getAll('image')).toHaveLength(1);
  });
});
