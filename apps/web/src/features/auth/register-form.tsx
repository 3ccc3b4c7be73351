import type { RegisterBody, RegisterRule } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, callApi } from '../../shared/api/client';
import {
  CheckboxField,
  checkRule,
  type FieldMessage,
  FormAlert,
  KitForm,
  PasswordField,
  PhoneField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessage,
  showFieldMessages,
  TextField,
  useErrorText,
  useFieldText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { useModal } from '../../shared/ui/modal-host';
import { byRule } from './checks';
import { CaptchaField, SmsCodeField, Tabs } from './fields';
import { useAuthFlow, useAuthSite } from './flow';
import { withHuman } from './human';
import { cleanMobile, parseMobile } from './phone';
import { callSealed } from './sealed';

type Mode = 'username' | 'mobile';

/** Optional text fields in form order: body name, rule key, input hints. */
const OPTIONAL_FIELDS = [
  { name: 'payeeName', autoComplete: 'name' },
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'qqNum', inputMode: 'numeric' },
  { name: 'whatsapp', inputMode: 'tel' },
  { name: 'line' },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'idNumber' },
  { name: 'recommenderId' },
] as const;
type OptionalName = (typeof OPTIONAL_FIELDS)[number]['name'];
type Values = Record<
  | OptionalName
  | 'affiliateCode'
  | 'paymentPassword'
  | 'username'
  | 'password'
  | 'confirmPassword'
  | 'mobileNum'
  | 'countryDialingCode'
  | 'verificationCode'
  | 'captcha',
  string
> & { termsAccepted: boolean; ageConfirmed: boolean };

/**
 * The agent's invitation code of the link the visitor came by (`?affiliateCode=`). A friend's
 * `?referralCode=` names a member, not an agent: it travels as `referralCode` (ADR 048).
 */
const urlAffiliateCode = (params: URLSearchParams) => (params.get('affiliateCode') ?? '').trim();

/**
 * Registration (spec §2, §4, §5): username or mobile mode, every optional field the register
 * rules enable, checked here by the same rules as on the server.
 */
export const RegisterForm = ({ close }: { close?: () => void }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const modal = useModal();
  const { switchTo, finish } = useAuthFlow(close);
  const site = useAuthSite();
  const [params] = useSearchParams();
  const referralCode = (params.get('referralCode') ?? '').trim();
  const urlCode = urlAffiliateCode(params);

  const rulesQuery = useQuery({
    queryKey: ['register-settings', site.status?.info.merchant.code ?? ''],
    queryFn: () => callApi('registerSettings'),
    staleTime: 5 * 60_000,
  });
  const rules: Record<string, RegisterRule> = rulesQuery.data ?? site.rules;

  const needsHuman = site.flags.HUMANVERIF3 === true;
  const byUsername = site.flags.USERNAMEREG3 === true;
  const byMobile = site.flags.MOBILENUMREG3 === true;
  const [mode, setMode] = useState<Mode>(byMobile ? 'mobile' : 'username');
  const passwordShown = mode === 'username' || site.flags.MOBILENUMPASSREG3 === true;
  const mobileRule = rules.mobileNum;
  const mobileShown = mode === 'mobile' || mobileRule?.enabled === true;
  const smsShown = mode === 'mobile' || site.flags.REGMOBVERF3 === true;

  // The URL's affiliate code hides the field when it checks out (AFFMAN3, /wps/agent/affiliate).
  const affiliateRule = rules.affiliateCode;
  const affiliateCheck = useQuery({
    queryKey: ['affiliate-check', urlCode],
    enabled: Boolean(urlCode) && affiliateRule?.enabled === true && site.flags.AFFMAN3 === true,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => callApi('affiliateCheck', { query: { code: urlCode, domain: window.location.host } }),
  });
  const affiliateFromUrl = affiliateCheck.data === true;
  const affiliateShown = affiliateRule?.enabled === true && !affiliateFromUrl;

  const [captchaKey, setCaptchaKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);

  const mobileProblem = (mobile: string, dialCode: string): FieldMessage | null => {
    const raw = cleanMobile(mobile);
    const rule = mobileRule ?? null;
    if (!raw) return mode === 'mobile' || rule?.required ? { key: 'mobile_required' } : null;
    if (rule) {
      const problem = checkRule(rule, raw, { required: true });
      if (problem) return problem;
    }
    return parseMobile(raw, dialCode) ? null : { key: 'invalid_mobile_number' };
  };

  // Every field the rules enable, checked by the same register rules as on the server (spec §5):
  // the form's own rules after the contract's shape of the registration body.
  const schema = withChecks(z.object({}), (values, put) => {
    const v = values as unknown as Values;
    if (mode === 'username') put('username', byRule(rules.username, v.username.trim(), 'username_required'));
    if (mobileShown) put('mobileNum', mobileProblem(v.mobileNum, v.countryDialingCode));
    if (smsShown && !v.verificationCode.trim()) put('verificationCode', { key: 'code_required' });
    if (passwordShown) {
      const password = v.password.trim();
      put('password', byRule(rules.password, password, 'password_required', 'error_password'));
      if (!v.confirmPassword.trim()) put('confirmPassword', { key: 'confirm_required' });
      else if (v.confirmPassword.trim() !== password) put('confirmPassword', { key: 'inconsistent_twice' });
    }
    for (const { name } of OPTIONAL_FIELDS) {
      const rule = rules[name];
      if (rule?.enabled) put(name, checkRule(rule, v[name].trim()));
    }
    const paymentRule = rules.paymentPassword;
    if (paymentRule?.enabled)
      put('paymentPassword', checkRule(paymentRule, v.paymentPassword.trim(), { required: true }));
    if (affiliateShown && affiliateRule)
      put('affiliateCode', checkRule(affiliateRule, v.affiliateCode.trim()));
    if (rules.captcha?.enabled)
      put('captcha', checkRule(rules.captcha, v.captcha.trim(), { required: true }));
    // Terms not accepted: the warning shows and nothing is sent (spec §4).
    if (!v.termsAccepted) put('termsAccepted', { key: 'terms_required' });
    if (!v.ageConfirmed) put('ageConfirmed', { key: 'age_required' });
  });
  const form = useKitForm<Values>(schema as unknown as z.ZodType<Values, Values>, {
    defaultValues: {
      username: '',
      password: '',
      confirmPassword: '',
      mobileNum: '',
      countryDialingCode: site.dialCode,
      verificationCode: '',
      captcha: '',
      payeeName: '',
      email: '',
      qqNum: '',
      whatsapp: '',
      line: '',
      facebook: '',
      wechat: '',
      idNumber: '',
      recommenderId: '',
      affiliateCode: urlCode,
      paymentPassword: '',
      termsAccepted: true,
      ageConfirmed: false,
    },
  });

  const showInvalidInvitation = () =>
    modal.open('authNotice', { tone: 'warning', message: t('register.invalidInvitation') });

  const handleSubmit = async (values: Values) => {
    setFormError(null);
    const mobile = cleanMobile(values.mobileNum);
    const dialCode = values.countryDialingCode;
    try {
      const typedAffiliate = values.affiliateCode.trim();
      if (affiliateShown && typedAffiliate && site.flags.AFFMAN3) {
        const valid = await callApi('affiliateCheck', {
          query: { code: typedAffiliate, domain: window.location.host },
        }).catch(() => false);
        if (valid !== true) {
          showFieldMessage(form, 'affiliateCode', { key: 'invalid_invitation_code' });
          showInvalidInvitation();
          return;
        }
      }
      const body: RegisterBody = {
        username: mode === 'mobile' ? mobile : values.username.trim(),
        ...(passwordShown
          ? { password: values.password.trim(), confirmPassword: values.confirmPassword.trim() }
          : {}),
        ...(mobileShown && mobile ? { mobileNum: mobile, countryDialingCode: dialCode } : {}),
        ...(smsShown ? { verificationCode: values.verificationCode.trim() } : {}),
        ...(rules.captcha?.enabled ? { captcha: values.captcha.trim() } : {}),
        affiliateCode: affiliateFromUrl ? urlCode : typedAffiliate || null,
        referralCode: referralCode || null,
        domain: window.location.host,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        login: true,
        termsAccepted: values.termsAccepted,
        ageConfirmed: values.ageConfirmed,
      };
      for (const { name } of OPTIONAL_FIELDS) {
        if (rules[name]?.enabled && values[name].trim()) body[name] = values[name].trim();
      }
      if (rules.paymentPassword?.enabled) body.paymentPassword = values.paymentPassword.trim();
      const info = await withHuman(needsHuman, (human) =>
        callSealed(mode === 'mobile' ? 'registerMobile' : 'register', { body: { ...body, ...human } }),
      );
      // A registration is the member's first login: the first-login popups (F) are due.
      finish({ ...info, firstTimeLogin: true });
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = serverFieldMessages(error.value);
        if (Object.keys(fields).length > 0) showFieldMessages(form, fields);
        if (fields.captcha || rules.captcha?.enabled) {
          form.setValue('captcha', '');
          setCaptchaKey((k) => k + 1);
        }
        if (error.errorCode === 'invalid_invitation_code') showInvalidInvitation();
        if (Object.keys(fields).length === 0 || !['validation.failed', 'conflict'].includes(error.errorCode))
          setFormError(errorText(error));
      } else {
        setFormError(errorText(error));
      }
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    form.clearErrors();
    setFormError(null);
    setCaptchaKey((k) => k + 1);
  };

  const label = (name: string) => t(`form.${name}`);
  /** The rule's own text as the placeholder of an optional field: what it accepts, before any error. */
  const ruleHint = (name: string) => {
    const fieldRule = rules[name];
    return fieldRule
      ? fieldText({
          key: `reg_pattern_${fieldRule.patternId}`,
          min: fieldRule.minLength,
          max: fieldRule.maxLength,
        })
      : undefined;
  };
  const optionalRequired = (name: string) => rules[name]?.required === true;

  return (
    <KitForm
      form={form}
      onSubmit={handleSubmit}
      look="sunken"
      className="flex flex-col gap-4 pt-1"
      testId="register-form"
    >
      {byUsername && byMobile ? (
        <Tabs
          label={t('register.method')}
          value={mode}
          onChange={switchMode}
          options={[
            { value: 'mobile', label: t('register.byMobile') },
            { value: 'username', label: t('register.byUsername') },
          ]}
        />
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {referralCode ? (
        <p className="rounded-xl bg-brand/10 px-3 py-2 text-sm" data-testid="register-invited-by">
          {t('register.invitedBy', { code: referralCode })}
        </p>
      ) : null}
      {mode === 'username' ? (
        <TextField
          name="username"
          label={label('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('form.usernamePlaceholder')}
          required
        />
      ) : null}
      {mobileShown ? (
        <PhoneField
          label={label('mobile')}
          dialCodes={site.dialCodes}
          required={mode === 'mobile' || mobileRule?.required === true}
        />
      ) : null}
      {smsShown ? (
        <SmsCodeField
          validateMobile={() => form.trigger('mobileNum')}
          onError={(error) => modal.open('authNotice', { tone: 'warning', message: errorText(error) })}
          request={() =>
            withHuman(needsHuman, (human) =>
              callApi('smsCodeRegister', {
                body: {
                  mobileNo: cleanMobile(form.getValues('mobileNum')),
                  countryDialingCode: form.getValues('countryDialingCode'),
                  ...human,
                },
              }),
            )
          }
        />
      ) : null}
      {passwordShown ? (
        <>
          <PasswordField
            name="password"
            label={label('password')}
            autoComplete="new-password"
            placeholder={t('form.newPasswordPlaceholder')}
            required
          />
          <PasswordField
            name="confirmPassword"
            label={label('confirmPassword')}
            autoComplete="new-password"
            placeholder={t('form.confirmPlaceholder')}
            required
          />
        </>
      ) : null}
      {OPTIONAL_FIELDS.filter(({ name }) => rules[name]?.enabled).map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={label(field.name)}
          required={optionalRequired(field.name)}
          placeholder={ruleHint(field.name)}
          {...('autoComplete' in field ? { autoComplete: field.autoComplete } : {})}
          {...('inputMode' in field ? { inputMode: field.inputMode } : {})}
          {...('type' in field ? { type: field.type } : {})}
        />
      ))}
      {rules.paymentPassword?.enabled ? (
        <PasswordField
          name="paymentPassword"
          label={label('paymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          required
        />
      ) : null}
      {affiliateShown ? (
        <TextField
          name="affiliateCode"
          label={label('affiliateCode')}
          required={optionalRequired('affiliateCode')}
          placeholder={ruleHint('affiliateCode')}
          autoCapitalize="characters"
        />
      ) : null}
      {rules.captcha?.enabled ? <CaptchaField reloadKey={captchaKey} /> : null}
      <div className="flex flex-col gap-2.5 rounded-2xl bg-surface-2/70 p-3 ring-1 ring-line">
        <CheckboxField name="termsAccepted">
          <Trans
            t={t}
            i18nKey="register.terms"
            components={{
              terms: (
                <Link
                  to="/help#terms"
                  onClick={() => close?.()}
                  className="font-semibold text-brand hover:underline"
                />
              ),
            }}
          />
        </CheckboxField>
        <CheckboxField name="ageConfirmed">{t('register.age')}</CheckboxField>
      </div>
      <SubmitButton testId="btn-submit-register">{t('register.submit')}</SubmitButton>
      <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center text-[0.8125rem] text-muted">
        <span>
          {t('register.haveAccount')}{' '}
          <button
            type="button"
            data-testid="link-login"
            onClick={() => switchTo('login')}
            className="font-semibold text-brand hover:underline"
          >
            {t('register.loginNow')}
          </button>
        </span>
        <span aria-hidden="true">·</span>
        <button
          type="button"
          onClick={() => switchTo('forget')}
          className="font-medium text-brand hover:underline"
        >
          {t('login.forgot')}
        </button>
      </p>
    </KitForm>
  );
};
