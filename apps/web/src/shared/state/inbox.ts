import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { useSessionState } from './session';
import { flagsOf, useSystemStatus } from './site';

/*
 * Platform messages ("platform information", member centre `messageV2`): the unread count the
 * header and the member centre menu show as a badge (`/wps/relay/CSP_unreadCount`, INBOX3).
 * Shared state, so the account menu and the member feature agree on it without importing each other.
 */

/** Every inbox query starts with this key; reading a message invalidates it. */
export const INBOX_QUERY_KEY = ['inbox'] as const;

/** Unread platform messages of the signed-in member (0 without a session or with INBOX3 off). */
export const useUnreadCount = () => {
  const { token, passwordChangePending } = useSessionState();
  const inboxOn = flagsOf(useSystemStatus().data).INBOX3 === true;
  const query = useQuery({
    queryKey: [...INBOX_QUERY_KEY, 'unread', token ?? ''],
    queryFn: ({ signal }) => callApi('unreadCount', { signal }),
    enabled: Boolean(token) && inboxOn && !passwordChangePending,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
  return token && inboxOn ? (query.data ?? 0) : 0;
};
