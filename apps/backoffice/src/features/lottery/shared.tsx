import type { boLotteryRoutes, RouteValue } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../shared/money';
import { SectionTabs } from '../../shared/ui/section-tabs';

export type LotteryRoutes = typeof boLotteryRoutes;
export type BetRow = RouteValue<LotteryRoutes['boLotteryBets']>['items'][number];
export type Rule = RouteValue<LotteryRoutes['boLotteryRules']>;
export type Exposure = RouteValue<LotteryRoutes['boLotteryExposure']>;
export type VnRule = RouteValue<LotteryRoutes['boVnRules']>[number];
export type VnExposure = RouteValue<LotteryRoutes['boVnExposure']>;

/** The in-house lotteries of every merchant (the lottery module's default games). */
export const GAME_CODES = ['KENO1', 'KENO5', 'Q3D', 'P4', 'F5D', 'R10', 'L545', 'L655'] as const;

/** Minor units as a two-decimal amount with thousands separators. */
export const money = formatMinor;

export const LotteryTabs = () => {
  const { t } = useTranslation('lottery');
  const tabs = [
    { to: '/lottery', label: t('tabs.bets'), end: true },
    { to: '/lottery/rules', label: t('tabs.rules'), end: false },
    { to: '/lottery/vn', label: t('tabs.vn'), end: true },
    { to: '/lottery/vn/rules', label: t('tabs.vnRules'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
