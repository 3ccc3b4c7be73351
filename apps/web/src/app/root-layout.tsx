import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NoticePopups } from '../features/notices/notice-popups';
import { AppFrame } from '../features/shell/app-frame';
import { LoadingScreen } from '../features/shell/loading-screen';
import { ShellPartsProvider } from '../features/shell/parts';
import { lazyChunk } from '../shared/chunk';
import { useSessionState } from '../shared/state/session';
import { hasSession, useSystemStatus } from '../shared/state/site';
import { ModalHost } from '../shared/ui/modal-host';
import { MODALS } from './modals';
import { pageAt } from './page-at';
import { OPEN_WHEN_LOGIN_REQUIRED } from './route-table';
import { shellParts } from './shell-parts';

// Refusal handling and the return from Google / Facebook: loaded right after the first paint.
const AuthRefusals = lazyChunk(() =>
  import('../features/auth/refusals').then((module) => ({ default: module.AuthRefusals })),
);
// The reality check of a signed-in member (protection, ADR 030): its own chunk, after first paint.
const RealityCheck = lazyChunk(() =>
  import('../features/protection/reality-check').then((module) => ({ default: module.RealityCheck })),
);
// The licence profile's limit prompt (protection, ADR 053): after first paint, signed in only.
const LimitPrompt = lazyChunk(() =>
  import('../features/protection/limit-prompt').then((module) => ({ default: module.LimitPrompt })),
);
// Rarely seen, so kept out of the first download.
const MaintenancePage = lazyChunk(() =>
  import('../features/system/maintenance-page').then((module) => ({ default: module.MaintenancePage })),
);
const RegionBlockedPage = lazyChunk(() =>
  import('../features/system/region-blocked-page').then((module) => ({ default: module.RegionBlockedPage })),
);

/**
 * Paths that render whatever the system status: the help window (/helpmc) is what the
 * customer-service button of the maintenance and region-blocked screens opens (its API, the help
 * centre, stays open in maintenance and from blocked regions).
 */
export const OPEN_WHATEVER_STATUS = ['/helpmc'];

/** Scroll to the hash target when there is one, else to the top (spec §2). */
const useScrollOnNavigate = () => {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, not an input
  useEffect(() => {
    if (hash) {
      // The target may render after lazy content arrives: try again briefly.
      let tries = 0;
      const attempt = () => {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) target.scrollIntoView({ block: 'start' });
        else if (tries++ < 20) window.setTimeout(attempt, 100);
      };
      attempt();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
};

/** Root view by system status: 0 the app, 1 maintenance, 2 region blocked (spec §4). */
export const RootLayout = () => {
  const status = useSystemStatus();
  const { token } = useSessionState();
  const location = useLocation();
  useScrollOnNavigate();
  // The page key and frame of the address (the route table's; unknown paths: the not-found page).
  const handle = pageAt(location.pathname);

  if (status.isPending) return <LoadingScreen />;
  if (
    (status.data?.status === 1 || status.data?.status === 2) &&
    !OPEN_WHATEVER_STATUS.includes(location.pathname)
  ) {
    const View = status.data.status === 1 ? MaintenancePage : RegionBlockedPage;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <View status={status.data} />
      </Suspense>
    );
  }

  if (
    status.data?.info.brand.loginedToHomePage &&
    !hasSession() &&
    !OPEN_WHEN_LOGIN_REQUIRED.includes(location.pathname)
  ) {
    return <Navigate to="/login" replace />;
  }

  return (
    <ModalHost components={MODALS}>
      <ShellPartsProvider parts={shellParts}>
        <AppFrame
          frame={handle.frame}
          page={handle.page}
          status={status.data}
          statusError={status.error}
          isPlaceholder={status.isPlaceholderData}
          onRetry={() => void status.refetch()}
        >
          <Outlet />
        </AppFrame>
      </ShellPartsProvider>
      <Suspense fallback={null}>
        <AuthRefusals />
      </Suspense>
      {token ? (
        <Suspense fallback={null}>
          <RealityCheck />
          <LimitPrompt />
        </Suspense>
      ) : null}
      {/* Popups belong to the site pages, not to the header-less help window (/helpmc). */}
      {status.data && handle.frame.header !== 'none' ? <NoticePopups /> : null}
    </ModalHost>
  );
};
