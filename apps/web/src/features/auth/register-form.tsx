import type { RegisterBody, RegisterRule } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../shared/api/client';
import { useModal } from '../../shared/ui/modal-host';
import { useAuthFlow, useAuthSite } from './flow';
import {
  CaptchaField,
  CheckboxField,
  FormAlert,
  PasswordField,
  PhoneField,
  SmsCodeField,
  SubmitButton,
  Tabs,
  TextField,
  useErrorText,
  useFieldText,
} from './form-ui';
import { withHuman } from './human';
import { cleanMobile, parseMobile } from './phone';
import { checkRule, type FieldMessages, serverFieldMessages } from './rules';
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
type Values = Record<OptionalName | 'affiliateCode' | 'paymentPassword', string>;

const emptyValues = (): Values => ({
  payeeName: '',
  email: '',
  qqNum: '',
  whatsapp: '',
  line: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  recommenderId: '',
  affiliateCode: '',
  paymentPassword: '',
});

/** The code of the link the visitor came by (`?affiliateCode=`, else `?referralCode=`). */
const urlAffiliateCode = (params: URLSearchParams) =>
  (params.get('affiliateCode') ?? params.get('referralCode') ?? '').trim();

/**
 * Registration (spec §2, §4, §5): username or mobile mode, every optional field the register
 * rules enable, checked here by the same rules as on the server.
 */
export const RegisterForm = ({ close }: { close?: () => void }) => {
  const { t } = useTranslation('auth');
  const fieldText = useFieldText();
  const errorText = useErrorText();
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

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mobile, setMobile] = useState('');
  const [dialCode, setDialCode] = useState(site.dialCode);
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(), affiliateCode: urlCode }));
  const [terms, setTerms] = useState(true);
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setValue = (name: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const mobileProblem = () => {
    const raw = cleanMobile(mobile);
    const rule = mobileRule ?? null;
    if (!raw) return mode === 'mobile' || rule?.required ? { key: 'mobile_required' } : null;
    if (rule) {
      const problem = checkRule(rule, raw, { required: true });
      if (problem) return problem;
    }
    return parseMobile(raw, dialCode) ? null : { key: 'invalid_mobile_number' };
  };

  const checkMobile = () => {
    const problem = mobileProblem() ?? (cleanMobile(mobile) ? null : { key: 'mobile_required' });
    setErrors((current) => {
      const { mobileNum: _old, ...rest } = current;
      return problem ? { ...rest, mobileNum: problem } : rest;
    });
    return problem === null;
  };

  const validate = (): FieldMessages => {
    const found: FieldMessages = {};
    const put = (field: string, problem: FieldMessages[string] | null) => {
      if (problem && !found[field]) found[field] = problem;
    };
    if (mode === 'username') {
      const rule = rules.username;
      const value = username.trim();
      put(
        'username',
        rule ? checkRule(rule, value, { required: true }) : value ? null : { key: 'username_required' },
      );
    }
    if (mobileShown) put('mobileNum', mobileProblem());
    if (smsShown && !code.trim()) put('verificationCode', { key: 'code_required' });
    if (passwordShown) {
      const rule = rules.password;
      const value = password.trim();
      put(
        'password',
        rule
          ? checkRule(rule, value, { required: true, key: 'error_password' })
          : value
            ? null
            : { key: 'password_required' },
      );
      if (!confirm.trim()) put('confirmPassword', { key: 'confirm_required' });
      else if (confirm.trim() !== value) put('confirmPassword', { key: 'inconsistent_twice' });
    }
    for (const { name } of OPTIONAL_FIELDS) {
      const rule = rules[name];
      if (rule?.enabled) put(name, checkRule(rule, values[name].trim()));
    }
    const paymentRule = rules.paymentPassword;
    if (paymentRule?.enabled)
      put('paymentPassword', checkRule(paymentRule, values.paymentPassword.trim(), { required: true }));
    if (affiliateShown && affiliateRule)
      put('affiliateCode', checkRule(affiliateRule, values.affiliateCode.trim()));
    if (rules.captcha?.enabled) put('captcha', checkRule(rules.captcha, captcha.trim(), { required: true }));
    if (!terms) put('termsAccepted', { key: 'terms_required' });
    if (!adult) put('ageConfirmed', { key: 'age_required' });
    return found;
  };

  const showInvalidInvitation = () =>
    modal.open('authNotice', { tone: 'warning', message: t('register.invalidInvitation') });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    // Terms not accepted: the warning shows and nothing is sent (spec §4).
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"] input`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const typedAffiliate = values.affiliateCode.trim();
      if (affiliateShown && typedAffiliate && site.flags.AFFMAN3) {
        const valid = await callApi('affiliateCheck', {
          query: { code: typedAffiliate, domain: window.location.host },
        }).catch(() => false);
        if (valid !== true) {
          setErrors({ affiliateCode: { key: 'invalid_invitation_code' } });
          showInvalidInvitation();
          return;
        }
      }
      const body: RegisterBody = {
        username: mode === 'mobile' ? cleanMobile(mobile) : username.trim(),
        ...(passwordShown ? { password: password.trim(), confirmPassword: confirm.trim() } : {}),
        ...(mobileShown && cleanMobile(mobile)
          ? { mobileNum: cleanMobile(mobile), countryDialingCode: dialCode }
          : {}),
        ...(smsShown ? { verificationCode: code.trim() } : {}),
        ...(rules.captcha?.enabled ? { captcha: captcha.trim() } : {}),
        affiliateCode: affiliateFromUrl ? urlCode : typedAffiliate || null,
        referralCode: referralCode || null,
        domain: window.location.host,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        login: true,
        termsAccepted: terms,
        ageConfirmed: adult,
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
        if (Object.keys(fields).length > 0) setErrors(fields);
        if (fields.captcha || rules.captcha?.enabled) {
          setCaptcha('');
          setCaptchaKey((k) => k + 1);
        }
        if (error.errorCode === 'invalid_invitation_code') showInvalidInvitation();
        if (Object.keys(fields).length === 0 || !['validation.failed', 'conflict'].includes(error.errorCode))
          setFormError(errorText(error));
      } else {
        setFormError(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
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
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 pt-1"
      data-testid="register-form"
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
      {mode === 'username' ? (
        <TextField
          name="username"
          label={label('username')}
          value={username}
          onValue={setUsername}
          error={fieldText(errors.username)}
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
          dialCode={dialCode}
          onDialCode={setDialCode}
          value={mobile}
          onValue={setMobile}
          error={fieldText(errors.mobileNum ?? errors.countryDialingCode)}
          required={mode === 'mobile' || mobileRule?.required === true}
        />
      ) : null}
      {smsShown ? (
        <SmsCodeField
          value={code}
          onValue={setCode}
          error={fieldText(errors.verificationCode)}
          validateMobile={checkMobile}
          onError={(error) => modal.open('authNotice', { tone: 'warning', message: errorText(error) })}
          request={() =>
            withHuman(needsHuman, (human) =>
              callApi('smsCodeRegister', {
                body: { mobileNo: cleanMobile(mobile), countryDialingCode: dialCode, ...human },
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
            value={password}
            onValue={setPassword}
            error={fieldText(errors.password)}
            autoComplete="new-password"
            placeholder={t('form.newPasswordPlaceholder')}
            required
          />
          <PasswordField
            name="confirmPassword"
            label={label('confirmPassword')}
            value={confirm}
            onValue={setConfirm}
            error={fieldText(errors.confirmPassword)}
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
          value={values[field.name]}
          onValue={setValue(field.name)}
          error={fieldText(errors[field.name])}
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
          value={values.paymentPassword}
          onValue={setValue('paymentPassword')}
          error={fieldText(errors.paymentPassword)}
          autoComplete="off"
          inputMode="numeric"
          required
        />
      ) : null}
      {affiliateShown ? (
        <TextField
          name="affiliateCode"
          label={label('affiliateCode')}
          value={values.affiliateCode}
          onValue={setValue('affiliateCode')}
          error={fieldText(errors.affiliateCode)}
          required={optionalRequired('affiliateCode')}
          placeholder={ruleHint('affiliateCode')}
          autoCapitalize="characters"
        />
      ) : null}
      {rules.captcha?.enabled ? (
        <CaptchaField
          value={captcha}
          onValue={setCaptcha}
          error={fieldText(errors.captcha)}
          reloadKey={captchaKey}
        />
      ) : null}
      <div className="flex flex-col gap-2.5 rounded-2xl bg-surface-2/70 p-3 ring-1 ring-line">
        <CheckboxField
          name="termsAccepted"
          checked={terms}
          onChecked={setTerms}
          error={fieldText(errors.termsAccepted)}
        >
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
        <CheckboxField
          name="ageConfirmed"
          checked={adult}
          onChecked={setAdult}
          error={fieldText(errors.ageConfirmed)}
        >
          {t('register.age')}
        </CheckboxField>
      </div>
      <SubmitButton busy={busy} testId="btn-submit-register">
        {t('register.submit')}
      </SubmitButton>
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
    </form>
  );
};
