import { WinnerBoard } from '../features/game/winner-board';
import { useImageUrl } from '../features/lobby/images';

/**
 * The home page's winner board with the lobby's image addresses: one lazy chunk of its own
 * (pages/index.tsx), so neither the board nor the image helper joins the home page group.
 */
export const HomeWinners = () => <WinnerBoard imageUrl={useImageUrl()} />;
