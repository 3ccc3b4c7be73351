import { GAME_TYPES, type GameType } from '@khela/contract/browser';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { CategoryLobby } from '../../features/lobby/category-lobby';
import { LobbyPage } from '../../features/lobby/lobby-page';
import { markOnce } from '../../features/lobby/marks';
import { type NavCode, navCodeOf } from '../../features/lobby/nav-rules';
import { RngLobby } from '../../features/lobby/rng-lobby';
import { lazyChunk } from '../../shared/chunk';
import { rngLobbyParts } from '../game-parts';

// The Teen Patti rooms (with the site's form helpers and the card faces): a chunk of their own, so
// the slot lobby of the same group does not load them (the lobby-JS budget of `npm run bench`).
const PvpRooms = lazyChunk(() =>
  import('../../features/pvp/pvp-rooms').then((module) => ({ default: module.PvpRooms })),
);

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
        <Suspense fallback={null}>
          <PvpRooms />
        </Suspense>
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
