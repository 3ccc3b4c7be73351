import { siteRoutes } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../http/errors';
import { JsonText } from '../../http/json-text';
import { type Gate, registerRoute } from '../../http/route';
import type { SiteService } from './service';

export const MEDIA_PREFIX = '/media/';
/** Media kept in memory: at most this many bytes, each for at most this long. */
export const MEDIA_CACHE_BYTES = 32 * 1024 * 1024;
export const MEDIA_CACHE_TTL_MS = 10 * 60_000;

/** Public site calls: permission, flags, register rules, domains, help, announcements, media. */
export const registerSiteRoutes = (app: FastifyInstance, gate: Gate, site: SiteService) => {
  registerRoute(
    app,
    gate,
    siteRoutes.systemStatus,
    async (request) => {
      const { chunks, cacheKey } = await site.getStatusJson(request.merchant, request.ip, request.language);
      return new JsonText(chunks, cacheKey);
    },
    // Every page load makes this call: its compressed answers are kept per caller
    // (http/precompressed), and a caller asking again is answered from memory while the settings
    // and the maintenance switch stay as they were.
    {
      compressCache: 5_000,
      memo: {
        key: (request) => `${request.merchant.code}\u0000${request.language}\u0000${request.ip}`,
        stamp: (request) => site.statusStamp(request.merchant.code),
      },
      quietLog: true,
    },
  );
  registerRoute(app, gate, siteRoutes.whitelabel, async (request) =>
    site.getWhitelabel(request.merchant.code),
  );
  registerRoute(app, gate, siteRoutes.registerSettings, async (request) =>
    site.getRegisterRules(request.merchant.code),
  );
  registerRoute(
    app,
    gate,
    siteRoutes.domainRoute,
    async (request) => site.getDomainRoute(request.merchant.code, request.query.device),
    // Bad parameters answer `request_param_err` here, as on the platform (API-FACTS §1.3).
    { invalidInputCode: 'request_param_err' },
  );
  registerRoute(app, gate, siteRoutes.helpCenter, async (request) => {
    const lang =
      request.query.lang && request.merchant.languages.includes(request.query.lang)
        ? request.query.lang
        : request.language;
    return site.getHelpCenter(request.merchant.code, lang);
  });
  registerRoute(app, gate, siteRoutes.announcements, async (request) =>
    site.getAnnouncements(
      request.merchant.code,
      request.language,
      request.query.types.split(','),
      request.query.execution,
      (id) => `${MEDIA_PREFIX}${id}`,
    ),
  );

  // Generated and uploaded images. Ids are content-addressed, so they never change: cache for a year,
  // and keep the most asked-for in memory (a page of game icons is dozens of them); a removed image
  // is still served for at most MEDIA_CACHE_TTL_MS.
  const mediaCache = new LRUCache<string, { mime: string; sha256: string; bytes: Buffer }>({
    maxSize: MEDIA_CACHE_BYTES,
    sizeCalculation: (media) => media.bytes.length + 200,
    ttl: MEDIA_CACHE_TTL_MS,
  });
  app.get<{ Params: { id: string } }>(
    `${MEDIA_PREFIX}:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!/^[a-z0-9._-]{1,80}$/i.test(request.params.id)) throw new AppError('not.found');
      let media = mediaCache.get(request.params.id);
      if (!media) {
        const row = await site.getMedia(request.params.id);
        if (!row) throw new AppError('not.found');
        media = { mime: row.mime, sha256: row.sha256, bytes: Buffer.from(row.bytes) };
        mediaCache.set(request.params.id, media);
      }
      reply
        .header('content-type', media.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${media.sha256}"`);
      if (media.mime === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.send(media.bytes);
    },
  );
};
