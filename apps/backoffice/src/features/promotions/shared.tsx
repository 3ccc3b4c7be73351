import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../shared/ui/section-tabs';

/** Minor units as major with two decimals. */
export const money = (minor: string | null) => {
  if (minor === null) return '';
  const v = BigInt(minor);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

export type RuleRow = {
  code: string;
  version: number;
  kind: string;
  active: boolean;
  effectiveFrom: number;
  percentBp: number;
  fixedMinor: string;
  capMinor: string;
  multiplier: number;
  maxBetMinor: string;
  withdrawPolicy: string;
  spendingOrder: string;
  texts: { en: { title: string } };
} & Record<string, unknown>;

export type ApplicationRow = {
  id: string;
  memberId: number;
  username: string;
  code: string;
  remark: string;
  status: string;
  createdAt: number;
  decidedBy: string | null;
};

export type BonusRow = {
  id: string;
  memberId: number;
  code: string;
  version: number;
  status: string;
  amountMinor: string;
  requirementMinor: string;
  wageredMinor: string;
  convertedMinor: string | null;
  returnedMinor: string | null;
  grantedAt: number;
  expiresAt: number;
};

export const PromotionsTabs = () => {
  const { t } = useTranslation('promotions');
  const tabs = [
    { to: '/promotions', label: t('tabs.designer'), end: true },
    { to: '/promotions/applications', label: t('tabs.applications'), end: false },
    { to: '/promotions/bonuses', label: t('tabs.bonuses'), end: false },
    { to: '/promotions/referrals', label: t('tabs.referrals'), end: false },
  ];
  return <SectionTabs label={t('nav')} tabs={tabs} />;
};
