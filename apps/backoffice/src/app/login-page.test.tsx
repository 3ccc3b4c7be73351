import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../shared/i18n';
import { LoginPage } from './login-page';

type Call = { url: string; body: unknown };

/** Answers the staff API from a script and records what the page sent. */
const mockApi = (answers: Record<string, (body: Record<string, unknown>) => unknown>) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input)).pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url, body });
      const answer = answers[url]?.(body ?? {});
      return new Response(JSON.stringify(answer ?? { success: false, errorCode: 'not.found' }), {
        status: answer && (answer as { success: boolean }).success ? 200 : 401,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
};

const renderLogin = () => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>signed in</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const session = { success: true, value: { step: 'session', token: 't'.repeat(43), expiresAt: 0, staff: {} } };

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('staff sign-in', () => {
  it('asks for the password, then the code, and sends them together', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ '/bo/api/session/login': (b) => (b.totp === '123456' ? session : null) });
    const router = renderLogin();
    await user.type(await screen.findByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'Staff1234!');
    await user.click(screen.getByTestId('login-submit'));
    expect(calls).toEqual([]);
    await user.type(await screen.findByLabelText(/authenticator app/), '12345');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    await user.type(screen.getByLabelText(/authenticator app/), '6');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([
      { url: '/bo/api/session/login', body: { username: 'owner', password: 'Staff1234!', totp: '123456' } },
    ]);
    expect(sessionStorage.getItem('bo.token')).toBe('t'.repeat(43));
  });

  it('shows a refusal in words, not as a code', async () => {
    const user = userEvent.setup();
    mockApi({
      '/bo/api/session/login': () => ({
        success: false,
        errorCode: 'login.failed',
        message: 'error.login.failed',
      }),
    });
    renderLogin();
    await user.type(await screen.findByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    await user.type(await screen.findByLabelText(/authenticator app/), '000000');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong username, password or code.');
  });

  it('enrols a first-time account: QR code and secret, then a code of the new secret', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      '/bo/api/session/login': () => ({
        success: true,
        value: {
          step: 'enrol',
          enrolToken: 'e'.repeat(43),
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Khela:newbie?secret=JBSWY3DPEHPK3PXP&issuer=Khela',
        },
      }),
      '/bo/api/session/totp/enrol': (b) => (b.code === '654321' ? session : null),
    });
    const router = renderLogin();
    await user.type(await screen.findByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'Initial-pass1');
    await user.click(screen.getByTestId('login-submit'));
    await user.click(await screen.findByTestId('login-first-time'));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    await waitFor(() =>
      expect(screen.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png/),
    );
    await user.type(screen.getByLabelText(/Code the app now shows/), '654321');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.map((c) => c.url)).toEqual(['/bo/api/session/login', '/bo/api/session/totp/enrol']);
    expect(calls[0]?.body).toEqual({ username: 'newbie', password: 'Initial-pass1' });
  });
});
