import { SectionPage } from '../../features/shell/section-page';

/** Page group `egame` (one lazy chunk). */
export const pages = {
  rng: () => <SectionPage page="rng" />,
  pvp: () => <SectionPage page="pvp" />,
  fish: () => <SectionPage page="fish" />,
  games: () => <SectionPage page="games" />,
};
