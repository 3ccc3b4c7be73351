import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { callApi } from '../../shared/api/client';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { AuthRefusals } from './refusals';

const refusing = (errorCode: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ success: false, errorCode, message: `error.${errorCode}` }), {
        status: 403,
      }),
  );

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
  // The modals' chunk (forms, the form kit) is transformed once here, not inside a test's wait.
  await import('./auth-modals');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('auth refusals', () => {
  it('a trial account refused by the server sees one register-a-real-account notice', async () => {
    window.sessionStorage.setItem('token', 'trial-token');
    vi.stubGlobal('fetch', refusing('in_need_true_account'));
    renderApp(<AuthRefusals />);
    await act(async () => {
      await Promise.allSettled([
        callApi('addFavourite', { body: {} }),
        callApi('addFavourite', { body: {} }),
      ]);
    });
    const message = await screen.findByTestId('trial-notice-message', {}, { timeout: 5000 });
    expect(message.textContent).toBe(
      'You are playing with a free trial account. Please register a real account first.',
    );
    expect(screen.getAllByTestId('trial-notice')).toHaveLength(1);
    expect(screen.getByTestId('trial-register').textContent).toBe('Register now');
  });

  it('a pending password change reopens one change-password modal', async () => {
    window.sessionStorage.setItem('token', 'member-token');
    vi.stubGlobal('fetch', refusing('password.change.required'));
    renderApp(<AuthRefusals />);
    await act(async () => {
      await Promise.allSettled([callApi('memberInfo'), callApi('memberInfo')]);
    });
    await screen.findByTestId('change-password-modal', {}, { timeout: 5000 });
    await act(async () => {
      await Promise.allSettled([callApi('memberInfo')]);
    });
    expect(screen.getAllByTestId('change-password-modal')).toHaveLength(1);
  });

  it('back from Google with ?social=failed: says so and clears the address', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderApp(<AuthRefusals />, { route: '/?social=failed' });
    const modal = await screen.findByTestId('social-finish-modal', {}, { timeout: 5000 });
    expect(modal.textContent).toContain('The sign-in did not work. Please try again.');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
