/**
 * The help feature's public face: what app/ (the composition root) and the tests may use.
 * The help centre and its feedback card.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { FeedbackCard } from './feedback-card';
export { HelpCentre } from './help-centre';
