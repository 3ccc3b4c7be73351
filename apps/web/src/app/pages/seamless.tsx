import { SportsPage } from '../../features/game/sports-page';

/** Page group `seamless` (one lazy chunk): the seamless sports vendor, header navigation hidden. */
export const pages = {
  seamless: () => <SportsPage page="seamless" />,
};
