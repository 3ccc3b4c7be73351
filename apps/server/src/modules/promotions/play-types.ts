/** The play hooks' types, from the activity module (docs/decisions/035). */
export { PLAY_PRODUCTS, type PlayListener, type PlayMove, type PlayProduct } from '../activity';
