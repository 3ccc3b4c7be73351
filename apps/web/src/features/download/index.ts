/**
 * The download feature's public face: what app/ (the composition root) and the tests may use.
 * The app download page.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { DownloadPage } from './download-page';
export { captureInstallPrompt } from './install-prompt';
