import { GamePage } from '../../features/game/game-page';

/** Page group `byIframe` (one lazy chunk): the game in an iframe. */
export const pages = {
  game: GamePage,
};
