import { lazy } from 'react';
import type { ModalComponents } from '../shared/ui/modal-host';

/**
 * Every modal of the app by name (the typed registry of shared/ui/modal-host). Each one is its
 * own chunk, loaded the first time it opens.
 */
export const MODALS: ModalComponents = {
  notice: lazy(() =>
    import('../features/notices/notice-modal').then((module) => ({ default: module.NoticeModal })),
  ),
  noticePopup: lazy(() =>
    import('../features/notices/notice-popup').then((module) => ({ default: module.NoticePopupModal })),
  ),
  login: lazy(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.LoginModal })),
  ),
  register: lazy(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.RegisterModal })),
  ),
  forget: lazy(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.ForgetModal })),
  ),
  changePassword: lazy(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.ChangePasswordModal })),
  ),
  authNotice: lazy(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.AuthNoticeModal })),
  ),
  confirmLogout: lazy(() =>
    import('../features/account/logout-modal').then((module) => ({ default: module.LogoutModal })),
  ),
  vendorGames: lazy(() =>
    import('../features/lobby/vendor-games-modal').then((module) => ({ default: module.VendorGamesModal })),
  ),
  updating: lazy(() =>
    import('../features/shell/updating-modal').then((module) => ({ default: module.UpdatingModal })),
  ),
};
