/**
 * The member feature's public face: what app/ (the composition root) and the tests may use.
 * The member centre modal and its pages.
 * Lazily loaded parts are imported by app/ with `import()` of their own module (one chunk each).
 */
export { MemberCentre } from './member-centre';
