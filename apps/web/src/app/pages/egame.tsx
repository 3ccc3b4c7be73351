import { GAME_TYPES, type GameType } from '@khela/contract/browser';
import { useParams } from 'react-router';
import { CategoryLobby } from '../../features/lobby/category-lobby';
import { LobbyPage } from '../../features/lobby/lobby-page';
import { markOnce } from '../../features/lobby/marks';
import { type NavCode, navCodeOf } from '../../features/lobby/nav-rules';
import { RngLobby } from '../../features/lobby/rng-lobby';
import { PvpRooms } from '../../features/pvp/pvp-rooms';
import { rngLobbyParts } from '../game-parts';

// The first page of /rng is asked for by main.tsx, in parallel with this chunk (rng-prefetch.ts).
markOnce('egame');

/** `/games/:games`: the category in the path, upper-cased (spec §2); unknown ones show slots. */
const GamesByPath = () => {
  const { games = '' } = useParams();
  const upper = games.toUpperCase();
  const type = (GAME_TYPES as readonly string[]).includes(upper) ? (upper as GameType) : null;
  const code: NavCode | null = type ? navCodeOf(type) : null;
  return (
    <LobbyPage page="games">
      {code && code !== 'RNG' ? <CategoryLobby code={code} /> : <RngLobby parts={rngLobbyParts} />}
    </LobbyPage>
  );
};

/** Page group `egame` (one lazy chunk): the slot lobby, fishing, card games (with the Teen Patti rooms), and games by path. */
export const pages = {
  rng: () => (
    <LobbyPage page="rng">
      <RngLobby parts={rngLobbyParts} />
    </LobbyPage>
  ),
  pvp: () => (
    <LobbyPage page="pvp">
      <div className="mx-auto w-full max-w-[1200px] px-3 pt-5 sm:px-4 lg:px-6">
        <PvpRooms />
      </div>
      <CategoryLobby code="PVP" />
    </LobbyPage>
  ),
  fish: () => (
    <LobbyPage page="fish">
      <CategoryLobby code="FISH" />
    </LobbyPage>
  ),
  games: GamesByPath,
};
