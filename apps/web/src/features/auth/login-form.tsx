import type { LoginChallenge, LoginInfo } from '@khela/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { forgetRemembered, readRemembered, remember } from '../../shared/state/session';
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
import { IpVerifyStep, LoginAlternatives } from './login-extras';
import { cleanMobile, parseMobile } from './phone';
import type { FieldMessages } from './rules';
import { callSealed } from './sealed';

type Mode = 'username' | 'sms';

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
  const fieldText = useFieldText();
  const errorText = useErrorText();
  const { switchTo, finish } = useAuthFlow(close);
  const site = useAuthSite();
  const agentSite = siteKind === 'agent';
  const smsLogin = site.flags.MOBILEVERCODELOGIN3 === true && !agentSite;
  const canRegister = site.flags.DIRECTREG3 === true && !agentSite;
  const needsHuman = site.flags.HUMANVERIF3 === true;

  const [remembered] = useState(() => readRemembered());
  const [mode, setMode] = useState<Mode>(remembered?.kind === 'sms' && smsLogin ? 'sms' : 'username');
  const [username, setUsername] = useState(remembered?.kind === 'username' ? remembered.name : '');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState(remembered?.kind === 'sms' ? remembered.name : '');
  const [dialCode, setDialCode] = useState(
    remembered?.kind === 'sms' && remembered.dialCode ? remembered.dialCode : site.dialCode,
  );
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [keep, setKeep] = useState(Boolean(remembered));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A login from a new network waits for its code (LOGINIPVERF3). */
  const [challenge, setChallenge] = useState<{ data: LoginChallenge; provenPassword: string } | null>(null);

  const checkMobile = () => {
    const raw = cleanMobile(mobile);
    const problem = !raw
      ? { key: 'mobile_required' }
      : parseMobile(raw, dialCode)
        ? null
        : { key: 'invalid_mobile_number' };
    setErrors((current) => {
      const { mobileNum: _old, ...rest } = current;
      return problem ? { ...rest, mobileNum: problem } : rest;
    });
    return problem === null;
  };

  const validate = (): FieldMessages => {
    const found: FieldMessages = {};
    if (mode === 'username') {
      if (!username.trim()) found.username = { key: 'username_required' };
      if (!password.trim()) found.password = { key: 'password_required' };
    } else {
      const raw = cleanMobile(mobile);
      if (!raw) found.mobileNum = { key: 'mobile_required' };
      else if (!parseMobile(raw, dialCode)) found.mobileNum = { key: 'invalid_mobile_number' };
      if (!code) found.verificationCode = { key: 'code_required' };
    }
    if (needCaptcha && !captcha.trim()) found.captcha = { key: 'captcha_required' };
    return found;
  };

  /** Remember me (the name and the server's token, never the password), then home. */
  const signedIn = (info: LoginInfo, isSms: boolean, provenPassword?: string) => {
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

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const isSms = mode === 'sms';
    const typedPassword = password.trim();
    try {
      // The human-verification step comes before a password login; SMS logins skip it (spec §4).
      const info = await withHuman(needsHuman && !isSms, (human) =>
        callSealed('login', {
          body: {
            ...human,
            type: isSms ? 'sms' : 'username',
            username: isSms ? cleanMobile(mobile) : username.trim(),
            // SMS codes are not trimmed (spec §5).
            password: isSms ? code : typedPassword,
            ...(isSms ? { countryDialingCode: dialCode } : {}),
            ...(needCaptcha ? { captcha: captcha.trim() } : {}),
            remember: keep,
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
        const value = error.value as { captcha?: unknown; fields?: unknown } | undefined;
        if (value?.captcha === true) {
          setNeedCaptcha(true);
          setCaptcha('');
          setCaptchaKey((k) => k + 1);
        }
        if (error.errorCode === 'captcha.invalid') setErrors({ captcha: { key: 'invalid_captcha' } });
      }
      setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <IpVerifyStep
        challenge={challenge.data}
        onDone={(info) => signedIn(info, false, challenge.provenPassword)}
        onBack={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 pt-1"
      data-testid={agentSite ? 'agent-login-form' : 'login-form'}
    >
      {smsLogin ? (
        <Tabs
          label={t('login.method')}
          value={mode}
          onChange={(next) => {
            setMode(next);
            setErrors({});
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
            value={username}
            onValue={setUsername}
            error={fieldText(errors.username)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('form.usernamePlaceholder')}
            required
          />
          <PasswordField
            name="password"
            label={t('form.password')}
            value={password}
            onValue={setPassword}
            error={fieldText(errors.password)}
            autoComplete="current-password"
            placeholder={t('form.passwordPlaceholder')}
            required
          />
        </>
      ) : (
        <>
          <PhoneField
            label={t('form.mobile')}
            dialCodes={site.dialCodes}
            dialCode={dialCode}
            onDialCode={setDialCode}
            value={mobile}
            onValue={setMobile}
            error={fieldText(errors.mobileNum ?? errors.countryDialingCode)}
            required
          />
          <SmsCodeField
            value={code}
            onValue={setCode}
            error={fieldText(errors.verificationCode)}
            validateMobile={checkMobile}
            onError={(error) => setFormError(errorText(error))}
            request={() =>
              withHuman(needsHuman, (human) =>
                callApi('smsCodeNoLogin', {
                  body: {
                    mobileNum: cleanMobile(mobile),
                    countryDialingCode: dialCode,
                    purpose: 'login',
                    ...human,
                  },
                }),
              )
            }
          />
        </>
      )}
      {needCaptcha ? (
        <CaptchaField
          value={captcha}
          onValue={setCaptcha}
          error={fieldText(errors.captcha)}
          reloadKey={captchaKey}
        />
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <CheckboxField name="remember" checked={keep} onChecked={setKeep}>
          {t('login.remember')}
        </CheckboxField>
        <button
          type="button"
          data-testid="link-forget"
          onClick={() => switchTo('forget')}
          className="text-[0.8125rem] font-medium text-brand hover:underline"
        >
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} testId="btn-submit-login">
        {t('login.submit')}
      </SubmitButton>
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
    </form>
  );
};
