/**
 * The account feature's public face: what app/ (the composition root) and the tests may use.
 * The logged-in header menu, the balance, the sign-out confirmation.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { AccountMenu } from './account-menu';
export { LogoutModal } from './logout-modal';
