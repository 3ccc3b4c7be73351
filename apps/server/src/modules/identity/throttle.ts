import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as store from './store';

/**
 * The login throttle (`login_throttle`) of one merchant, for a subject that is no member: the
 * staff module counts the failures of unknown staff usernames here (the deployment's default
 * merchant; staff belong to no merchant, but the table keys by one).
 */
export const createSubjectThrottle = (db: Kysely<DB>, merchantCode: () => string) => ({
  read: (subject: string) => store.readThrottle(db, merchantCode(), subject),
  clear: async (subject: string) => {
    await store.clearThrottle(db, merchantCode(), subject);
  },
  addFailure: (subject: string, at: Date) => store.addFailure(db, merchantCode(), subject, at),
  lock: async (subject: string, until: Date, at: Date) => {
    await store.lockThrottle(db, merchantCode(), subject, until, at);
  },
});
