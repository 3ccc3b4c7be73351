import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Security headers on every answer (ADR 029): a Content-Security-Policy that runs no inline
 * script but the pages' own (by their sha256), frames games only from this server and the
 * game-launch hosts named in LAUNCH_GAME_CDNS, and lets no other site frame ours
 * (`frame-ancestors`); `X-Content-Type-Options`, `Referrer-Policy`; HSTS when the public address
 * is https. Five headers: no library needed.
 */

export type SecurityHeaderOptions = {
  /** PUBLIC_URL: https turns HSTS on. */
  publicUrl?: string | undefined;
  /** LAUNCH_GAME_CDNS: hosts whose game pages our pages may frame. */
  frameOrigins?: readonly string[] | undefined;
  /** IMAGE_CDNS: hosts our pages may load images from. */
  imageOrigins?: readonly string[] | undefined;
  /** The built apps' folders: their index.html inline scripts are allowed by hash. */
  htmlDirs?: readonly (string | undefined)[];
};

/** `'sha256-…'` of every inline script (no `src`, not a JSON data block) of a page. */
export const inlineScriptHashes = (html: string) => {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
};

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export const contentSecurityPolicy = (options: SecurityHeaderOptions, scriptHashes: readonly string[]) => {
  const list = (urls: readonly string[] | undefined) =>
    (urls ?? []).map(originOf).filter((o): o is string => o !== null);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    // React and the games' art set style attributes; no script runs from a style.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...list(options.imageOrigins)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", ...list(options.frameOrigins)]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
};

/**
 * Pages with their own HTML and scripts: the OpenAPI viewer, the demo IdP, and the demo vendor
 * simulator's game pages (a real vendor's pages live on its own host): no app CSP.
 */
const OWN_PAGES = ['/docs', '/demo-idp', '/vendor-sim'];

export const installSecurityHeaders = (app: FastifyInstance, options: SecurityHeaderOptions) => {
  const hashes = (options.htmlDirs ?? [])
    .filter((dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')))
    .flatMap((dir) => inlineScriptHashes(readFileSync(join(dir, 'index.html'), 'utf8')));
  const csp = contentSecurityPolicy(options, hashes);
  const hsts = options.publicUrl?.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : null;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (hsts) reply.header('strict-transport-security', hsts);
    if (!OWN_PAGES.some((p) => request.url === p || request.url.startsWith(`${p}/`)))
      reply.header('content-security-policy', csp);
    done();
  });
};
