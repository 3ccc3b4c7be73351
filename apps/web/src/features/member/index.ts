/**
 * The member feature's public face: what app/ (the composition root) and the tests may use.
 * The member centre modal and its pages.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { MemberCentre } from './member-centre';
