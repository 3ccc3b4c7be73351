import type { RegisterRule } from '@khela/contract';
import { Headset } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { buttonClass } from '../../shared/ui/button';
import { openCustomerService, preloadCsDecoder } from '../../shared/ui/customer-service';
import { useModal } from '../../shared/ui/modal-host';
import { pickServiceEntry } from '../../shared/ui/service-button';
import { useAuthFlow, useAuthSite } from './flow';
import {
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

type Method = 'email' | 'mobile';

/**
 * Forgot password (spec §2 forgetPassModal, §4): by email (username + email, a temporary password
 * is mailed; the popup closes either way) or, when CHNGPASSVERIF3 is on and then by default, by
 * mobile (number + SMS code + new password: reset, then logged in and home).
 */
export const ForgetForm = ({ close }: { close?: () => void }) => {
  const { t } = useTranslation('auth');
  const fieldText = useFieldText();
  const errorText = useErrorText();
  const modal = useModal();
  const { switchTo, finish } = useAuthFlow(close);
  const site = useAuthSite();
  const rules: Record<string, RegisterRule> = site.rules;
  const byMobile = site.flags.CHNGPASSVERIF3 === true;
  const serviceEntry = pickServiceEntry(site.status?.info.customerService ?? []);
  const [method, setMethod] = useState<Method>(byMobile ? 'mobile' : 'email');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [dialCode, setDialCode] = useState(site.dialCode);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const mobileProblem = () => {
    const raw = cleanMobile(mobile);
    if (!raw) return { key: 'mobile_required' };
    return parseMobile(raw, dialCode) ? null : { key: 'invalid_mobile_number' };
  };
  const checkMobile = () => {
    const problem = mobileProblem();
    setErrors((current) => {
      const { mobileNum: _old, ...rest } = current;
      return problem ? { ...rest, mobileNum: problem } : rest;
    });
    return problem === null;
  };

  const validate = (): FieldMessages => {
    const found: FieldMessages = {};
    if (method === 'email') {
      const user = username.trim();
      const userRule = rules.username;
      const problem = userRule
        ? checkRule(userRule, user, { required: true })
        : user
          ? null
          : { key: 'username_required' };
      if (problem) found.username = problem;
      const mail = email.trim();
      const emailRule = rules.email;
      const mailProblem = emailRule
        ? checkRule(emailRule, mail, { required: true })
        : mail
          ? null
          : { key: 'email_required' };
      if (mailProblem) found.email = mailProblem;
    } else {
      const problem = mobileProblem();
      if (problem) found.mobileNum = problem;
      if (!code) found.verificationCode = { key: 'code_required' };
      const value = password.trim();
      const rule = rules.password;
      const passwordProblem = rule
        ? checkRule(rule, value, { required: true, key: 'error_password' })
        : value
          ? null
          : { key: 'password_required' };
      if (passwordProblem) found.newPassword = passwordProblem;
    }
    return found;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (method === 'email') {
        // The answer is the same whether or not the account exists; the popup closes either way.
        try {
          await callApi('forgotPasswordEmail', { form: { username: username.trim(), email: email.trim() } });
          close?.();
          modal.open('authNotice', { tone: 'success', message: t('forget.sent') });
        } catch (error) {
          if (error instanceof ApiError && error.errorCode === 'validation.failed') {
            setErrors(serverFieldMessages(error.value));
            return;
          }
          close?.();
          modal.open('authNotice', { tone: 'warning', message: errorText(error) });
        }
        return;
      }
      const mobileNum = cleanMobile(mobile);
      await callSealed('resetPasswordBySms', {
        body: {
          mobileNum,
          countryDialingCode: dialCode,
          verificationCode: code,
          newPassword: password.trim(),
        },
      });
      const info = await callSealed('login', {
        body: {
          username: parseMobile(mobileNum, dialCode) ?? mobileNum,
          password: password.trim(),
          type: '',
        },
      });
      finish(info, { provenPassword: password.trim() });
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 pt-1"
      data-testid="forget-form"
    >
      {byMobile ? (
        <Tabs
          label={t('forget.method')}
          value={method}
          onChange={(next) => {
            setMethod(next);
            setErrors({});
            setFormError(null);
          }}
          options={[
            { value: 'mobile', label: t('forget.byMobile') },
            { value: 'email', label: t('forget.byEmail') },
          ]}
        />
      ) : null}
      <p className="text-[0.8125rem] leading-relaxed text-muted">
        {method === 'email' ? t('forget.emailIntro') : t('forget.mobileIntro')}
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {method === 'email' ? (
        <>
          <TextField
            name="username"
            label={t('form.username')}
            value={username}
            onValue={setUsername}
            error={fieldText(errors.username)}
            autoComplete="username"
            autoCapitalize="none"
            required
          />
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={t('form.email')}
            value={email}
            onValue={setEmail}
            error={fieldText(errors.email)}
            autoComplete="email"
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
            onError={(error) => modal.open('authNotice', { tone: 'warning', message: errorText(error) })}
            request={() =>
              withHuman(site.flags.HUMANVERIF3 === true, (human) =>
                callApi('smsCodeNoLogin', {
                  body: {
                    mobileNum: cleanMobile(mobile),
                    countryDialingCode: dialCode,
                    purpose: 'reset',
                    ...human,
                  },
                }),
              )
            }
          />
          <PasswordField
            name="newPassword"
            label={t('form.newPassword')}
            value={password}
            onValue={setPassword}
            error={fieldText(errors.newPassword)}
            autoComplete="new-password"
            placeholder={t('form.newPasswordPlaceholder')}
            required
          />
        </>
      )}
      <SubmitButton busy={busy} testId="btn-submit-forget">
        {method === 'email' ? t('forget.submitEmail') : t('forget.submitMobile')}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-[0.8125rem]">
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Headset aria-hidden="true" className="size-4" />
          {t('forget.needHelp')}
        </span>
        {serviceEntry ? (
          <button
            type="button"
            data-testid="btn-forget-service"
            className={buttonClass('outline', 'sm')}
            onPointerEnter={() => void preloadCsDecoder()}
            onFocus={() => void preloadCsDecoder()}
            onClick={() => openCustomerService(serviceEntry)}
          >
            {t('forget.contactService')}
          </button>
        ) : null}
      </div>
      <p className="text-center text-[0.8125rem] text-muted">
        <button
          type="button"
          onClick={() => switchTo('login')}
          className="font-semibold text-brand hover:underline"
        >
          {t('forget.backToLogin')}
        </button>
        {site.flags.DIRECTREG3 ? (
          <>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            <button
              type="button"
              onClick={() => switchTo('register')}
              className="font-semibold text-brand hover:underline"
            >
              {t('login.registerNow')}
            </button>
          </>
        ) : null}
      </p>
    </form>
  );
};
