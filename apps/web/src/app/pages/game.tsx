import { CategoryLobby } from '../../features/lobby/category-lobby';
import { LobbyPage } from '../../features/lobby/lobby-page';

/** Page group `game` (one lazy chunk): live casino, sports, esports and cockfight lobbies. */
export const pages = {
  live: () => (
    <LobbyPage page="live">
      <CategoryLobby code="LIVE" />
    </LobbyPage>
  ),
  sports: () => (
    <LobbyPage page="sports">
      <CategoryLobby code="SPORTS" />
    </LobbyPage>
  ),
  esports: () => (
    <LobbyPage page="esports">
      <CategoryLobby code="ESPORTS" />
    </LobbyPage>
  ),
  cockfight: () => (
    <LobbyPage page="cockfight">
      <CategoryLobby code="COCKFIGHT" />
    </LobbyPage>
  ),
};
