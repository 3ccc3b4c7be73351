import type { BoSocialSettings, BoSocialSettingsBody, SocialProvider } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { Button, Card, Field, Input, Toggle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';

/**
 * Google / Facebook sign-in of one merchant (identity, ADR 015): issuer, client id and secret of
 * the client the brand registered with the provider. The secret is write-only: the server never
 * answers it, only whether one is stored; leaving the field empty keeps it.
 */
const socialKey = (merchant: string) => ['bo', 'settings', 'social', merchant] as const;
const PROVIDERS: SocialProvider[] = ['google', 'facebook'];
const DEFAULT_ISSUER: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
};

export const SocialSignInForm = ({ merchant, readOnly }: { merchant: string; readOnly: boolean }) => {
  const { t } = useTranslation('settings');
  const query = useQuery({
    queryKey: socialKey(merchant),
    queryFn: () => requestBo<BoSocialSettings>(endpoints.boSocialSettings, { query: { merchant } }),
  });
  if (query.isPending) return <PageLoading />;
  if (query.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText(query.error)}
      </p>
    );
  return (
    <div className="flex flex-col gap-4" data-testid="social-settings">
      <p className="text-muted text-sm">
        {t('social.intro', { callback: `${window.location.origin}/wps/session/social/callback` })}
      </p>
      {PROVIDERS.map((provider) => (
        <ProviderForm
          key={`${provider}:${JSON.stringify(query.data[provider])}`}
          merchant={merchant}
          provider={provider}
          value={query.data[provider]}
          readOnly={readOnly}
        />
      ))}
    </div>
  );
};

const ProviderForm = ({
  merchant,
  provider,
  value,
  readOnly,
}: {
  merchant: string;
  provider: SocialProvider;
  value: BoSocialSettings['google'];
  readOnly: boolean;
}) => {
  const { t } = useTranslation('settings');
  const [enabled, setEnabled] = useState(value?.enabled ?? true);
  const [issuer, setIssuer] = useState(value?.issuer ?? DEFAULT_ISSUER[provider]);
  const [clientId, setClientId] = useState(value?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const save = useAction(
    (body: BoSocialSettingsBody) => requestBo<BoSocialSettings>(endpoints.boSocialSettingsUpdate, { body }),
    { success: t('saved'), invalidate: [socialKey(merchant)] },
  );
  const needsSecret = !value?.clientSecretSet;
  const invalid =
    !/^https?:\/\/\S+$/.test(issuer.trim()) || !clientId.trim() || (needsSecret && !clientSecret);
  const submit = () =>
    save.mutate({
      merchant,
      provider,
      value: {
        enabled,
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret ? { clientSecret } : {}),
      },
    });
  const name = t(`social.${provider}`);
  return (
    <Card
      title={name}
      actions={
        readOnly ? null : (
          <>
            {value ? (
              <Button
                variant="ghost"
                pending={save.isPending}
                onClick={() => save.mutate({ merchant, provider, value: null })}
                data-testid={`social-${provider}-clear`}
              >
                {t('social.clear')}
              </Button>
            ) : null}
            <Button
              variant="primary"
              disabled={invalid}
              pending={save.isPending}
              onClick={submit}
              data-testid={`social-${provider}-save`}
            >
              {t('save')}
            </Button>
          </>
        )
      }
    >
      <p className="mb-3 text-muted text-sm" data-testid={`social-${provider}-state`}>
        {value ? t(value.enabled ? 'social.stateOn' : 'social.stateOff') : t('social.stateUnset')}
      </p>
      <fieldset disabled={readOnly} className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div className="flex items-center gap-2 text-sm md:col-span-2">
          <Toggle
            checked={enabled}
            label={t('social.enabled', { provider: name })}
            disabled={readOnly}
            testId={`social-${provider}-enabled`}
            onChange={setEnabled}
          />
          {t('social.enabled', { provider: name })}
        </div>
        <Field label={t('social.issuer')} hint={t('social.issuerHint')}>
          <Input
            value={issuer}
            maxLength={255}
            onChange={(e) => setIssuer(e.target.value)}
            data-testid={`social-${provider}-issuer`}
          />
        </Field>
        <Field label={t('social.clientId')}>
          <Input
            value={clientId}
            maxLength={255}
            onChange={(e) => setClientId(e.target.value)}
            data-testid={`social-${provider}-client`}
          />
        </Field>
        <Field
          label={t('social.clientSecret')}
          hint={value?.clientSecretSet ? t('social.secretKept') : t('social.secretNeeded')}
          className="md:col-span-2"
        >
          <Input
            type="password"
            autoComplete="off"
            value={clientSecret}
            maxLength={512}
            placeholder={value?.clientSecretSet ? '••••••••' : ''}
            onChange={(e) => setClientSecret(e.target.value)}
            data-testid={`social-${provider}-secret`}
          />
        </Field>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="mt-2 text-danger text-sm">
          {errorText(save.error)}
        </p>
      ) : null}
    </Card>
  );
};
