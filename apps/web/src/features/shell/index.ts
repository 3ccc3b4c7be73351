/**
 * The shell feature's public face: what app/ (the composition root) and the tests may use.
 * Header, navigation, footer, side menu, page frame, home page, not-found and error views.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { AppFrame } from './app-frame';
export { HomePage } from './home-page';
export { LoadingScreen } from './loading-screen';
export { NotFoundPage } from './not-found-page';
export { type ShellParts, ShellPartsProvider } from './parts';
export { RouteErrorBoundary } from './route-error';
export { SectionPage } from './section-page';
export { UpdatingModal } from './updating-modal';
