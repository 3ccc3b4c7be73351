/**
 * The game feature's public face: what app/ (the composition root) and the tests may use.
 * Game pages (iframe, sports, in-house verify), the betting record, the jackpot counter, the winner board.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */

export { BettingRecordPage } from './betting-record-page';
export { GamePage } from './game-page';
export { JackpotCounter } from './jackpot-counter';
export { SportsPage } from './sports-page';
export { VerifyPage } from './verify-page';
export { WinnerBoard } from './winner-board';
