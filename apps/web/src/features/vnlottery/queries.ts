import { useQuery } from '@tanstack/react-query';
import type { ApiValue } from '../../shared/api/client';
import { callApi } from '../../shared/api/client';

export type VnBoard = ApiValue<'vnLotteryBoard'>;
export type VnRegionBoard = VnBoard['regions'][number];
export type VnDrawView = VnRegionBoard['draws'][number];
export type VnRegionName = VnRegionBoard['region'];

/** The open draws of every region with the payouts in force; asked again every 15 s. */
export const useVnBoard = () =>
  useQuery({
    queryKey: ['vnlottery', 'board'],
    queryFn: ({ signal }) => callApi('vnLotteryBoard', { signal }),
    refetchInterval: 15_000,
  });

export const useVnResults = (region: VnRegionName) =>
  useQuery({
    queryKey: ['vnlottery', 'results', region],
    queryFn: ({ signal }) => callApi('vnLotteryResults', { signal, query: { region, count: 6 } }),
    refetchInterval: 15_000,
  });

export const useMyVnBets = (enabled: boolean) =>
  useQuery({
    queryKey: ['vnlottery', 'bets'],
    queryFn: ({ signal }) => callApi('vnLotteryMyBets', { signal, query: { count: 30 } }),
    refetchInterval: 10_000,
    enabled,
  });
