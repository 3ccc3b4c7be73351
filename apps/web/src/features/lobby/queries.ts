import type { Game, GameType } from '@khela/contract';
import { FAVOURITE_PAGE_SIZE_MAX, GAME_PAGE_SIZE } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useMember } from '../../shared/state/session';
import { useMerchantCode } from '../../shared/state/site';
import { readSession, writeSession } from '../../shared/state/storage';
import { gameListQuery, LIST_BASE, type ListFilter } from './list-query';

export { gameListQuery, LIST_BASE, type ListFilter } from './list-query';

/** One page of `GCSGAME_gameList`; the previous page stays on screen while the next loads. */
export const useGameList = (filter: ListFilter, enabled = true) => {
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  return useQuery({
    ...gameListQuery(filter, merchant, i18n.language),
    enabled,
    placeholderData: keepPreviousData,
  });
};

/** Session storage key of the hot games (API-FACTS §2.4: cached in session `HOT_GAMES`). */
export const HOT_GAMES_KEY = 'HOT_GAMES';
const HOT_STALE_MS = 5 * 60_000;

type HotCache = { language: string; at: number; list: Game[] };

/** The session copy of the hot games in this language, or undefined (absent, unreadable, another's). */
export const readHotGames = (language: string): HotCache | undefined => {
  const raw = readSession(HOT_GAMES_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<HotCache>;
    if (parsed.language === language && typeof parsed.at === 'number' && Array.isArray(parsed.list))
      return parsed as HotCache;
  } catch {
    // An unreadable copy is replaced by the next answer.
  }
  return undefined;
};

/**
 * Hot games (preloaded whole, no paging; no login needed): all of them are asked for once per
 * language and kept in session storage (`HOT_GAMES`), and a vendor's are picked from that copy.
 * `enabled: false` reads the copy only (the slot lobby asks the server after its first paint).
 */
export const useHotGames = (vassalage: string, enabled = true) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const pickVendor = useCallback(
    (list: Game[]) => (vassalage ? list.filter((g) => g.vendor === vassalage) : list),
    [vassalage],
  );
  return useQuery({
    queryKey: ['hot-games', language],
    enabled,
    queryFn: async () => {
      const { list } = await callApi('hotGames', {
        query: { isPlatform: '2', vassalage: '', platform: LIST_BASE.platform, language },
      });
      writeSession(HOT_GAMES_KEY, JSON.stringify({ language, at: Date.now(), list } satisfies HotCache));
      return list;
    },
    initialData: () => readHotGames(language)?.list,
    initialDataUpdatedAt: () => readHotGames(language)?.at,
    staleTime: HOT_STALE_MS,
    select: pickVendor,
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
