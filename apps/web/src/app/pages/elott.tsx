import { CategoryLobby } from '../../features/lobby/category-lobby';
import { LobbyPage } from '../../features/lobby/lobby-page';

/** Page group `elott` (one lazy chunk): the electronic lottery and lottery lobby. */
export const pages = {
  elott: () => (
    <LobbyPage page="elott">
      <CategoryLobby code="LOTT" />
    </LobbyPage>
  ),
};
