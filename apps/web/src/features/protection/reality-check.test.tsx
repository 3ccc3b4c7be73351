import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { clearSession, signIn } from '../../shared/state/session';
import { RealityCheck } from './reality-check';

/**
 * The reality check (ADR 030): once the play session has run an interval, the interruption shows
 * the time played and the net result; "continue" is recorded and closes it, "stop" signs out.
 */
let reality: Record<string, unknown>;
const posted: { path: string; body: unknown }[] = [];
let asked = 0;

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  posted.length = 0;
  asked = 0;
  sessionStorage.clear();
  await changeLanguage('en');
  signIn({ token: 'tok-rc', userName: 'team01', nickname: 'team01', id: 9, customerType: 0 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      if (path === '/wps/protection/reality') asked += 1;
      if (init?.method === 'POST')
        posted.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
      const value =
        path === '/wps/protection/reality'
          ? reality
          : path === '/wps/relay/GCS_merchantWallet'
            ? { isSingle: true }
            : { ok: true };
      return new Response(JSON.stringify({ success: true, value }), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const session = (playedSeconds: number, realityMinutes: number | null) => ({
  realityMinutes,
  startedAt: 1_700_000_000_000,
  playedSeconds,
  netMinor: '-125050',
  sessionLimitMinutes: 60,
  sessionUsedPercent: Math.floor(playedSeconds / 36),
});

describe('reality check', () => {
  it('stays away before the first interval and without an interval', async () => {
    reality = session(9 * 60, 10);
    renderApp(<RealityCheck />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    cleanup();
    reality = session(3 * 3600, null);
    renderApp(<RealityCheck />);
    await waitFor(() => expect(asked).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });

  it('interrupts after the interval with time played, net result and the session-limit warning; continue closes it', async () => {
    reality = session(50 * 60, 10);
    renderApp(<RealityCheck />);
    expect(await screen.findByTestId('reality-check')).toBeTruthy();
    expect(screen.getByTestId('reality-played').textContent).toBe('50 minutes');
    expect(screen.getByTestId('reality-net').textContent).toBe('-1250.50');
    expect(screen.getByTestId('reality-warning').textContent).toContain('83%');
    await userEvent.click(screen.getByTestId('reality-continue'));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(posted).toContainEqual({ path: '/wps/protection/reality/answer', body: { choice: 'continue' } });
  });

  it('stop records the answer, logs out and clears the session', async () => {
    reality = session(11 * 60, 10);
    renderApp(<RealityCheck />);
    await userEvent.click(await screen.findByTestId('reality-stop'));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(posted.map((p) => p.path)).toEqual(expect.arrayContaining(['/wps/protection/reality/answer']));
    expect(posted.find((p) => p.path === '/wps/protection/reality/answer')?.body).toEqual({ choice: 'stop' });
  });
});
