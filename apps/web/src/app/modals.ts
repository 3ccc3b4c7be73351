import { createElement } from 'react';
import { importChunk, lazyChunk } from '../shared/chunk';
import type { ModalComponentProps, ModalComponents } from '../shared/ui/modal-host';

/** The betting record page (game feature), shown inside the member centre for `personalHistoryCopy`. */
const BettingRecordPage = lazyChunk(() =>
  import('../features/game/betting-record-page').then((module) => ({ default: module.BettingRecordPage })),
);

/** The authenticator card (auth feature), shown in the member centre's security centre. */
const AuthenticatorCard = lazyChunk(() =>
  import('../features/auth/authenticator').then((module) => ({ default: module.AuthenticatorCard })),
);

/** The "Responsible gaming" card (protection feature), shown in the member centre's security centre. */
const MissionsPage = lazyChunk(() =>
  import('../features/loyalty/missions').then((module) => ({ default: module.MissionsPage })),
);
const ManualRebatePage = lazyChunk(() =>
  import('../features/loyalty/manual-rebate').then((module) => ({ default: module.ManualRebatePage })),
);
const ResponsibleGamingCard = lazyChunk(() =>
  import('../features/protection/responsible-gaming').then((module) => ({
    default: module.ResponsibleGamingCard,
  })),
);

/** Bonus details and the reward centre (promo feature, ADR 036), pages of the member centre. */
const BonusDetailsPage = lazyChunk(() =>
  import('../features/promo/bonus-details').then((module) => ({ default: module.BonusDetailsPage })),
);
const ReferralPage = lazyChunk(() =>
  import('../features/promo/referral-page').then((module) => ({ default: module.ReferralPage })),
);
const RewardCenterPage = lazyChunk(() =>
  import('../features/promo/reward-center').then((module) => ({ default: module.RewardCenterPage })),
);

/**
 * Every modal of the app by name (the typed registry of shared/ui/modal-host). Each one is its
 * own chunk, loaded the first time it opens.
 */
export const MODALS: ModalComponents = {
  notice: lazyChunk(() =>
    import('../features/notices/notice-modal').then((module) => ({ default: module.NoticeModal })),
  ),
  noticePopup: lazyChunk(() =>
    import('../features/notices/notice-popup').then((module) => ({ default: module.NoticePopupModal })),
  ),
  // The login modal with the lobby's game picker over the form (both chunks load in parallel).
  login: lazyChunk(() =>
    Promise.all([
      importChunk(() => import('../features/auth/auth-modals')),
      importChunk(() => import('../features/lobby/login-game-menu')),
    ]).then(([auth, lobby]) => ({
      default: (props: ModalComponentProps<'login'>) =>
        createElement(auth.LoginModal, { ...props, GameMenu: lobby.LoginGameMenu }),
    })),
  ),
  register: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.RegisterModal })),
  ),
  forget: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.ForgetModal })),
  ),
  changePassword: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.ChangePasswordModal })),
  ),
  authNotice: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.AuthNoticeModal })),
  ),
  trialNotice: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.TrialNoticeModal })),
  ),
  socialFinish: lazyChunk(() =>
    import('../features/auth/auth-modals').then((module) => ({ default: module.SocialFinishModal })),
  ),
  confirmLogout: lazyChunk(() =>
    import('../features/account/logout-modal').then((module) => ({ default: module.LogoutModal })),
  ),
  vendorGames: lazyChunk(() =>
    import('../features/lobby/vendor-games-modal').then((module) => ({ default: module.VendorGamesModal })),
  ),
  updating: lazyChunk(() =>
    import('../features/shell/updating-modal').then((module) => ({ default: module.UpdatingModal })),
  ),
  // Member centre; app/ hands it the game feature's betting record page and the auth feature's
  // authenticator card (each its own chunk).
  memberCentre: lazyChunk(() =>
    import('../features/member/member-centre').then((module) => ({
      default: (props: ModalComponentProps<'memberCentre'>) =>
        createElement(module.MemberCentre, {
          ...props,
          bettingRecord: BettingRecordPage,
          authenticator: AuthenticatorCard,
          responsibleGaming: ResponsibleGamingCard,
          missions: MissionsPage,
          manualRebate: ManualRebatePage,
          bonusDetails: BonusDetailsPage,
          rewardCenter: RewardCenterPage,
          referral: ReferralPage,
        }),
    })),
  ),
};
