import { SectionPage } from '../../features/shell/section-page';

/** Page group `pointMall` (one lazy chunk). */
export const pages = {
  pointMall: () => <SectionPage page="pointMall" />,
};
