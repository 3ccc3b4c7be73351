import { SectionPage } from '../../features/shell/section-page';

/** Page group `promoDetail` (one lazy chunk). */
export const pages = {
  promoDetail: () => <SectionPage page="promoDetail" />,
};
