import { VipPage } from '../../features/loyalty';

/** Page group `Vip` (one lazy chunk): VIP tiers, benefits and my progress (issue 19). */
export const pages = {
  vip: () => <VipPage />,
};
