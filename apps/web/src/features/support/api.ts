import { SUPPORT_SOCKET_PATH } from '@khela/contract/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../shared/api/client';
import { useSessionState } from '../../shared/state/session';
import { readSession, SESSION_KEYS } from '../../shared/state/storage';
import { SUPPORT_QUERY_KEY } from '../../shared/state/support';

/** The member's conversation (null before the first message); reading it marks support's replies read. */
export const useSupportConversation = () => {
  const { token } = useSessionState();
  return useQuery({
    queryKey: [...SUPPORT_QUERY_KEY, 'conversation', token ?? ''],
    queryFn: ({ signal }) => callApi('supportConversation', { signal }),
    enabled: Boolean(token),
  });
};

/** `/wps/support/ws?token=…` on this origin. */
export const supportSocketUrl = (token: string, location: Pick<Location, 'protocol' | 'host'>) => {
  const query = new URLSearchParams({ token });
  const merchant = readSession(SESSION_KEYS.merchant);
  if (merchant) query.set('merchant', merchant);
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${SUPPORT_SOCKET_PATH}?${query}`;
};

/** While mounted: the support socket's pushes refetch the conversation and the unread count. */
export const useSupportPush = () => {
  const { token } = useSessionState();
  const client = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = (attempt: number) => {
      socket = new WebSocket(supportSocketUrl(token, window.location));
      socket.onmessage = () => void client.invalidateQueries({ queryKey: SUPPORT_QUERY_KEY });
      socket.onclose = (event) => {
        if (stopped || event.code === 4401) return;
        timer = setTimeout(() => connect(attempt + 1), Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5)));
      };
    };
    connect(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, client]);
};

/** Sends the member's text and/or image (multipart). */
export const sendSupportMessage = (text: string, image: File | null) => {
  const form = new FormData();
  if (text) form.set('text', text);
  if (image) form.set('image', image);
  return callApi('supportMessageSend', { formData: form });
};

/** An image of the member's conversation as an object URL (the call needs the session header). */
export const fetchSupportImage = async (id: number) => {
  const headers: Record<string, string> = {};
  const token = readSession(SESSION_KEYS.token);
  if (token) headers.Authorization = token;
  const response = await fetch(`/wps/support/image?id=${id}`, { headers });
  if (!response.ok) throw new Error(`image ${response.status}`);
  return URL.createObjectURL(await response.blob());
};
