import { catalogueRoutes, gameListQuery, type Language, type Merchant } from '@khela/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AnswerForms, precompressed } from './precompressed';
import type { Gate } from './route';

type RouteDef = Parameters<Gate['assertOpen']>[1];

/**
 * The language the site asks in while the visitor has saved none (apps/web i18n
 * DEFAULT_LANGUAGE): the first data written into a page is the answer to that language's calls.
 * The page uses it only when it starts in this language (apps/web shared/state/first-data.ts).
 */
export const PAGE_DEFAULT_LANGUAGE: Language = 'bn';

/** Where the first data goes (apps/web index.html): a page without this mark is sent as it is. */
export const FIRST_DATA_MARK = '<!-- first-data -->';

/** Pages kept, compressed, by their data (it differs by caller IP, merchant, settings and catalogue). */
const PAGES_KEPT = 500;

type StatusJson = { chunks: Buffer[] };
type ListJson = { json: Buffer };

export type SpaDeps = {
  site: {
    defaultMerchant: () => Merchant;
    getStatusJson: (merchant: Merchant, ip: string, language: Language) => Promise<StatusJson>;
  };
  catalogue: {
    getVendorsJson: (merchantCode: string, language: Language) => Promise<string>;
    listGamesJson: (
      merchantCode: string,
      language: Language,
      filter: Omit<ReturnType<typeof gameListQuery.parse>, 'language' | 'merchant'>,
    ) => Promise<ListJson>;
  };
  gate: Gate;
};

/** The query of the slot lobby's first page (apps/web lobby `gameListQuery` for `/rng`, no filters). */
const FIRST_RNG_QUERY = {
  clientType: '3',
  platform: 'flash,html5-desktop',
  gameType: 'RNG',
  pageNo: '1',
  pageSize: '15',
};

/** `<` as `\u003c`, so no text in the data can end the script element it is written in. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The site's index.html for a page request, with the first data of the page written into it
 * (ADR 016): the answer of the status call a first visit makes (default merchant, the page's
 * default language, the caller's IP: maintenance and region blocking are in it, and the page shows
 * them as it would from the call), and for `/rng` without filters the slot lobby's first page of
 * games and its vendor lanes, each when its call would be answered (site open, module on). The page then renders without
 * waiting for either call. The answers are the ones the calls give (the same cached JSON), so they
 * follow the settings, maintenance switch and catalogue as the calls do. Pages are kept compressed
 * per distinct data; a failure to build the data sends the plain page (the app makes the calls).
 */
export const createSpaIndex = (html: string, deps: SpaDeps) => {
  const plain = precompressed(html.replace(FIRST_DATA_MARK, ''));
  const at = html.indexOf(FIRST_DATA_MARK);
  const pages = new LRUCache<string, AnswerForms>({ max: PAGES_KEPT });

  const firstData = async (request: FastifyRequest) => {
    const merchant = deps.site.defaultMerchant();
    const language = merchant.languages.includes(PAGE_DEFAULT_LANGUAGE)
      ? PAGE_DEFAULT_LANGUAGE
      : merchant.defaultLanguage;
    const status = await deps.site.getStatusJson(merchant, request.ip, language);
    const statusText = Buffer.concat(status.chunks).toString('utf8');
    const [path = '', search] = request.url.split('?');
    let extra = '';
    if (path === '/rng' && !search && /^\{"status":0[,}]/.test(statusText)) {
      // Each call's own gates, for the caller as the call would be resolved.
      const caller = Object.assign(Object.create(request) as FastifyRequest, { merchant, language });
      const answered = (def: RouteDef) => {
        try {
          deps.gate.assertOpen(caller, def);
        } catch {
          return false;
        }
        return !def.modId || deps.gate.isModuleEnabled(caller, def.modId);
      };
      if (answered(catalogueRoutes.gameList)) {
        const { language: _language, merchant: _merchant, ...filter } = gameListQuery.parse(FIRST_RNG_QUERY);
        const list = await deps.catalogue.listGamesJson(merchant.code, language, filter);
        extra += `,"rng":${list.json.toString('utf8')}`;
      }
      // The vendor swiper's lanes, which the lobby shows with its first games.
      if (answered(catalogueRoutes.gameVendors)) {
        extra += `,"vendors":${await deps.catalogue.getVendorsJson(merchant.code, language)}`;
      }
    }
    const json =
      `{"lang":${JSON.stringify(PAGE_DEFAULT_LANGUAGE)},"merchant":${JSON.stringify(merchant.code)}` +
      `,"status":${statusText}${extra}}`;
    return json;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (at < 0) return plain(request, reply);
    let data: string;
    try {
      data = await firstData(request);
    } catch (error) {
      request.log.warn({ err: error }, 'index.html without first data');
      return plain(request, reply);
    }
    // Kept by the data itself: a page is never sent with other data than the calls would answer.
    let forms = pages.get(data);
    if (!forms) {
      const script = `<script id="khela-first-data" type="application/json">${scriptSafe(data)}</script>`;
      forms = new AnswerForms(
        Buffer.from(`${html.slice(0, at)}${script}${html.slice(at + FIRST_DATA_MARK.length)}`, 'utf8'),
      );
      pages.set(data, forms);
    }
    return forms.send(request, reply);
  };
};
