/**
 * The lottery feature's public face (issue 17): the betting view of an in-house lottery, shown by
 * the lottery page through app/, and the draw verify page. app/ imports the named modules.
 */
export { LottoView } from './lotto-view';
export { VerifyDrawPage } from './verify-draw-page';
