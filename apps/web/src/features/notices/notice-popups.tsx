import type { Popup } from '@khela/contract';
import { useEffect, useRef } from 'react';
import { hasSession, useAnnouncements } from '../../shared/state/site';
import { readSession, SESSION_KEYS, writeSession } from '../../shared/state/storage';
import { useModal } from '../../shared/ui/modal-host';

/** Before-login popups are due unless the visitor closed them earlier in this browser session. */
export const duePopups = (popups: Popup[]): Popup[] => {
  if (hasSession()) return [];
  if (readSession(SESSION_KEYS.anonymousPopup) === 'closed') return [];
  return popups.filter((popup) => popup.execution === 'B');
};

/**
 * Opens the notice popups once per session: closing them in any way (button, Escape, cover)
 * stores `ANONYMOUS_POPUP=closed` in session storage, so they stay away until the tab is closed.
 */
export const NoticePopups = () => {
  const announcements = useAnnouncements();
  const modal = useModal();
  const hasOpened = useRef(false);

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

  return null;
};
