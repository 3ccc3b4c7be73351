import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

/** Queries of the known IPs and the new-IP login challenges (tables member_known_ip, login_challenge). */
// Known IPs and new-IP login challenges (LOGINIPVERF3)

/** Records (or refreshes) an IP the member signed in from. */
export const recordKnownIp = (db: Kysely<DB>, memberId: number, ip: string, at: Date) =>
  db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: at }))
    .execute();

/** Has the member signed in from this IP before, and from any IP at all? */
export const knownIpState = async (db: Kysely<DB>, memberId: number, ip: string) => {
  const rows = await db
    .selectFrom('member_known_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .orderBy(sql`ip = ${ip}`, 'desc')
    .limit(1)
    .execute();
  const first = rows[0];
  return { any: first !== undefined, known: first?.ip === ip };
};

export const insertLoginChallenge = (
  db: Kysely<DB>,
  c: {
    idHash: string;
    merchantCode: string;
    memberId: number;
    ip: string;
    methods: string[];
    remember: boolean;
    method: string;
    at: Date;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('login_challenge')
    .values({
      id_hash: c.idHash,
      merchant_code: c.merchantCode,
      member_id: c.memberId,
      ip: c.ip,
      channel: null,
      code_hash: null,
      code_sent_at: null,
      methods: JSON.stringify(c.methods),
      remember: c.remember,
      method: c.method,
      created_at: c.at,
      expires_at: c.expiresAt,
      used_at: null,
    })
    .execute();

/** The newest challenge of a member (one held login a minute per account). */
export const latestLoginChallenge = (db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('login_challenge')
    .select(['created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** When a new-IP code was last sent to this member (one SMS or mail a minute per account). */
export const latestChallengeCodeSend = async (db: Kysely<DB>, memberId: number) =>
  (
    await db
      .selectFrom('login_challenge')
      .select('code_sent_at')
      .where('member_id', '=', memberId)
      .where('code_sent_at', 'is not', null)
      .orderBy('code_sent_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.code_sent_at ?? null;

/** Stores the code just sent for an unused challenge (replacing an earlier one); false when it was used meanwhile. */
export const setChallengeCode = async (
  db: Kysely<DB>,
  idHash: string,
  c: { channel: 'sms' | 'email'; codeHash: string; at: Date; expiresAt: Date },
) =>
  Number(
    (
      await db
        .updateTable('login_challenge')
        .set({ channel: c.channel, code_hash: c.codeHash, code_sent_at: c.at, expires_at: c.expiresAt })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const findLoginChallenge = (db: Kysely<DB>, idHash: string) =>
  db.selectFrom('login_challenge').selectAll().where('id_hash', '=', idHash).executeTakeFirst();

/** Counts one try of an unused challenge within its tries; answers the new count or null. */
export const countChallengeTry = async (db: Kysely<DB>, idHash: string, maxTries: number) =>
  (
    await db
      .updateTable('login_challenge')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst()
  )?.attempts ?? null;

export const useLoginChallenge = async (db: Kysely<DB>, idHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('login_challenge')
        .set({ used_at: at })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;
