import { lazy } from 'react';
import { NoticeBar } from '../../features/notices/notice-bar';
import { NoticePage } from '../../features/notices/notice-page';
import { HomePage } from '../../features/shell/home-page';

// The section placeholder is shared with other page groups and not needed to paint home:
// it loads when one of these pages is opened (keeps the home page's first download small).
const SectionPage = lazy(() =>
  import('../../features/shell/section-page').then((module) => ({ default: module.SectionPage })),
);

// Login, registration and password forms: their own chunk, shared with the modals.
const AuthPage = lazy(() =>
  import('../../features/auth/auth-page').then((module) => ({ default: module.AuthPage })),
);

/** Page group `index` (one lazy chunk). */
export const pages = {
  home: () => <HomePage notices={<NoticeBar />} />,
  login: () => <AuthPage kind="login" />,
  register: () => <AuthPage kind="register" />,
  forget: () => <AuthPage kind="forget" />,
  changePassword: () => <AuthPage kind="changePassword" />,
  noticePage: NoticePage,
  agentHome: () => <SectionPage page="agentHome" />,
};
