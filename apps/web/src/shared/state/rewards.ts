import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { useSessionState } from './session';

/*
 * The reward centre's badge (member centre `rewardCenter`, spec §2): how many items the member can
 * claim now (`/wps/promotions/rewards`). Shared state, so the member centre's menu and the promo
 * feature's pages agree on it without importing each other.
 */

/** Every promotions query starts with this key; a claim or forfeit invalidates it. */
export const PROMOTIONS_QUERY_KEY = ['promotions'] as const;

export const useRewards = () => {
  const { token, passwordChangePending } = useSessionState();
  return useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'rewards', token ?? ''],
    queryFn: ({ signal }) => callApi('promoRewards', { signal }),
    enabled: Boolean(token) && !passwordChangePending,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
};

/** Claimable items of the signed-in member (0 without a session). */
export const useRewardCount = () => {
  const { token } = useSessionState();
  const query = useRewards();
  return token ? (query.data?.count ?? 0) : 0;
};
