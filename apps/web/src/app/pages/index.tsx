import { NoticeBar } from '../../features/notices/notice-bar';
import { NoticePage } from '../../features/notices/notice-page';
import { HomePage } from '../../features/shell/home-page';
import { lazyChunk } from '../../shared/chunk';

// Login, registration and password forms: their own chunk, shared with the modals.
const AuthPage = lazyChunk(() =>
  import('../../features/auth/auth-page').then((module) => ({ default: module.AuthPage })),
);

// The agent site (sign-in for agents, then their account and downline): a chunk of its own.
const AgentHomePage = lazyChunk(() =>
  import('../../features/agent/agent-home').then((module) => ({ default: module.AgentHomePage })),
);

/** Page group `index` (one lazy chunk). */
export const pages = {
  home: () => <HomePage notices={<NoticeBar />} />,
  login: () => <AuthPage kind="login" />,
  register: () => <AuthPage kind="register" />,
  forget: () => <AuthPage kind="forget" />,
  changePassword: () => <AuthPage kind="changePassword" />,
  noticePage: NoticePage,
  agentHome: () => <AgentHomePage />,
};
