import { formatMoney } from '../shared/format/money';

/** Money of the game page: minor units → `৳1,234.50`, formatted exactly as the site header does (spec §9). */
export const makeMoney = (language: string, symbol: string) => (minor: number | string) =>
  formatMoney(BigInt(typeof minor === 'number' ? Math.round(minor) : minor), language, symbol);
export type Money = ReturnType<typeof makeMoney>;

/** The parent window (the site's /game page, or the opener of a popup) learns a round changed the balance. */
export const notifyBalance = () => {
  const message = { type: 'khela:balance' };
  let origin = '*';
  try {
    if (document.referrer) origin = new URL(document.referrer).origin;
  } catch {
    // no referrer: the message carries nothing private
  }
  if (window.parent !== window) window.parent.postMessage(message, origin);
  if (window.opener) (window.opener as Window).postMessage(message, origin);
};
