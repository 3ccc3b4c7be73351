import { SectionPage } from '../../features/shell/section-page';

/** Page group `lottery` (one lazy chunk). */
export const pages = {
  lottery: () => <SectionPage page="lottery" />,
};
