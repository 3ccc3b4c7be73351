import { changePasswordBody } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/client';
import {
  FormAlert,
  KitForm,
  PasswordField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessages,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { passwordChanged } from '../../shared/state/session';
import { byRule } from './checks';
import { useAuthSite } from './flow';
import { holdChangePassword } from './pending-change';
import { callSealed } from './sealed';

/**
 * Change password (spec §2 changePassModal, §5): the current password is asked unless the member
 * just proved it by logging in; new password by the password rule; confirmation must match.
 * Success goes home.
 */
export const ChangePasswordForm = ({
  close,
  provenPassword,
}: {
  close?: () => void;
  provenPassword?: string;
}) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useAuthSite();
  const [askOld, setAskOld] = useState(!provenPassword);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // While this form is on screen, a `password.change.required` refusal opens no second one.
  useEffect(() => holdChangePassword(), []);

  // The contract's body (trimmed secrets), the new password by the password rule, the
  // confirmation equal to it (spec §5).
  const schema = withChecks(changePasswordBody, (values, put) => {
    const { oldPassword = '', newPassword, confirmNewPassword } = values;
    if (askOld && !oldPassword) put('oldPassword', { key: 'password_required' });
    put('newPassword', byRule(site.rules.password, newPassword, 'password_required', 'error_password'));
    if (!confirmNewPassword) put('confirmNewPassword', { key: 'confirm_required' });
    else if (confirmNewPassword !== newPassword) put('confirmNewPassword', { key: 'inconsistent_twice' });
  });
  const form = useKitForm<z.input<typeof schema>, z.output<typeof schema>>(schema, {
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const handleSubmit = async (values: z.output<typeof schema>) => {
    setFormError(null);
    try {
      await callSealed('changePassword', {
        body: {
          oldPassword: askOld ? values.oldPassword : provenPassword,
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        },
      });
      void queryClient.invalidateQueries({ queryKey: ['member-info'] });
      passwordChanged();
      setDone(true);
      close?.();
      void navigate('/');
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldMessages(error.value) : {};
      if (fields.oldPassword) setAskOld(true);
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
      testId="change-password-form"
    >
      <p className="text-[0.8125rem] leading-relaxed text-muted">{t('changePassword.intro')}</p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {done ? <FormAlert tone="success">{t('changePassword.done')}</FormAlert> : null}
      {askOld ? (
        <PasswordField
          name="oldPassword"
          label={t('form.oldPassword')}
          autoComplete="current-password"
          required
        />
      ) : null}
      <PasswordField
        name="newPassword"
        label={t('form.newPassword')}
        autoComplete="new-password"
        placeholder={t('form.newPasswordPlaceholder')}
        required
      />
      <PasswordField
        name="confirmNewPassword"
        label={t('form.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('form.confirmPlaceholder')}
        required
      />
      <SubmitButton testId="btn-submit-change-password">{t('changePassword.submit')}</SubmitButton>
    </KitForm>
  );
};
