import type { z } from 'zod';
import type { ModId } from './flags';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call: the single source of its path, verb, gate and shapes for server, web and OpenAPI. */
export type RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod | readonly HttpMethod[];
  path: string;
  /** Whitelabel module that must be on, else `function.not.available`. */
  modId: ModId | null;
  /** Needs a session token. */
  auth: boolean;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  /** Schema of `value` inside the envelope; `envelope: false` routes answer the bare value. */
  value: V;
  envelope?: boolean;
};

export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType>(
  def: RouteDef<Q, B, V>,
) => def;

export type RouteValue<R> = R extends RouteDef<z.ZodType, z.ZodType, infer V> ? z.infer<V> : never;
export type RouteQuery<R> = R extends RouteDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type RouteBody<R> = R extends RouteDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
