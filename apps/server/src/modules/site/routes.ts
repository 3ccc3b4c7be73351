import { siteRoutes } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import { JsonText } from '../../http/json-text';
import { type Gate, registerRoute } from '../../http/route';
import type { SiteService } from './service';

export const MEDIA_PREFIX = '/media/';

/** Public site calls: permission, flags, register rules, domains, help, announcements, media. */
export const registerSiteRoutes = (app: FastifyInstance, gate: Gate, site: SiteService) => {
  registerRoute(
    app,
    gate,
    siteRoutes.systemStatus,
    async (request) => new JsonText(...(await site.getStatusJson(request.merchant, request.ip))),
  );
  registerRoute(app, gate, siteRoutes.whitelabel, async (request) =>
    site.getWhitelabel(request.merchant.code),
  );
  registerRoute(app, gate, siteRoutes.registerSettings, async (request) =>
    site.getRegisterRules(request.merchant.code),
  );
  registerRoute(app, gate, siteRoutes.domainRoute, async (request) =>
    site.getDomainRoute(request.merchant.code, request.query.device),
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

  // Generated and uploaded images. Ids are content-addressed, so they never change: cache for a year.
  app.get<{ Params: { id: string } }>(
    `${MEDIA_PREFIX}:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!/^[a-z0-9._-]{1,80}$/i.test(request.params.id)) throw new AppError('not.found');
      const media = await site.getMedia(request.params.id);
      if (!media) throw new AppError('not.found');
      reply
        .header('content-type', media.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${media.sha256}"`);
      if (media.mime === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.send(Buffer.from(media.bytes));
    },
  );
};
