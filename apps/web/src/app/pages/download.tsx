import { SectionPage } from '../../features/shell/section-page';

/** Page group `download` (one lazy chunk). */
export const pages = {
  download: () => <SectionPage page="download" />,
};
