import { SectionPage } from '../../features/shell/section-page';

/** Page group `joinus` (one lazy chunk). */
export const pages = {
  join: () => <SectionPage page="join" />,
};
