import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { clearSession, signIn } from '../../shared/state/session';
import { FeedbackCard } from './feedback-card';

beforeAll(async () => {
  await i18nReady;
});
beforeEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('help centre feedback card', () => {
  it("opens the member centre's feedback form for a signed-in member", async () => {
    const user = userEvent.setup();
    signIn({ token: 't', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
    renderApp(<FeedbackCard />, { status: makeStatus({ flags: { FEEDBACK3: true } }), route: '/help' });
    await user.click(await screen.findByTestId('help-feedback-open'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/help?member=messageV2&inbox=feedback'),
    );
  });

  it('asks a visitor to log in first', async () => {
    const user = userEvent.setup();
    renderApp(<FeedbackCard />, { status: makeStatus({ flags: { FEEDBACK3: true } }), route: '/help' });
    await user.click(await screen.findByTestId('help-feedback-open'));
    expect(await screen.findByTestId('login-modal', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/help');
  });

  it('is absent while FEEDBACK3 is off', async () => {
    renderApp(<FeedbackCard />, { status: makeStatus({ flags: { FEEDBACK3: false } }), route: '/help' });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    expect(screen.queryByTestId('help-feedback')).toBeNull();
  });
});
