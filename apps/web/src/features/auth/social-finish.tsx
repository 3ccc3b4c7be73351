import type { SocialFinish } from '@khela/contract';
import { Link2, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FormAlert,
  KitForm,
  PasswordField,
  SubmitButton,
  TextField,
  useErrorText,
  useKitForm,
} from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { useAuthFlow, useAuthSite } from './flow';
import { humanField } from './human';
import { callSealed } from './sealed';

type LinkValues = { linkUsername: string; linkPassword: string };
type Choice = Extract<SocialFinish, { status: 'choose' }>;

/**
 * Back from Google / Facebook (`/?social=ok`): a linked account is signed straight in; a new one
 * chooses between a new member and linking an existing one (its password proves it).
 */
export const SocialFinishBody = ({ outcome, close }: { outcome: string; close: () => void }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { finish } = useAuthFlow(close);
  // Linking proves a password, as a login does: the same human verification where the brand asks.
  const needsHuman = useAuthSite().flags.HUMANVERIF3 === true;
  const [choice, setChoice] = useState<Choice | null>(null);
  const [error, setError] = useState<string | null>(
    outcome === 'ok' ? null : t(`social.${outcome === 'cancelled' ? 'cancelled' : 'failed'}`),
  );
  const [busy, setBusy] = useState<'create' | 'link' | 'first' | null>(outcome === 'ok' ? 'first' : null);
  const form = useKitForm<LinkValues>(z.object({ linkUsername: z.string(), linkPassword: z.string() }), {
    defaultValues: { linkUsername: '', linkPassword: '' },
  });
  const started = useRef(false);

  const send = async (body: {
    mode?: 'create' | 'link';
    username?: string;
    password?: string;
    altcha?: string;
  }) => {
    setError(null);
    try {
      const answer = await callSealed('socialFinish', { body });
      if (answer.status === 'signedIn') finish(answer.login);
      else setChoice(answer);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    if (outcome !== 'ok' || started.current) return;
    started.current = true;
    void send({});
  });

  // An empty name or password sends nothing (the fields are marked required).
  const link = async ({ linkUsername, linkPassword }: LinkValues) => {
    if (busy || !linkUsername.trim() || !linkPassword.trim()) return;
    setBusy('link');
    try {
      const human = await humanField(needsHuman);
      await send({ mode: 'link', username: linkUsername.trim(), password: linkPassword, ...human });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(null);
    }
  };

  if (busy === 'first') {
    return (
      <div className="grid place-items-center py-8" data-testid="social-finishing">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="social-finish">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {choice ? (
        <>
          <p className="text-sm leading-relaxed text-fg/85" data-testid="social-choose">
            {t('social.chooseLead', {
              provider: t(choice.provider === 'google' ? 'login.google' : 'login.facebook'),
              who: choice.email ?? choice.name ?? '',
            })}
          </p>
          <button
            type="button"
            data-testid="btn-social-create"
            disabled={busy !== null}
            onClick={() => {
              setBusy('create');
              void send({ mode: 'create' });
            }}
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            {busy === 'create' ? <Spinner /> : <UserPlus aria-hidden="true" className="size-4.5" />}
            {t('social.create')}
          </button>
          <div className="flex items-center gap-3 text-[0.75rem] text-muted">
            <span className="h-px flex-1 bg-line" />
            {t('social.or')}
            <span className="h-px flex-1 bg-line" />
          </div>
          <KitForm
            form={form}
            onSubmit={link}
            look="sunken"
            className="flex flex-col gap-3"
            testId="social-link-form"
          >
            <p className="flex items-center gap-2 text-[0.8125rem] font-semibold text-fg">
              <Link2 aria-hidden="true" className="size-4 text-brand" />
              {t('social.linkLead')}
            </p>
            <TextField
              name="linkUsername"
              label={t('form.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <PasswordField
              name="linkPassword"
              label={t('form.password')}
              autoComplete="current-password"
              required
            />
            <SubmitButton busy={busy === 'link'} testId="btn-social-link">
              {t('social.link')}
            </SubmitButton>
          </KitForm>
        </>
      ) : (
        <div className="flex justify-end">
          <button type="button" className={buttonClass('primary', 'md', 'min-w-28')} onClick={close}>
            {t('notice.confirm')}
          </button>
        </div>
      )}
    </div>
  );
};
