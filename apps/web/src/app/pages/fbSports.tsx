import { SectionPage } from '../../features/shell/section-page';

/** Page group `fbSports` (one lazy chunk). */
export const pages = {
  fbsports: () => <SectionPage page="fbsports" />,
};
