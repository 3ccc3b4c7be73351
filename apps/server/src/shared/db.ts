import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** The database or a transaction in progress: every store function takes either. */
export type Db = Kysely<DB> | Transaction<DB>;

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';

/** Serialization failure or deadlock: the transaction was rolled back and may simply run again. */
export const isRetryable = (error: unknown) => {
  const code = errorCode(error);
  return code === '40001' || code === '40P01';
};

/** A unique-constraint violation (23505): of the named constraint or index, or of any when none is named. */
export const isUniqueViolation = (error: unknown, name?: string) => {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  return (
    name === undefined || String(e.constraint ?? '').includes(name) || String(e.message ?? '').includes(name)
  );
};
