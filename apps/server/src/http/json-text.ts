/**
 * A route `value` that is already JSON text, as UTF-8 chunks: the route joins them inside the
 * envelope in one copy and sends the bytes without running the zod serializer. For hot answers
 * built from cached, already validated parts (the permission call); whoever builds one vouches
 * that it matches the route's value schema.
 *
 * `cacheKey`, when given, names the answer exactly (equal keys mean byte-equal answers): routes
 * registered with `compressCache` keep its compressed variants under that key.
 */
export class JsonText {
  readonly chunks: readonly Buffer[];
  readonly cacheKey: string | undefined;
  constructor(chunks: readonly Buffer[], cacheKey?: string) {
    this.chunks = chunks;
    this.cacheKey = cacheKey;
  }
}
