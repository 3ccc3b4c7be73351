import type { RegisterRule } from '@khela/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { makeClient, renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { RegisterForm } from './register-form';

const rule = (
  patternId: number,
  acceptedPattern: string,
  min: number,
  max: number,
  over: Partial<RegisterRule> = {},
) => ({
  enabled: false,
  required: false,
  acceptedPattern,
  patternId,
  minLength: min,
  maxLength: max,
  ...over,
});

const RULES = {
  username: rule(1, '^[a-zA-Z][a-zA-Z0-9]*$', 6, 12, { enabled: true, required: true }),
  password: rule(4, '^[a-zA-Z0-9]*$', 6, 12, { enabled: true, required: true }),
  email: rule(3, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 6, 60, { enabled: true, required: true }),
  qqNum: rule(6, '^[0-9]*$', 5, 12),
  paymentPassword: rule(6, '^[0-9]*$', 6, 6, { enabled: true }),
  wechat: rule(0, '*', 3, 30, { enabled: true }),
};

const setup = (flags: Record<string, boolean>) => {
  const base = makeStatus({ flags });
  const status = { ...base, info: { ...base.info, register: RULES } };
  const client = makeClient();
  client.setQueryData(['register-settings', 'khelabd'], RULES);
  renderApp(<RegisterForm />, { status, client });
  return client;
};

describe('registration form driven by the register rules', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    syncMerchantFromStorage();
    await changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
  });

  it('shows only the enabled optional fields, marks the required ones, and has no tabs with one mode', async () => {
    setup({ USERNAMEREG3: true, MOBILENUMREG3: false });
    const form = await screen.findByTestId('register-form');
    expect(within(form).queryByRole('tablist')).toBeNull();
    expect(screen.getByTestId('input-username')).toBeTruthy();
    expect(screen.getByTestId('input-email')).toBeTruthy();
    expect(screen.getByTestId('input-wechat')).toBeTruthy();
    expect(screen.queryByTestId('input-qqNum')).toBeNull();
    expect(screen.queryByTestId('input-mobileNum')).toBeNull();
    // Required fields carry the marker; the optional wechat does not.
    const emailLabel = form.querySelector('[data-field="email"] label');
    const wechatLabel = form.querySelector('[data-field="wechat"] label');
    expect(emailLabel?.textContent).toContain('*');
    expect(wechatLabel?.textContent).not.toContain('*');
    expect((screen.getByTestId('check-termsAccepted') as HTMLInputElement).checked).toBe(true);
  });

  it('checks every field by its rule and shows the first message under each, one number when min = max', async () => {
    setup({ USERNAMEREG3: true, MOBILENUMREG3: false });
    await screen.findByTestId('register-form');
    fireEvent.change(screen.getByTestId('input-username'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByTestId('input-paymentPassword'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('input-wechat'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByTestId('btn-submit-register'));
    expect((await screen.findByTestId('error-username')).textContent).toBe(
      '6-12 letters and numbers, starting with a letter',
    );
    expect(screen.getByTestId('error-email').textContent).toBe(
      'Please enter a valid email address of 6-60 characters',
    );
    expect(screen.getByTestId('error-paymentPassword').textContent).toBe('6 digits only');
    // '*' accepts any text within the bounds.
    expect(screen.queryByTestId('error-wechat')).toBeNull();
    expect(screen.getByTestId('error-password').textContent).toBe(
      'Please fill in your password with 6-12 characters',
    );
    expect(screen.getByTestId('error-ageConfirmed')).toBeTruthy();
  });

  it('offers both modes with mobile first when both flags are on', async () => {
    setup({ USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: false });
    const tabs = await screen.findByRole('tablist');
    const [first] = within(tabs).getAllByRole('tab');
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('input-mobileNum')).toBeTruthy();
    expect(screen.getByTestId('btn-get-code')).toBeTruthy();
    // Mobile mode without MOBILENUMPASSREG3 asks no password.
    expect(screen.queryByTestId('input-password')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-username'));
    expect(screen.getByTestId('input-password')).toBeTruthy();
  });
});
