import { LobbyPage } from '../../features/lobby/lobby-page';
import { LotteryPage } from '../../features/lobby/lottery-page';
import { LottoView } from '../../features/lottery/lotto-view';

/**
 * Page group `lottery` (one lazy chunk): the lottery page that lottery launches lead to; an
 * in-house lottery's betting view (lottery feature) is handed to it here.
 */
export const pages = {
  lottery: () => (
    <LobbyPage page="lottery" recent={false}>
      <LotteryPage
        bettingView={(gameCode, fallback) => <LottoView gameCode={gameCode} fallback={fallback} />}
      />
    </LobbyPage>
  ),
};
