import { useQuery } from '@tanstack/react-query';
import type { ApiValue } from '../../shared/api/client';
import { callApi } from '../../shared/api/client';

export type BookProduct = 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
export type BookEvents = ApiValue<'sportsbookEvents'>;
export type BookEvent = BookEvents['events'][number];
export type BookMarket = BookEvent['markets'][number];
export type BookSelection = BookMarket['selections'][number];
export type BookBet = ApiValue<'sportsbookMyBets'>[number];

/** Odds and market states of a product: asked again every 3 s (live odds, suspensions, results). */
export const useBookEvents = (product: BookProduct) =>
  useQuery({
    queryKey: ['sportsbook', 'events', product],
    queryFn: ({ signal }) => callApi('sportsbookEvents', { signal, query: { product } }),
    refetchInterval: 3_000,
  });

export const useBookResults = (sportCode: string, enabled: boolean) =>
  useQuery({
    queryKey: ['sportsbook', 'results', sportCode],
    queryFn: ({ signal }) => callApi('sportsbookResults', { signal, query: { sportCode, count: 10 } }),
    refetchInterval: 10_000,
    enabled,
  });

export const useMyBookBets = (enabled: boolean) =>
  useQuery({
    queryKey: ['sportsbook', 'bets'],
    queryFn: ({ signal }) => callApi('sportsbookMyBets', { signal, query: { count: 50 } }),
    refetchInterval: 5_000,
    enabled,
  });
