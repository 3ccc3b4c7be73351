import { SportsPage } from '../../features/game/sports-page';

/** Page group `fbSports` (one lazy chunk): the FB sports launch (`GCS_gameLaunchFB`). */
export const pages = {
  fbsports: () => <SportsPage page="fbsports" />,
};
