import type { GameType } from '@khela/contract';
import { GAME_PAGE_SIZE } from '@khela/contract/browser';
import { callApi } from '../../shared/api/client';
import { markOnce } from './marks';

/** The list query of API-FACTS §2.4 (clientType 3, the desktop platforms). */
export const LIST_BASE = { clientType: '3', platform: 'flash,html5-desktop' } as const;

export type ListFilter = {
  gameType?: GameType | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  pageNo: number;
  pageSize?: number;
};

/** The query of one `GCSGAME_gameList` page (shared by the hook and the route-chunk prefetch). */
export const gameListQuery = (filter: ListFilter, merchant: string | null, language: string) => ({
  queryKey: ['game-list', merchant ?? '', language, filter],
  queryFn: ({ signal }: { signal: AbortSignal }) => {
    markOnce('game-list-asked');
    return callApi('gameList', {
      signal,
      query: {
        ...LIST_BASE,
        gameType: filter.gameType,
        vassalage: filter.vassalage,
        gameClassify: filter.gameClassify,
        gameName: filter.gameName,
        minBet: filter.minBet,
        pageNo: filter.pageNo,
        pageSize: filter.pageSize ?? GAME_PAGE_SIZE,
        language,
      },
    }).then((value) => {
      markOnce('game-list');
      return value;
    });
  },
  staleTime: 60_000,
});
