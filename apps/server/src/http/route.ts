import { envelope, type RouteDef } from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors';

export type Gate = {
  /** Is this module on for the request's merchant? */
  isModuleEnabled: (request: FastifyRequest, modId: string) => boolean;
  /** Refuses the call when the site is in maintenance (system calls stay open). */
  assertOpen: (request: FastifyRequest, def: RouteDef) => void;
};

type Handler<D extends RouteDef> = (
  request: FastifyRequest & {
    query: NonNullable<D['query']> extends z.ZodType ? z.output<NonNullable<D['query']>> : unknown;
    body: NonNullable<D['body']> extends z.ZodType ? z.output<NonNullable<D['body']>> : unknown;
  },
  reply: FastifyReply,
) => Promise<z.input<D['value']>>;

/**
 * Registers one contract route: validation from its schemas, the module gate, the envelope.
 * Handlers return the `value`; everything else about the wire is decided here.
 */
export const registerRoute = <D extends RouteDef>(app: FastifyInstance, gate: Gate, def: D, handler: Handler<D>) => {
  const methods = Array.isArray(def.method) ? [...def.method] : [def.method as string];
  const wrap = def.envelope === false ? def.value : envelope(def.value);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: methods,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: wrap },
      ...(def.auth ? { security: [{ token: [] }] } : {}),
    },
    preHandler: async (request) => {
      gate.assertOpen(request, def);
      if (def.modId && !gate.isModuleEnabled(request, def.modId)) throw new AppError('function.not.available');
    },
    handler: async (request, reply) => {
      const value = await handler(request as Parameters<Handler<D>>[0], reply);
      return def.envelope === false ? value : { success: true, value };
    },
  });
};
