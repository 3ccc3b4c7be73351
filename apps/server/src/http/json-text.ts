/**
 * A route `value` that is already JSON text, as UTF-8 chunks: the route joins them inside the
 * envelope in one copy and sends the bytes without running the zod serializer. For hot answers
 * built from cached, already validated parts (the permission call); whoever builds one vouches
 * that it matches the route's value schema.
 */
export class JsonText {
  readonly chunks: readonly Buffer[];
  constructor(...chunks: Buffer[]) {
    this.chunks = chunks;
  }
}
