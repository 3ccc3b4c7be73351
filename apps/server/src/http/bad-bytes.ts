import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './errors';

/**
 * Bad bytes (ADR 029): a NUL character or a lone UTF-16 surrogate in any string of a call (body,
 * query, path parameters, keys included), or nesting deeper than `MAX_DEPTH`, is refused with
 * 400 `validation.failed` before a handler sees it. PostgreSQL cannot store either character in
 * text, so without this check such a string reached the database and came back as a 500.
 */

/** Deeper than this, a call's body is refused (no route takes more than a few levels). */
export const MAX_DEPTH = 32;

// With the `u` flag a surrogate pair is one code point: this matches only lone surrogates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for.
const BAD_CHARACTER = /[\u0000\uD800-\uDFFF]/u;

/** The path of the first bad string or too deep a value, or null when the value is clean. */
export const findBadBytes = (value: unknown, path = '', depth = 0): string | null => {
  if (typeof value === 'string') return BAD_CHARACTER.test(value) ? path || '(value)' : null;
  if (value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return path || '(value)';
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBadBytes(value[i], at(String(i)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (BAD_CHARACTER.test(key)) return at('(key)');
    const found = findBadBytes(inner, at(key), depth + 1);
    if (found !== null) return found;
  }
  return null;
};

const refuse = (field: string) =>
  new AppError('validation.failed', { value: { fields: { [field]: 'invalid_characters' } } });

/** Installs the check on every route (register before the routes). */
export const refuseBadBytes = (app: FastifyInstance) => {
  // preValidation: before the schemas, so no parser, validator or handler sees such a string.
  app.addHook(
    'preValidation',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const found = findBadBytes(request.params) ?? findBadBytes(request.query) ?? findBadBytes(request.body);
      done(found === null ? undefined : refuse(found));
    },
  );
  // A sealed body is opened by a route's own preValidation hook, after the one above: checked again.
  app.addHook(
    'preHandler',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const found = findBadBytes(request.body);
      done(found === null ? undefined : refuse(found));
    },
  );
};
