import { SectionPage } from '../../features/shell/section-page';

/** Page group `promo` (one lazy chunk). */
export const pages = {
  promotions: () => <SectionPage page="promotions" />,
};
