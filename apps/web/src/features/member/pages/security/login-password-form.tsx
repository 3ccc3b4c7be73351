import { changePasswordBody } from '@khela/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import {
  KitForm,
  PasswordField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../../shared/form';
import { Card, Notice } from '../../ui';
import { type Result, SectionTitle } from './shared';

const EMPTY = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/** The login password (PASS3): the current one, the new one twice (the contract's body, trimmed). */
export const LoginPasswordForm = () => {
  const { t } = useTranslation('member');
  const errorText = useErrorText();
  const [result, setResult] = useState<Result>(null);
  const required = { key: 'required', text: t('form.required') };
  const schema = withChecks(changePasswordBody, (values, put) => {
    if (!values.oldPassword) put('oldPassword', required);
    if (!values.newPassword) put('newPassword', required);
    if (!values.confirmNewPassword) put('confirmNewPassword', required);
    else if (values.confirmNewPassword !== values.newPassword)
      put('confirmNewPassword', { key: 'mismatch', text: t('form.mismatch') });
  });
  const form = useKitForm<z.input<typeof schema>, z.output<typeof schema>>(schema, { defaultValues: EMPTY });

  const handleSubmit = async (values: z.output<typeof schema>) => {
    setResult(null);
    try {
      await callApi('changePassword', {
        body: {
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        },
      });
      form.reset(EMPTY);
      setResult({ tone: 'success', text: t('security.loginPasswordChanged') });
    } catch (error) {
      showFieldMessages(form, serverFieldMessages(error, 'member'));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="login-password"
      title={
        <SectionTitle icon={<KeyRound className="size-4" />}>{t('security.loginPassword')}</SectionTitle>
      }
    >
      <KitForm form={form} onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-3">
        <PasswordField
          name="oldPassword"
          label={t('security.currentPassword')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          name="newPassword"
          label={t('security.newPassword')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          name="confirmNewPassword"
          label={t('security.confirmPassword')}
          autoComplete="new-password"
          required
        />
        <div className="flex flex-col gap-3 sm:col-span-3">
          {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
          <SubmitButton testId="login-password-submit">{t('security.changeLoginPassword')}</SubmitButton>
        </div>
      </KitForm>
    </Card>
  );
};
