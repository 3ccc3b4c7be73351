import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.send(identity);
    return reply.header('content-encoding', encoding).send(variants[encoding]);
  };
};
