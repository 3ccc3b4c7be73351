import type { z } from 'zod';
import type { Endpoint } from './endpoint';

export type { HttpMethod } from './endpoint';

/** One API call: its endpoint plus the schemas the server validates and OpenAPI documents. */
export type RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
> = Endpoint & {
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  /** Schema of `value` inside the envelope (or of the whole answer when `envelope` is false). */
  value: V;
};

export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType>(
  def: RouteDef<Q, B, V>,
) => def;

export type RouteValue<R> = R extends RouteDef<z.ZodType, z.ZodType, infer V> ? z.infer<V> : never;
export type RouteQuery<R> = R extends RouteDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type RouteBody<R> = R extends RouteDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
