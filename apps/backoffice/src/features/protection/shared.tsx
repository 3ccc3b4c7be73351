import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../shared/ui/cx';

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
  ];
  return (
    <nav className="mb-4 flex gap-1 overflow-x-auto border-line border-b" aria-label={t('nav')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm',
              isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
};
