import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';

/** The encodings a client accepts (`Accept-Encoding`, honouring `q=0`), best first: br, then gzip. */
export const acceptedEncoding = (header: string | string[] | undefined): Encoding | null => {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
};

/** Browsers send a handful of distinct `Accept-Encoding` values: each is parsed once. */
const encodingOfHeader = new LRUCache<string, Encoding | 'none'>({ max: 256 });
export const acceptedEncodingOf = (header: string | string[] | undefined): Encoding | null => {
  if (header === undefined) return null;
  const text = String(header);
  let encoding = encodingOfHeader.get(text);
  if (encoding === undefined) {
    encoding = acceptedEncoding(text) ?? 'none';
    encodingOfHeader.set(text, encoding);
  }
  return encoding === 'none' ? null : encoding;
};

/**
 * A fixed answer compressed once at start-up. For handlers @fastify/compress does not reach
 * (it hooks routes, and the not-found handler is not one), such as the SPA fallback.
 */
export const precompressed = (body: string) => {
  const identity = Buffer.from(body, 'utf8');
  const variants: Record<Encoding, Buffer> = {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = acceptedEncodingOf(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.send(identity);
    return reply.header('content-encoding', encoding).send(variants[encoding]);
  };
};

/**
 * One hot answer in the forms it is sent in: the plain bytes, and its brotli and gzip forms, each
 * compressed once, when first asked for. Brotli at quality 5: within a few percent of 11 on this
 * JSON, at a fraction of the time.
 */
export class AnswerForms {
  readonly identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  constructor(identity: Buffer) {
    this.identity = identity;
  }

  /** Sends the form the caller accepts (with `vary`); the content type is the caller's to set. */
  send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = acceptedEncodingOf(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.send(this.identity);
    let compressed = this[encoding];
    if (compressed === undefined) {
      compressed =
        encoding === 'br'
          ? brotliCompressSync(this.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipSync(this.identity, { level: 6 });
      this[encoding] = compressed;
    }
    return reply.header('content-encoding', encoding).send(compressed);
  }
}

/**
 * Compressed variants of a hot answer that differs per caller in a small part (the permission
 * call carries the caller's IP and country): the forms of each answer are kept in an LRU under the
 * answer's key, so a visitor's repeated calls cost no compression. Used in place of
 * @fastify/compress, whose per-request hooks cost about an eighth of that route's throughput.
 * `formsOf` finds or builds an answer's forms; calling the cache sends them.
 */
export const createCompressedCache = (maxEntries: number) => {
  const answers = new LRUCache<string, AnswerForms>({ max: maxEntries });
  // The plain answer is kept as well: building it again copies the whole body on every call.
  const formsOf = (key: string, body: () => Buffer) => {
    let forms = answers.get(key);
    if (forms === undefined) {
      forms = new AnswerForms(body());
      answers.set(key, forms);
    }
    return forms;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, key: string, body: () => Buffer) =>
    formsOf(key, body).send(request, reply);
  return Object.assign(send, { formsOf });
};
