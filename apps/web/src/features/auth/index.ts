/**
 * The auth feature's public face: what app/ (the composition root) and the tests may use.
 * Sign-in, registration, password forms and their modals, the authenticator card, refusal handling.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export {
  AuthNoticeModal,
  ChangePasswordModal,
  ForgetModal,
  LoginModal,
  RegisterModal,
  SocialFinishModal,
  TrialNoticeModal,
} from './auth-modals';
export { AuthPage } from './auth-page';
export { AuthenticatorCard } from './authenticator';
export { LoginForm } from './login-form';
export { AuthRefusals } from './refusals';
