import {
  PROVIDER_BODY_LIMIT,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  providerErrorStatus,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ProviderService } from './service';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/**
 * `POST /provider/<vendorCode>/<action>`: the vendors' signed callbacks. An encapsulated plugin
 * with its own body parser (the raw bytes, whatever the content type: the signature is over
 * them) and its own error answers in the provider format. No `/wps` gates: callbacks settle
 * money during maintenance and from any country.
 */
export const registerProviderRoutes = async (app: FastifyInstance, provider: ProviderService) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PROVIDER_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'provider route failed');
        return reply.status(500).send({ status: 'ERROR', code: 'INTERNAL_ERROR' });
      }
      // Too large, unreadable or without a body: the vendor's mistake.
      return reply.status(providerErrorStatus.BAD_REQUEST).send({ status: 'ERROR', code: 'BAD_REQUEST' });
    });
    scope.post<{ Params: { vendor: string; action: string } }>(
      '/provider/:vendor/:action',
      { schema: { hide: true } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await provider.handle(request.params.vendor, request.params.action, raw, {
          timestamp: header(request.headers[PROVIDER_TIMESTAMP_HEADER]),
          signature: header(request.headers[PROVIDER_SIGNATURE_HEADER]),
        });
        return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
      },
    );
  });
};
