import type { GameType } from '@khela/contract';
import { FAVOURITE_PAGE_SIZE_MAX, GAME_PAGE_SIZE } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useMember } from '../../shared/state/session';
import { useMerchantCode } from '../../shared/state/site';

/** The list query of API-FACTS §2.4 (clientType 3, the desktop platforms). */
const LIST_BASE = { clientType: '3', platform: 'flash,html5-desktop' } as const;

export type ListFilter = {
  gameType?: GameType | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  pageNo: number;
  pageSize?: number;
};

/** One page of `GCSGAME_gameList`; the previous page stays on screen while the next loads. */
export const useGameList = (filter: ListFilter, enabled = true) => {
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  const language = i18n.language;
  return useQuery({
    queryKey: ['game-list', merchant ?? '', language, filter],
    enabled,
    queryFn: ({ signal }) =>
      callApi('gameList', {
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
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

/** Hot games (preloaded whole, no paging; no login needed). */
export const useHotGames = (vassalage: string) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['hot-games', language, vassalage],
    queryFn: async () =>
      (
        await callApi('hotGames', {
          query: { isPlatform: '2', vassalage, platform: LIST_BASE.platform, language },
        })
      ).list,
    staleTime: 5 * 60_000,
  });
};

/** The member's saved games of one type, read whole (pageSize 999, API-FACTS §2.4). */
export const useFavouriteList = (gameType: GameType, enabled: boolean) => {
  const { i18n } = useTranslation();
  const { token, isTrial } = useMember();
  const language = i18n.language;
  return useQuery({
    queryKey: ['favourite-list', token ?? '', language, gameType],
    enabled: enabled && Boolean(token) && !isTrial,
    queryFn: async () =>
      (
        await callApi('favouriteList', {
          query: {
            clientType: '3',
            platform: 'flash',
            language,
            gameType,
            pageNo: 1,
            pageSize: FAVOURITE_PAGE_SIZE_MAX,
          },
        })
      ).content,
  });
};

/** Recently played games, loaded page after page until the last (spec §4). */
export const useRecentGames = (vassalage: string, enabled: boolean) => {
  const { i18n } = useTranslation();
  const { token, isTrial } = useMember();
  const language = i18n.language;
  return useQuery({
    queryKey: ['recent-games', token ?? '', language, vassalage],
    enabled: enabled && Boolean(token) && !isTrial,
    queryFn: async ({ signal }) => {
      const all = [];
      let pageNo = 1;
      let totalPages = 1;
      do {
        const value = await callApi('recentGames', {
          signal,
          query: { clientType: '3', vassalage, language, pageNo, pageSize: GAME_PAGE_SIZE },
        });
        all.push(...value.list);
        totalPages = value.totalPages;
        pageNo += 1;
      } while (pageNo <= totalPages);
      return all;
    },
  });
};
