import { createElement, Suspense } from 'react';
import { NoticeBar } from '../../features/notices/notice-bar';
import { NoticePage } from '../../features/notices/notice-page';
import { HomePage } from '../../features/shell/home-page';
import { importChunk, lazyChunk } from '../../shared/chunk';
import { WhenVisible } from '../../shared/ui/when-visible';

// Login, registration and password forms: their own chunk, shared with the modals.
const AuthPage = lazyChunk(() =>
  import('../../features/auth/auth-page').then((module) => ({ default: module.AuthPage })),
);

// The agent site (sign-in for agents, then their account, downline and the agent centre): a chunk
// of its own, with the auth feature's login form (the auth chunk, loaded beside it) and the agency
// feature's centre.
const AgentHomePage = lazyChunk(() =>
  Promise.all([
    importChunk(() => import('../../features/agent/agent-home')),
    importChunk(() => import('../../features/auth/login-form')),
    importChunk(() => import('../../features/agency/agent-centre')),
  ]).then(([agent, auth, agency]) => ({
    default: () =>
      createElement(agent.AgentHomePage, { LoginForm: auth.LoginForm, Centre: agency.AgentCentre }),
  })),
);

// The winner board (with the lobby's image addresses): its own chunk, loaded when scrolled near.
const WinnerBoard = lazyChunk(() =>
  import('../home-winners').then((module) => ({ default: module.HomeWinners })),
);

const HomeWinners = () => (
  <WhenVisible testId="winner-board-slot">
    <Suspense fallback={null}>
      <WinnerBoard />
    </Suspense>
  </WhenVisible>
);

/** Page group `index` (one lazy chunk). */
export const pages = {
  home: () => <HomePage notices={<NoticeBar />} winners={<HomeWinners />} />,
  login: () => <AuthPage kind="login" />,
  register: () => <AuthPage kind="register" />,
  forget: () => <AuthPage kind="forget" />,
  changePassword: () => <AuthPage kind="changePassword" />,
  noticePage: NoticePage,
  agentHome: () => <AgentHomePage />,
};
