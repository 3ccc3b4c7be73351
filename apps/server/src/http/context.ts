import type { Language, Merchant } from '@khela/contract';
import { LANGUAGES } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** `request.merchant` and `request.language` are declared in route.ts, where every route sees them. */
type MerchantLookup = {
  findMerchant: (code: string) => Merchant | undefined;
  defaultMerchant: () => Merchant;
};

/**
 * Resolves the merchant and language of a call from the `Merchant` and `Language` headers
 * (API-FACTS §1.1). A repeated Merchant header is refused, as on the platform the spec describes.
 */
export const resolveRequestContext = (request: FastifyRequest, merchants: MerchantLookup) => {
  const header = request.headers.merchant;
  if (Array.isArray(header) || (typeof header === 'string' && header.includes(','))) {
    throw new AppError('function.not.available', { status: 400 });
  }
  let merchant = merchants.defaultMerchant();
  if (header) {
    const found = merchants.findMerchant(header);
    if (!found) throw new AppError('request_param_err', { value: { field: 'Merchant' } });
    merchant = found;
  }
  const rawLanguage = String(request.headers.language ?? '').toLowerCase();
  const language = (LANGUAGES as readonly string[]).includes(rawLanguage)
    ? (rawLanguage as Language)
    : merchant.defaultLanguage;
  request.merchant = merchant;
  request.language = merchant.languages.includes(language) ? language : merchant.defaultLanguage;
};

/**
 * The language of a catalogue answer: the call's `language` parameter when the merchant offers
 * it, else the `Language` header's.
 */
export const languageOf = (request: FastifyRequest, param: string | undefined): Language => {
  const wanted = param?.toLowerCase();
  const found = LANGUAGES.find((l) => l === wanted);
  return found && request.merchant.languages.includes(found) ? found : request.language;
};
