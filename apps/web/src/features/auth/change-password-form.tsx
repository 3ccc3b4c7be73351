import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { passwordChanged } from '../../shared/state/session';
import { useAuthSite } from './flow';
import { FormAlert, PasswordField, SubmitButton, useErrorText, useFieldText } from './form-ui';
import { holdChangePassword } from './pending-change';
import { checkRule, type FieldMessages, serverFieldMessages } from './rules';
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
  const fieldText = useFieldText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useAuthSite();
  const [askOld, setAskOld] = useState(!provenPassword);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  // While this form is on screen, a `password.change.required` refusal opens no second one.
  useEffect(() => holdChangePassword(), []);

  const validate = (): FieldMessages => {
    const found: FieldMessages = {};
    if (askOld && !oldPassword.trim()) found.oldPassword = { key: 'password_required' };
    const value = password.trim();
    const rule = site.rules.password;
    const problem = rule
      ? checkRule(rule, value, { required: true, key: 'error_password' })
      : value
        ? null
        : { key: 'password_required' };
    if (problem) found.newPassword = problem;
    if (!confirm.trim()) found.confirmNewPassword = { key: 'confirm_required' };
    else if (confirm.trim() !== value) found.confirmNewPassword = { key: 'inconsistent_twice' };
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
      await callSealed('changePassword', {
        body: {
          oldPassword: askOld ? oldPassword.trim() : provenPassword,
          newPassword: password.trim(),
          confirmNewPassword: confirm.trim(),
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
      data-testid="change-password-form"
    >
      <p className="text-[0.8125rem] leading-relaxed text-muted">{t('changePassword.intro')}</p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {done ? <FormAlert tone="success">{t('changePassword.done')}</FormAlert> : null}
      {askOld ? (
        <PasswordField
          name="oldPassword"
          label={t('form.oldPassword')}
          value={oldPassword}
          onValue={setOldPassword}
          error={fieldText(errors.oldPassword)}
          autoComplete="current-password"
          required
        />
      ) : null}
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
      <PasswordField
        name="confirmNewPassword"
        label={t('form.confirmPassword')}
        value={confirm}
        onValue={setConfirm}
        error={fieldText(errors.confirmNewPassword)}
        autoComplete="new-password"
        placeholder={t('form.confirmPlaceholder')}
        required
      />
      <SubmitButton busy={busy} testId="btn-submit-change-password">
        {t('changePassword.submit')}
      </SubmitButton>
    </form>
  );
};
