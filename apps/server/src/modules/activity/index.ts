/**
 * Play activity's public face (docs/decisions/035): the play hooks every money vertical calls in
 * its transactions, and set-based reads of turnover, payouts and refunds per member, product and day.
 */
export { createPlayHooks, type PlayHooks, type PlayListener, type PlayMove } from './hooks';
export {
  hourOf,
  PLAY_PRODUCTS,
  type PlayProduct,
  playProductOf,
  type TotalsQuery,
  type TotalsRow,
  totals as playTotals,
} from './store';
