import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { useSessionState } from './session';

/*
 * Support chat (issue 24): the unread count of support's replies, shared so the right bar's live
 * chat badge and the chat page (features/support) agree on it.
 */

/** Every support query starts with this key; a push from the support socket invalidates it. */
export const SUPPORT_QUERY_KEY = ['support'] as const;

/** Support's replies the member has not read (0 signed out). */
export const useSupportUnread = () => {
  const { token, passwordChangePending } = useSessionState();
  const query = useQuery({
    queryKey: [...SUPPORT_QUERY_KEY, 'unread', token ?? ''],
    queryFn: ({ signal }) => callApi('supportUnread', { signal }),
    enabled: Boolean(token) && !passwordChangePending,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return token ? (query.data ?? 0) : 0;
};
