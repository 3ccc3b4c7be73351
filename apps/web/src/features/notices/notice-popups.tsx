import type { Announcements, Popup } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useSessionState } from '../../shared/state/session';
import { ANNOUNCEMENT_QUERY, hasSession, useAnnouncements, useMerchantCode } from '../../shared/state/site';
import { readSession, SESSION_KEYS, writeSession } from '../../shared/state/storage';
import { useModal } from '../../shared/ui/modal-host';

/** Before-login popups are due unless the visitor closed them earlier in this browser session. */
export const duePopups = (popups: Popup[]): Popup[] => {
  if (hasSession()) return [];
  if (readSession(SESSION_KEYS.anonymousPopup) === 'closed') return [];
  return popups.filter((popup) => popup.execution === 'B');
};

/** The popups of the after-login phase (execution A): the same call, asked for that phase. */
export const AFTER_LOGIN_POPUP_QUERY = { ...ANNOUNCEMENT_QUERY, types: 'PU', execution: 'A' } as const;
/** The popups of a member's first login (execution F). */
export const FIRST_LOGIN_POPUP_QUERY = { ...ANNOUNCEMENT_QUERY, types: 'PU', execution: 'F' } as const;

/** After-login popups are due once a member is signed in, unless closed earlier in this session. */
export const dueUserPopups = (popups: Popup[]): Popup[] => {
  if (!hasSession()) return [];
  if (readSession(SESSION_KEYS.userPopup) === 'closed') return [];
  return popups.filter((popup) => popup.execution === 'A');
};

/** First-login popups are due once, right after the login that was the member's first (or a registration). */
export const dueFirstLoginPopups = (popups: Popup[]): Popup[] => {
  if (!hasSession()) return [];
  if (readSession(SESSION_KEYS.firstLoginPopup) !== 'due') return [];
  return popups.filter((popup) => popup.execution === 'F');
};

const usePhasePopups = (
  query: typeof AFTER_LOGIN_POPUP_QUERY | typeof FIRST_LOGIN_POPUP_QUERY,
  enabled: boolean,
) => {
  const { token } = useSessionState();
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  return useQuery<Announcements>({
    queryKey: ['announcements', i18n.language, merchant ?? '', query.execution, token ?? ''],
    queryFn: () => callApi('announcements', { query }),
    enabled: Boolean(token) && enabled,
    staleTime: 5 * 60_000,
  });
};

/**
 * Opens the notice popups once per session: the before-login ones (B) for visitors; once a member
 * signs in, the first-login ones (F, only after their first login) followed by the after-login
 * ones (A), in one popup. Closing them in any way (button, Escape, cover) stores
 * `ANONYMOUS_POPUP=closed` (or `USER_POPUP=closed`, and `FIRST_LOGIN_POPUP=shown`) in session
 * storage, so they stay away until the tab is closed; first-login popups never come back.
 * While the login's forced password change is pending, the member's popups wait: the change
 * comes first, and they open once it is done.
 */
export const NoticePopups = () => {
  const announcements = useAnnouncements();
  const { token, passwordChangePending } = useSessionState();
  const modal = useModal();
  const hasOpened = useRef(false);
  const hasOpenedUser = useRef(false);
  const firstDue = Boolean(token) && readSession(SESSION_KEYS.firstLoginPopup) === 'due';
  const userDue = Boolean(token) && readSession(SESSION_KEYS.userPopup) !== 'closed';
  const userPopups = usePhasePopups(AFTER_LOGIN_POPUP_QUERY, userDue);
  const firstPopups = usePhasePopups(FIRST_LOGIN_POPUP_QUERY, firstDue);

  useEffect(() => {
    if (hasOpened.current || !announcements.data || announcements.isPlaceholderData) return;
    const items = duePopups(announcements.data.popup);
    if (items.length === 0) return;
    hasOpened.current = true;
    modal.open(
      'noticePopup',
      { items },
      { onClose: () => writeSession(SESSION_KEYS.anonymousPopup, 'closed') },
    );
  }, [announcements.data, announcements.isPlaceholderData, modal]);

  useEffect(() => {
    if (!token) hasOpenedUser.current = false;
    if (hasOpenedUser.current || !token || passwordChangePending) return;
    // Wait for every phase that is due, so they open as one popup (first-login ones first).
    if (
      (userDue && !userPopups.data && !userPopups.isError) ||
      (firstDue && !firstPopups.data && !firstPopups.isError)
    )
      return;
    const first = firstDue && firstPopups.data ? dueFirstLoginPopups(firstPopups.data.popup) : [];
    const after = userDue && userPopups.data ? dueUserPopups(userPopups.data.popup) : [];
    // Nothing to show on this first login: it is over (a popup published later is not "first").
    if (firstDue && firstPopups.data && first.length === 0)
      writeSession(SESSION_KEYS.firstLoginPopup, 'shown');
    const items = [...first, ...after];
    if (items.length === 0) return;
    hasOpenedUser.current = true;
    modal.open(
      'noticePopup',
      { items },
      {
        onClose: () => {
          writeSession(SESSION_KEYS.userPopup, 'closed');
          if (first.length > 0) writeSession(SESSION_KEYS.firstLoginPopup, 'shown');
        },
      },
    );
  }, [
    token,
    passwordChangePending,
    userDue,
    firstDue,
    userPopups.data,
    userPopups.isError,
    firstPopups.data,
    firstPopups.isError,
    modal,
  ]);

  return null;
};
