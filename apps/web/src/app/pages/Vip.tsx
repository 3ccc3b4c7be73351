import { SectionPage } from '../../features/shell/section-page';

/** Page group `Vip` (one lazy chunk). */
export const pages = {
  vip: () => <SectionPage page="vip" />,
};
