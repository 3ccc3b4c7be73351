import { SectionPage } from '../../features/shell/section-page';

/** Page group `game` (one lazy chunk). */
export const pages = {
  live: () => <SectionPage page="live" />,
  sports: () => <SectionPage page="sports" />,
  esports: () => <SectionPage page="esports" />,
  cockfight: () => <SectionPage page="cockfight" />,
};
