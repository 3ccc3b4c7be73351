import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { callBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { PageTitle } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { PageLoading } from '../../shared/ui/page-loading';
import { BrandForm } from './brand-form';
import { FlagsTree } from './flags-tree';
import { CustomerServiceForm, MaintenanceForm, RegionForm, ResourcesForm } from './other-forms';
import { RegisterRulesForm } from './register-rules';
import { settingsKey } from './settings-query';
import { SocialSignInForm } from './social-form';

export const TABS = [
  'flags',
  'register',
  'brand',
  'maintenance',
  'region',
  'service',
  'resources',
  'signIn',
] as const;
type Tab = (typeof TABS)[number];

/** One merchant's site settings, a tab per group; read-only for roles without settings.write. */
export const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const { merchant } = useMerchant();
  const can = useCan();
  const param = useParams().tab as Tab;
  const tab: Tab = TABS.includes(param) ? param : 'flags';
  const query = useQuery({
    queryKey: settingsKey(merchant),
    queryFn: () => callBo('boSettings', { query: { merchant } }),
  });
  const readOnly = !can('settings.write');
  return (
    <div data-testid="settings-page">
      <PageTitle title={t('title', { merchant })} />
      <nav
        className="mb-4 flex gap-1 overflow-x-auto border-line border-b"
        aria-label={t('title', { merchant })}
      >
        {TABS.map((key) => (
          <NavLink
            key={key}
            to={`/settings/${key}`}
            data-testid={`settings-tab-${key}`}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm',
              key === tab
                ? 'border-accent font-medium text-accent'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t(`tab.${key}`)}
          </NavLink>
        ))}
      </nav>
      {readOnly && (
        <p className="mb-3 rounded bg-surface-2 p-2 text-muted text-sm" data-testid="settings-read-only">
          {t('readOnly')}
        </p>
      )}
      {query.isPending && <PageLoading />}
      {query.isError && (
        <p role="alert" className="text-danger">
          {errorText(query.error)}
        </p>
      )}
      {query.data && (
        <div key={merchant}>
          {tab === 'flags' && <FlagsTree value={query.data} readOnly={readOnly} />}
          {tab === 'register' && <RegisterRulesForm value={query.data} readOnly={readOnly} />}
          {tab === 'brand' && <BrandForm value={query.data} readOnly={readOnly} />}
          {tab === 'maintenance' && <MaintenanceForm value={query.data} readOnly={readOnly} />}
          {tab === 'region' && <RegionForm value={query.data} readOnly={readOnly} />}
          {tab === 'service' && <CustomerServiceForm value={query.data} readOnly={readOnly} />}
          {tab === 'resources' && <ResourcesForm value={query.data} readOnly={readOnly} />}
          {tab === 'signIn' && <SocialSignInForm merchant={merchant} readOnly={readOnly} />}
        </div>
      )}
    </div>
  );
};
