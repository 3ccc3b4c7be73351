import { type LoginChallenge, type LoginInfo, loginBody } from '@khela/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, callApi } from '../../shared/api/client';
import {
  CheckboxField,
  FormAlert,
  KitForm,
  PasswordField,
  PhoneField,
  SubmitButton,
  showFieldMessage,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { forgetRemembered, readRemembered, remember } from '../../shared/state/session';
import { CaptchaField, SmsCodeField, Tabs } from './fields';
import { useAuthFlow, useAuthSite } from './flow';
import { withHuman } from './human';
import { IpVerifyStep, LoginAlternatives } from './login-extras';
import { cleanMobile, parseMobile } from './phone';
import { callSealed } from './sealed';

type Mode = 'username' | 'sms';
type Values = {
  username: string;
  password: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  captcha: string;
  remember: boolean;
};

/**
 * Login (spec §2 loginPopupModal, §4, §5): username + password, or mobile + SMS code when
 * MOBILEVERCODELOGIN3 is on; remember me, captcha when the server asks, links to forgot and register.
 * `site="agent"` is the agent site's form (`/agentHome`): username and password only, sent with
 * `site: 'agent'` (the server refuses accounts that are not agents), staying on the agent page.
 */
export const LoginForm = ({
  close,
  site: siteKind = 'member',
}: {
  close?: () => void;
  site?: 'member' | 'agent';
}) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { switchTo, finish } = useAuthFlow(close);
  const site = useAuthSite();
  const agentSite = siteKind === 'agent';
  const smsLogin = site.flags.MOBILEVERCODELOGIN3 === true && !agentSite;
  const canRegister = site.flags.DIRECTREG3 === true && !agentSite;
  const needsHuman = site.flags.HUMANVERIF3 === true;

  const [remembered] = useState(() => readRemembered());
  const [mode, setMode] = useState<Mode>(remembered?.kind === 'sms' && smsLogin ? 'sms' : 'username');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  /** A login from a new network waits for its code (LOGINIPVERF3). */
  const [challenge, setChallenge] = useState<{ data: LoginChallenge; provenPassword: string } | null>(null);

  // The contract's login body for the password kind (trimmed name, a password); the mobile number by
  // the phone rules of its dialling code; the captcha once the server asks for it (spec §5).
  const mobileCheck = (values: Values, put: (field: string, message: { key: string } | null) => void) => {
    const raw = cleanMobile(values.mobileNum);
    put(
      'mobileNum',
      !raw
        ? { key: 'mobile_required' }
        : parseMobile(raw, values.countryDialingCode)
          ? null
          : { key: 'invalid_mobile_number' },
    );
  };
  const schema = withChecks(
    mode === 'username'
      ? z.object({ username: loginBody.shape.username, password: loginBody.shape.password })
      : z.object({ verificationCode: z.string().min(1) }),
    (values, put) => {
      const typed = values as unknown as Values;
      if (mode === 'username' && !typed.password.trim()) put('password', { key: 'password_required' });
      if (mode === 'sms') mobileCheck(typed, put);
      if (needCaptcha && !typed.captcha.trim()) put('captcha', { key: 'captcha_required' });
    },
  );
  const form = useKitForm<Values>(schema as unknown as z.ZodType<Values, Values>, {
    defaultValues: {
      username: remembered?.kind === 'username' ? remembered.name : '',
      password: '',
      mobileNum: remembered?.kind === 'sms' ? remembered.name : '',
      countryDialingCode:
        remembered?.kind === 'sms' && remembered.dialCode ? remembered.dialCode : site.dialCode,
      verificationCode: '',
      captcha: '',
      remember: Boolean(remembered),
    },
    keys: {
      username: { required: 'username_required' },
      password: { required: 'password_required' },
      verificationCode: { required: 'code_required' },
    },
  });

  /** Remember me (the name and the server's token, never the password), then home. */
  const signedIn = (info: LoginInfo, isSms: boolean, provenPassword?: string) => {
    const { remember: keep, mobileNum: mobile, username, countryDialingCode: dialCode } = form.getValues();
    if (keep) {
      remember({
        kind: isSms ? 'sms' : 'username',
        name: isSms ? cleanMobile(mobile) : username.trim(),
        ...(isSms ? { dialCode } : {}),
        ...(info.rememberToken ? { rememberToken: info.rememberToken } : {}),
      });
    } else {
      forgetRemembered();
    }
    finish(info, {
      ...(provenPassword ? { provenPassword } : {}),
      ...(agentSite ? { to: '/agentHome' } : {}),
    });
  };

  const handleSubmit = async (values: Values) => {
    setFormError(null);
    const isSms = mode === 'sms';
    const typedPassword = values.password.trim();
    try {
      // The human-verification step comes before a password login; SMS logins skip it (spec §4).
      const info = await withHuman(needsHuman && !isSms, (human) =>
        callSealed('login', {
          body: {
            ...human,
            type: isSms ? 'sms' : 'username',
            username: isSms ? cleanMobile(values.mobileNum) : values.username.trim(),
            // SMS codes are not trimmed (spec §5).
            password: isSms ? values.verificationCode : typedPassword,
            ...(isSms ? { countryDialingCode: values.countryDialingCode } : {}),
            ...(needCaptcha ? { captcha: values.captcha.trim() } : {}),
            remember: values.remember,
            ...(agentSite ? { site: 'agent' as const } : {}),
          },
        }),
      );
      signedIn(info, isSms, isSms ? undefined : typedPassword);
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 'login.verification.required') {
        setChallenge({ data: error.value as LoginChallenge, provenPassword: typedPassword });
        return;
      }
      if (error instanceof ApiError) {
        const value = error.value as { captcha?: unknown } | undefined;
        if (value?.captcha === true) {
          setNeedCaptcha(true);
          form.setValue('captcha', '');
          setCaptchaKey((k) => k + 1);
        }
        if (error.errorCode === 'captcha.invalid')
          showFieldMessage(form, 'captcha', { key: 'invalid_captcha' });
      }
      setFormError(errorText(error));
    }
  };

  if (challenge) {
    return (
      <IpVerifyStep
        challenge={challenge.data}
        onDone={(info) => signedIn(info, false, challenge.provenPassword)}
        onBack={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <KitForm
      form={form}
      onSubmit={handleSubmit}
      look="sunken"
      className="flex flex-col gap-4 pt-1"
      testId={agentSite ? 'agent-login-form' : 'login-form'}
    >
      {smsLogin ? (
        <Tabs
          label={t('login.method')}
          value={mode}
          onChange={(next) => {
            setMode(next);
            form.clearErrors();
            setFormError(null);
          }}
          options={[
            { value: 'username', label: t('login.byPassword') },
            { value: 'sms', label: t('login.bySms') },
          ]}
        />
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {mode === 'username' ? (
        <>
          <TextField
            name="username"
            label={t('form.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('form.usernamePlaceholder')}
            required
          />
          <PasswordField
            name="password"
            label={t('form.password')}
            autoComplete="current-password"
            placeholder={t('form.passwordPlaceholder')}
            required
          />
        </>
      ) : (
        <>
          <PhoneField label={t('form.mobile')} dialCodes={site.dialCodes} required />
          <SmsCodeField
            validateMobile={() => form.trigger('mobileNum')}
            onError={(error) => setFormError(errorText(error))}
            request={() =>
              withHuman(needsHuman, (human) =>
                callApi('smsCodeNoLogin', {
                  body: {
                    mobileNum: cleanMobile(form.getValues('mobileNum')),
                    countryDialingCode: form.getValues('countryDialingCode'),
                    purpose: 'login',
                    ...human,
                  },
                }),
              )
            }
          />
        </>
      )}
      {needCaptcha ? <CaptchaField reloadKey={captchaKey} /> : null}
      <div className="flex items-center justify-between gap-3">
        <CheckboxField name="remember">{t('login.remember')}</CheckboxField>
        <button
          type="button"
          data-testid="link-forget"
          onClick={() => switchTo('forget')}
          className="text-[0.8125rem] font-medium text-brand hover:underline"
        >
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton testId="btn-submit-login">{t('login.submit')}</SubmitButton>
      {agentSite ? null : (
        <LoginAlternatives
          freePlay={site.flags.FREEPLAY3 === true}
          needsHuman={needsHuman}
          onDone={(info) => finish(info)}
        />
      )}
      {canRegister ? (
        <p className="text-center text-[0.8125rem] text-muted">
          {t('login.noAccount')}{' '}
          <button
            type="button"
            data-testid="link-register"
            onClick={() => switchTo('register')}
            className="font-semibold text-brand hover:underline"
          >
            {t('login.registerNow')}
          </button>
        </p>
      ) : null}
    </KitForm>
  );
};
