import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Server-side secrets (HMAC keys), made on first use and kept in the database so every node
 * shares them. Two nodes racing both insert; the first row wins and both read it back.
 */
export const createSecrets = ({ db, now = () => new Date() }: { db: Kysely<DB>; now?: () => Date }) => {
  const cache = new Map<string, Promise<string>>();
  const load = async (name: string) => {
    const read = () =>
      db.selectFrom('identity_secret').select('value').where('name', '=', name).executeTakeFirst();
    const existing = await read();
    if (existing) return existing.value;
    await db
      .insertInto('identity_secret')
      .values({ name, value: randomBytes(32).toString('base64url'), created_at: now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await read();
    if (!row) throw new Error(`identity_secret ${name}: the secret just stored cannot be read back`);
    return row.value;
  };
  return {
    get: (name: string) => {
      let secret = cache.get(name);
      if (!secret) {
        secret = load(name).catch((error: unknown) => {
          cache.delete(name);
          throw error;
        });
        cache.set(name, secret);
      }
      return secret;
    },
  };
};

export type Secrets = ReturnType<typeof createSecrets>;
