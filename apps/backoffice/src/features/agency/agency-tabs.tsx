import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../shared/ui/section-tabs';

/** The agency screens' tab row: settlement runs, contract templates, applications. */
export const AgencyTabs = () => {
  const { t } = useTranslation('agency');
  const tabs = [
    { to: '/agency', label: t('tabs.runs'), end: true },
    { to: '/agency/templates', label: t('tabs.templates'), end: false },
    { to: '/agency/applications', label: t('tabs.applications'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
