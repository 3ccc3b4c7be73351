import type { LotteryMenuItem, PrizeMode } from '@khela/contract';
import { LOTTERY_POPULAR_COUNT, LOTTERY_RECENT_COUNT, lotteryPollSeconds } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useMember } from '../../shared/state/session';

/** Lotteries of an answer (the `/lgw` answers are bare maps: groups or items by key). */
const itemsOfMap = (map: Record<string, LotteryMenuItem> | undefined) => Object.values(map ?? {});

/**
 * The poll of spec §4 and §9: each answer sets when the next is asked for (the least time left
 * to bet of its lotteries, at most 30 s; 7 s while a draw is on), so the poll reschedules itself.
 */
const pollMs = (items: readonly LotteryMenuItem[]) => lotteryPollSeconds(items) * 1000;

const menuQuery = (prizeMode: PrizeMode | undefined, language: string) => ({
  // Until the vendor list names the prize mode, the server uses the brand's (the same rule).
  ...(prizeMode ? { prizeMode } : {}),
  device: 'WEB',
  language,
});

/** The lottery page's menu: groups (tabs) with their lotteries. */
export const useLotteryMenus = (prizeMode: PrizeMode | undefined) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['lottery-menus', language, prizeMode ?? ''],
    queryFn: () => callApi('lotteryMenus', { query: menuQuery(prizeMode, language) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      pollMs(Object.values(query.state.data ?? {}).flatMap((group) => group.gameMenus)),
  });
};

/** The popular lotteries (the hot tab, 20 of them). */
export const useLotteryPopular = (prizeMode: PrizeMode | undefined, enabled: boolean) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['lottery-popular', language, prizeMode ?? ''],
    enabled,
    queryFn: async () =>
      itemsOfMap(
        await callApi('lotteryPopular', {
          query: { ...menuQuery(prizeMode, language), count: LOTTERY_POPULAR_COUNT },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollMs(query.state.data ?? []),
  });
};

/** The member's recently opened lotteries (100 at most), newest first. */
export const useLotteryRecent = (prizeMode: PrizeMode | undefined, enabled: boolean) => {
  const { i18n } = useTranslation();
  const { token, isTrial } = useMember();
  const language = i18n.language;
  return useQuery({
    queryKey: ['lottery-recent', token ?? '', language, prizeMode ?? ''],
    enabled: enabled && Boolean(token) && !isTrial,
    queryFn: async () =>
      itemsOfMap(
        await callApi('lotteryRecent', {
          query: { ...menuQuery(prizeMode, language), recentCount: LOTTERY_RECENT_COUNT },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollMs(query.state.data ?? []),
  });
};
