import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf } from '@khela/fair';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import type { GameSession } from './launch';

/** The provably fair seed pairs of the in-house games: made, shown, set, rotated (ADR 008). */
/** Whose seed pair: a member's (real money, shared by every in-house game) or a free-play session's. */
export type SeedOwner =
  | { memberId: number; sessionId?: undefined }
  | { sessionId: string; memberId?: undefined };

export const ownerOf = (session: GameSession): SeedOwner =>
  session.mode === 'real' && session.memberId !== null
    ? { memberId: session.memberId }
    : { sessionId: session.id };

type SeedRow = {
  id: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  next_nonce: string;
};

export const activeSeed = (db: Db, owner: SeedOwner, lock = false) => {
  let query = db
    .selectFrom('game_server_seed')
    .select(['id', 'server_seed', 'commitment', 'client_seed', 'next_nonce'])
    .where('revealed_at', 'is', null);
  query =
    owner.memberId !== undefined
      ? query.where('member_id', '=', owner.memberId)
      : query.where('session_id', '=', owner.sessionId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst() as Promise<SeedRow | undefined>;
};

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

const insertSeed = async (db: Db, merchantCode: string, owner: SeedOwner, clientSeed: string, now: Date) => {
  const serverSeed = newServerSeed();
  await db
    .insertInto('game_server_seed')
    .values({
      id: randomUUID(),
      merchant_code: merchantCode,
      member_id: owner.memberId ?? null,
      session_id: owner.sessionId ?? null,
      server_seed: serverSeed,
      commitment: commitmentOf(serverSeed),
      client_seed: clientSeed,
      next_nonce: '0',
      created_at: now,
    })
    // A racing first spin made one already: the partial unique index keeps one active pair.
    .onConflict((oc) => oc.doNothing())
    .execute();
};

/** The active seed pair, made on first use. */
export const ensureSeed = async (db: Db, merchantCode: string, owner: SeedOwner, now: Date) => {
  const found = await activeSeed(db, owner);
  if (found) return found;
  await insertSeed(db, merchantCode, owner, newClientSeed(), now);
  const made = await activeSeed(db, owner);
  if (!made) throw new Error('server seed vanished');
  return made;
};

export const seedInfoOf = (seed: SeedRow) => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nonce: Number(seed.next_nonce),
});

/** Sets the client seed of the active pair (the server seed stays committed; nonces go on). */
export const setClientSeed = async (
  db: Kysely<DB>,
  merchantCode: string,
  owner: SeedOwner,
  clientSeed: string,
  now: Date,
) => {
  await ensureSeed(db, merchantCode, owner, now);
  return db.transaction().execute(async (trx) => {
    const seed = await activeSeed(trx, owner, true);
    // Another rotation won the race for this pair.
    if (!seed) throw new AppError('conflict');
    await trx
      .updateTable('game_server_seed')
      .set({ client_seed: clientSeed })
      .where('id', '=', seed.id)
      .execute();
    return seedInfoOf({ ...seed, client_seed: clientSeed });
  });
};

/**
 * Reveals the active server seed and commits a new one (same client seed, nonce 0). `guard` runs
 * under the seed lock first (an open mines/tower round drawn from the seed refuses the rotation).
 */
export const rotateSeed = async (
  db: Kysely<DB>,
  merchantCode: string,
  owner: SeedOwner,
  now: Date,
  guard?: (trx: Transaction<DB>, seedId: string) => Promise<void>,
) => {
  await ensureSeed(db, merchantCode, owner, now);
  return db.transaction().execute(async (trx) => {
    const seed = await activeSeed(trx, owner, true);
    // Another rotation won the race for this pair.
    if (!seed) throw new AppError('conflict');
    if (guard) await guard(trx, seed.id);
    await trx.updateTable('game_server_seed').set({ revealed_at: now }).where('id', '=', seed.id).execute();
    await insertSeed(trx, merchantCode, owner, seed.client_seed, now);
    const next = await activeSeed(trx, owner);
    if (!next) throw new Error('no new seed');
    return {
      revealed: {
        serverSeed: seed.server_seed,
        commitment: seed.commitment,
        clientSeed: seed.client_seed,
        rounds: Number(seed.next_nonce),
      },
      next: seedInfoOf(next),
    };
  });
};
