import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { useSessionState } from './session';

/*
 * Missions claimable now (ADR 037): the member centre's badge on "mission activity". Shared state,
 * under the same query key as the loyalty feature's mission page, so a claim there updates it.
 */
export const MISSIONS_QUERY_KEY = ['loyalty', 'missions'] as const;

/** Finished, unclaimed missions of the signed-in member (0 without a session). */
export const useMissionBadge = () => {
  const { token, passwordChangePending } = useSessionState();
  const query = useQuery({
    queryKey: MISSIONS_QUERY_KEY,
    queryFn: ({ signal }) => callApi('missionSummary', { signal }),
    enabled: Boolean(token) && !passwordChangePending,
    staleTime: 30_000,
  });
  return token ? (query.data?.badgeCount ?? 0) : 0;
};
