import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { precompressed } from './precompressed';

/**
 * Serves the built back-office app (`apps/backoffice/dist`, `BO_WEB_DIST`) at `/bo/`: its files,
 * and `index.html` for every other `/bo/...` page (history-mode routes). `/bo/api/...` stays the
 * API: an unknown API path answers the 404 envelope, as does a missing hashed asset. Does nothing
 * when the folder has no `index.html` (the API-only server of the tests).
 */
export const registerBackofficeWeb = async (app: FastifyInstance, dist: string | undefined) => {
  if (!dist || !existsSync(join(dist, 'index.html'))) return false;
  const sendIndex = precompressed(await readFile(join(dist, 'index.html'), 'utf8'));
  const assets = join(dist, 'assets');
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/bo/',
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders: (res, path) => {
      // Vite puts content hashes in every file under assets: they can be cached for ever.
      res.header(
        'cache-control',
        path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  app.get('/bo', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/bo/', 301));
  // Static routes (the files above, every /bo/api route) win over this wildcard in the router.
  app.get('/bo/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/bo/api/') || path.startsWith('/bo/assets/'))
      return reply.status(404).send(errorBody('not.found', 'error.not.found'));
    return sendIndex(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'));
  });
  return true;
};
