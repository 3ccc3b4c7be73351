import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../shared/ui/section-tabs';

export type ExclusionRow = {
  memberId: number;
  username: string;
  merchant: string;
  type: 'timeout' | 'self_exclusion';
  since: number;
  until: number | null;
  allMerchants: boolean;
  active: boolean;
};

export type Dashboard = {
  activeLimits: { kind: string; period: string; members: number }[];
  pendingIncreases: number;
  timeouts: number;
  selfExclusions: number;
  realityChecks7d: number;
  realityStops7d: number;
};

export const ProtectionTabs = () => {
  const { t } = useTranslation('protection');
  const tabs = [
    { to: '/protection', label: t('tabs.register'), end: true },
    { to: '/protection/dashboard', label: t('tabs.dashboard'), end: false },
    { to: '/protection/kyc', label: t('tabs.kyc'), end: false },
    { to: '/protection/risk', label: t('tabs.risk'), end: false },
    { to: '/protection/erasures', label: t('tabs.erasures'), end: false },
    { to: '/protection/profile', label: t('tabs.profile'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
