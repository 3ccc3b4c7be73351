import { SectionPage } from '../../features/shell/section-page';

/** Page group `seamless` (one lazy chunk). */
export const pages = {
  seamless: () => <SectionPage page="seamless" />,
};
