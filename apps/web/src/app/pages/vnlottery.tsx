import { SectionPage } from '../../features/shell/section-page';

/** Page group `vnlottery` (one lazy chunk). */
export const pages = {
  vnlottery: () => <SectionPage page="vnlottery" />,
};
