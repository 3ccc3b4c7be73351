import { SectionPage } from '../../features/shell/section-page';

/** Page group `byIframe` (one lazy chunk). */
export const pages = {
  game: () => <SectionPage page="game" />,
};
