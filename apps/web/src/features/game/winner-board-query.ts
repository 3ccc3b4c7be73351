import type { WinnerVo } from '@khela/contract';
import { WINNER_BOARD_LIMIT } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { parseAmount } from '../../shared/format/money';
import { useMerchantCode } from '../../shared/state/site';

/**
 * The winner board query (`ODSFE2_getWinnerBoard`, API-FACTS §2.4). Kept apart from the panel so
 * the game page can refetch it when a game closes (frame.ts) without loading the panel's chunk.
 */
export const WINNER_BOARD_QUERY_KEY = ['winner-board'] as const;

/** How often an open board asks again (and when the tab comes back). */
export const WINNER_BOARD_REFRESH_MS = 60_000;

export type Winner = WinnerVo & { winMinor: bigint };

/** A decimal amount of the board ("1234.5") in minor units; 0 when it cannot be read. */
export const winMinorOf = (winAmount: string) => {
  const parsed = parseAmount(winAmount);
  return parsed.ok ? parsed.minor : 0n;
};

/** The board as shown: biggest win first (the client sorts, API-FACTS §2.4), then the newest. */
export const sortWinners = (list: readonly { vo: WinnerVo }[]): Winner[] =>
  list
    .map(({ vo }) => ({ ...vo, winMinor: winMinorOf(vo.winAmount) }))
    .sort((a, b) => (a.winMinor === b.winMinor ? b.winTime - a.winTime : a.winMinor > b.winMinor ? -1 : 1));

/** Every category, up to 50 wins, in the page language, for the site's merchant. */
export const useWinnerBoard = () => {
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  const language = i18n.language;
  return useQuery({
    queryKey: [...WINNER_BOARD_QUERY_KEY, merchant ?? '', language],
    queryFn: async ({ signal }) =>
      sortWinners(
        (
          await callApi('winnerBoard', {
            signal,
            query: { gameCategory: 'ALL', language, limitNum: WINNER_BOARD_LIMIT },
          })
        ).list,
      ),
    refetchInterval: WINNER_BOARD_REFRESH_MS,
    staleTime: WINNER_BOARD_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
  });
};
