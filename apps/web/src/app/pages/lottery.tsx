import { LobbyPage } from '../../features/lobby/lobby-page';
import { LotteryPage } from '../../features/lobby/lottery-page';

/** Page group `lottery` (one lazy chunk): the lottery page that lottery launches lead to. */
export const pages = {
  lottery: () => (
    <LobbyPage page="lottery" recent={false}>
      <LotteryPage />
    </LobbyPage>
  ),
};
