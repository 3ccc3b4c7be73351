import { SectionPage } from '../../features/shell/section-page';

/** Page group `elott` (one lazy chunk). */
export const pages = {
  elott: () => <SectionPage page="elott" />,
};
