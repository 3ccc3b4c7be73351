import type { boLotteryRoutes, RouteValue } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../shared/ui/cx';

export type LotteryRoutes = typeof boLotteryRoutes;
export type BetRow = RouteValue<LotteryRoutes['boLotteryBets']>['items'][number];
export type Rule = RouteValue<LotteryRoutes['boLotteryRules']>;
export type Exposure = RouteValue<LotteryRoutes['boLotteryExposure']>;

/** The in-house lotteries of every merchant (the lottery module's default games). */
export const GAME_CODES = ['KENO1', 'KENO5', 'Q3D', 'P4', 'F5D', 'R10', 'L545', 'L655'] as const;

/** Minor units as a two-decimal amount with thousands separators. */
export const money = (minor: string) => {
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};

export const LotteryTabs = () => {
  const { t } = useTranslation('lottery');
  const tabs = [
    { to: '/lottery', label: t('tabs.bets'), end: true },
    { to: '/lottery/rules', label: t('tabs.rules'), end: false },
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
