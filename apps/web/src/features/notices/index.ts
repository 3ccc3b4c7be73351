/**
 * The notices feature's public face: what app/ (the composition root) and the tests may use.
 * Notice bar, notice page, notice modal and popups.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { NoticeBar } from './notice-bar';
export { NoticeModal } from './notice-modal';
export { NoticePage } from './notice-page';
export { NoticePopupModal } from './notice-popup';
export { NoticePopups } from './notice-popups';
