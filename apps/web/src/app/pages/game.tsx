import { CategoryLobby } from '../../features/lobby/category-lobby';
import { LobbyPage } from '../../features/lobby/lobby-page';
import { PvpTableView } from '../../features/pvp/pvp-table';
import { SportsbookView } from '../../features/sportsbook/sportsbook-view';
import { LiveTables } from '../../features/tables/live-tables';
import { TableView } from '../../features/tables/table-view';

/**
 * Page group `game` (one lazy chunk): live casino (with the shared live tables above the vendors'
 * games, and a table's view), a Teen Patti table (PvP rooms), and the sports, esports and cockfight lobbies, each with the
 * in-house book (issue 21) above the vendors' entries.
 */
export const pages = {
  live: () => (
    <LobbyPage page="live">
      <div className="mx-auto w-full max-w-[1200px] px-3 pt-5 sm:px-4 lg:px-6">
        <LiveTables />
      </div>
      <CategoryLobby code="LIVE" />
    </LobbyPage>
  ),
  liveTable: () => (
    <LobbyPage page="liveTable" recent={false}>
      <TableView />
    </LobbyPage>
  ),
  pvpTable: () => (
    <LobbyPage page="pvpTable" recent={false}>
      <PvpTableView />
    </LobbyPage>
  ),
  sports: () => (
    <LobbyPage page="sports">
      <SportsbookView product="SPORTS" />
      <CategoryLobby code="SPORTS" />
    </LobbyPage>
  ),
  esports: () => (
    <LobbyPage page="esports">
      <SportsbookView product="ESPORTS" />
      <CategoryLobby code="ESPORTS" />
    </LobbyPage>
  ),
  cockfight: () => (
    <LobbyPage page="cockfight">
      <SportsbookView product="COCKFIGHT" />
      <CategoryLobby code="COCKFIGHT" />
    </LobbyPage>
  ),
};
