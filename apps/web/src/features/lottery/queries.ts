import { useQuery } from '@tanstack/react-query';
import type { ApiValue } from '../../shared/api/client';
import { callApi } from '../../shared/api/client';

export type LotteryGames = ApiValue<'lotteryGames'>;
export type LotteryGame = LotteryGames['games'][number];
export type LotteryIssueView = NonNullable<LotteryGame['current']>;
export type LotteryBet = ApiValue<'lotteryMyBets'>[number];

/** The in-house lotteries with their open issue; asked again every 5 s and after each draw. */
export const useLotteryGames = () =>
  useQuery({
    queryKey: ['lottery', 'games'],
    queryFn: ({ signal }) => callApi('lotteryGames', { signal }),
    refetchInterval: 5_000,
  });

export const useLotteryResults = (gameCode: string) =>
  useQuery({
    queryKey: ['lottery', 'results', gameCode],
    queryFn: ({ signal }) => callApi('lotteryResults', { signal, query: { gameCode, count: 10 } }),
    refetchInterval: 5_000,
    enabled: Boolean(gameCode),
  });

export const useMyLotteryBets = (gameCode: string, enabled: boolean) =>
  useQuery({
    queryKey: ['lottery', 'bets', gameCode],
    queryFn: ({ signal }) => callApi('lotteryMyBets', { signal, query: { gameCode, count: 20 } }),
    refetchInterval: 5_000,
    enabled: enabled && Boolean(gameCode),
  });
