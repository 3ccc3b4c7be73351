import type { RegisterRule } from '@khela/contract';
import { Headset } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, callApi } from '../../shared/api/client';
import {
  FormAlert,
  KitForm,
  PasswordField,
  PhoneField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  TextField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { openCustomerService, preloadCsDecoder } from '../../shared/ui/customer-service';
import { useModal } from '../../shared/ui/modal-host';
import { pickServiceEntry } from '../../shared/ui/service-button';
import { byRule, mobileMessage } from './checks';
import { SmsCodeField, Tabs } from './fields';
import { useAuthFlow, useAuthSite } from './flow';
import { withHuman } from './human';
import { cleanMobile, parseMobile } from './phone';
import { callSealed } from './sealed';

type Method = 'email' | 'mobile';
type Values = {
  username: string;
  email: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
};

/**
 * Forgot password (spec §2 forgetPassModal, §4): by email (username + email, a temporary password
 * is mailed; the popup closes either way) or, when CHNGPASSVERIF3 is on and then by default, by
 * mobile (number + SMS code + new password: reset, then logged in and home).
 */
export const ForgetForm = ({ close }: { close?: () => void }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const modal = useModal();
  const { switchTo, finish } = useAuthFlow(close);
  const site = useAuthSite();
  const rules: Record<string, RegisterRule> = site.rules;
  const byMobile = site.flags.CHNGPASSVERIF3 === true;
  const serviceEntry = pickServiceEntry(site.status?.info.customerService ?? []);
  const [method, setMethod] = useState<Method>(byMobile ? 'mobile' : 'email');
  const [formError, setFormError] = useState<string | null>(null);

  // By email: the username and email by their register rules; by mobile: the number for its
  // dialling code, the code, the new password by the password rule (spec §5).
  const schema = withChecks(z.object({}), (values, put) => {
    const v = values as unknown as Values;
    if (method === 'email') {
      put('username', byRule(rules.username, v.username.trim(), 'username_required'));
      put('email', byRule(rules.email, v.email.trim(), 'email_required'));
    } else {
      put('mobileNum', mobileMessage(v.mobileNum, v.countryDialingCode));
      if (!v.verificationCode) put('verificationCode', { key: 'code_required' });
      put('newPassword', byRule(rules.password, v.newPassword.trim(), 'password_required', 'error_password'));
    }
  });
  const form = useKitForm<Values>(schema as unknown as z.ZodType<Values, Values>, {
    defaultValues: {
      username: '',
      email: '',
      mobileNum: '',
      countryDialingCode: site.dialCode,
      verificationCode: '',
      newPassword: '',
    },
  });

  const handleSubmit = async (values: Values) => {
    setFormError(null);
    const password = values.newPassword.trim();
    const dialCode = values.countryDialingCode;
    try {
      if (method === 'email') {
        // The answer is the same whether or not the account exists; the popup closes either way.
        try {
          await callApi('forgotPasswordEmail', {
            form: { username: values.username.trim(), email: values.email.trim() },
          });
          close?.();
          modal.open('authNotice', { tone: 'success', message: t('forget.sent') });
        } catch (error) {
          if (error instanceof ApiError && error.errorCode === 'validation.failed') {
            showFieldMessages(form, serverFieldMessages(error.value));
            return;
          }
          close?.();
          modal.open('authNotice', { tone: 'warning', message: errorText(error) });
        }
        return;
      }
      const mobileNum = cleanMobile(values.mobileNum);
      await callSealed('resetPasswordBySms', {
        body: {
          mobileNum,
          countryDialingCode: dialCode,
          verificationCode: values.verificationCode,
          newPassword: password,
        },
      });
      const info = await callSealed('login', {
        body: {
          username: parseMobile(mobileNum, dialCode) ?? mobileNum,
          password,
          type: '',
        },
      });
      finish(info, { provenPassword: password });
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (Object.keys(fields).length > 0) showFieldMessages(form, fields);
      else setFormError(errorText(error));
    }
  };

  return (
    <KitForm
      form={form}
      onSubmit={handleSubmit}
      look="sunken"
      className="flex flex-col gap-4 pt-1"
      testId="forget-form"
    >
      {byMobile ? (
        <Tabs
          label={t('forget.method')}
          value={method}
          onChange={(next) => {
            setMethod(next);
            form.clearErrors();
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
            autoComplete="username"
            autoCapitalize="none"
            required
          />
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={t('form.email')}
            autoComplete="email"
            required
          />
        </>
      ) : (
        <>
          <PhoneField label={t('form.mobile')} dialCodes={site.dialCodes} required />
          <SmsCodeField
            validateMobile={() => form.trigger('mobileNum')}
            onError={(error) => modal.open('authNotice', { tone: 'warning', message: errorText(error) })}
            request={() =>
              withHuman(site.flags.HUMANVERIF3 === true, (human) =>
                callApi('smsCodeNoLogin', {
                  body: {
                    mobileNum: cleanMobile(form.getValues('mobileNum')),
                    countryDialingCode: form.getValues('countryDialingCode'),
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
            autoComplete="new-password"
            placeholder={t('form.newPasswordPlaceholder')}
            required
          />
        </>
      )}
      <SubmitButton testId="btn-submit-forget">
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
    </KitForm>
  );
};
