import type { boSportsbookRoutes, RouteValue } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../shared/money';
import { SectionTabs } from '../../shared/ui/section-tabs';

type Routes = typeof boSportsbookRoutes;
export type TradingEvent = RouteValue<Routes['boSportsbookEvents']>[number];
export type TradingMarket = TradingEvent['markets'][number];
export type BoBet = RouteValue<Routes['boSportsbookBets']>[number];

export const PRODUCTS = ['SPORTS', 'ESPORTS', 'COCKFIGHT'] as const;

/** Odds kept in ten-thousandths, shown as decimal odds with two places. */
export const decimalOdds = (tenThousandths: string) => (Number(tenThousandths) / 10_000).toFixed(2);

/** Minor units as a two-decimal amount with thousands separators. */
export const money = formatMinor;

export const SportsbookTabs = () => {
  const { t } = useTranslation('sportsbook');
  const tabs = [
    { to: '/sportsbook', label: t('tabs.trading'), end: true },
    { to: '/sportsbook/bets', label: t('tabs.bets'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
