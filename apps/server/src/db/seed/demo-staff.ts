import type { StaffRole } from '@khela/contract';
import type { Kysely } from 'kysely';
import { createPasswordHasher } from '../../shared/passwords';
import type { DB } from '../schema';

/** The demo staff accounts, one per role (printed in the README with their TOTP secrets). */
export const DEMO_STAFF: readonly { username: string; role: StaffRole; totpSecret: string }[] = [
  { username: 'owner', role: 'owner', totpSecret: 'KUHKFSRUAECW7SIR3DKV5VNLZ4O2BSAR' },
  { username: 'finance', role: 'finance', totpSecret: 'WHNIYEQKHQJ2G2SYMXFZJULINTVYWOKF' },
  { username: 'support', role: 'support', totpSecret: 'OXAKWX5LUJDOIQICK35BVDWZLUJN6EKN' },
  { username: 'content', role: 'content', totpSecret: 'XUNU27WFYDN7J6RPN3CZJLZOT23YDJZ4' },
  { username: 'risk', role: 'risk', totpSecret: 'AIRIWTZUCI7UH6CWAXJM5N3U4TDFRFIE' },
];

/** Every demo staff password (public: demo only). */
export const DEMO_STAFF_PASSWORD = 'Staff1234!';

/**
 * Creates the demo staff accounts, already enrolled with their published TOTP secrets. Refused
 * outside demo mode: public secrets must never reach a production database.
 */
export const seedDemoStaff = async (db: Kysely<DB>, mode: 'demo' | 'production', now = new Date()) => {
  if (mode !== 'demo') throw new Error('demo staff are seeded in demo mode only');
  const hasher = createPasswordHasher();
  const passwordHash = await hasher.hash(DEMO_STAFF_PASSWORD);
  for (const s of DEMO_STAFF) {
    await db
      .insertInto('staff')
      .values({
        username: s.username,
        password_hash: passwordHash,
        role: s.role,
        totp_secret: s.totpSecret,
        created_at: now,
      })
      .execute();
  }
};
