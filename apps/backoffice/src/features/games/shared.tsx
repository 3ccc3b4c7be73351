import type { boGamesRoutes, RouteValue } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../shared/ui/section-tabs';

export type GamesRoutes = typeof boGamesRoutes;
export type RoundRow = RouteValue<GamesRoutes['boGameRounds']>['items'][number];
export type RoundDetail = RouteValue<GamesRoutes['boGameRound']>;
export type Vendor = RouteValue<GamesRoutes['boGameVendors']>['items'][number];
export type Jackpot = RouteValue<GamesRoutes['boJackpot']>;

/** Minor units (string of digits) as a two-decimal amount with thousands separators. */
export const money = (minor: string | null | undefined, currency?: string) => {
  if (minor === null || minor === undefined || !/^-?\d+$/.test(minor)) return '—';
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${value < 0n ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
  return currency ? `${text} ${currency}` : text;
};

/** Tabs between the games screens. */
export const GamesTabs = () => {
  const { t } = useTranslation('games');
  const tabs = [
    { to: '/games', label: t('tabs.rounds'), end: true },
    { to: '/games/vendors', label: t('tabs.vendors'), end: false },
    { to: '/games/tables', label: t('tabs.tables'), end: false },
    { to: '/games/jackpot', label: t('tabs.jackpot'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
