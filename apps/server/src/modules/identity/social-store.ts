import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

/** Queries of Google/Facebook links and OIDC flows (tables member_social_link, oidc_flow). */
// Google / Facebook links and OIDC flows

export const findSocialLink = (db: Kysely<DB>, merchantCode: string, provider: string, subject: string) =>
  db
    .selectFrom('member_social_link')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('provider', '=', provider as 'google' | 'facebook')
    .where('subject', '=', subject)
    .executeTakeFirst();

export const insertSocialLink = (
  db: Kysely<DB>,
  l: {
    merchantCode: string;
    provider: 'google' | 'facebook';
    subject: string;
    memberId: number;
    email: string | null;
    at: Date;
  },
) =>
  db
    .insertInto('member_social_link')
    .values({
      merchant_code: l.merchantCode,
      provider: l.provider,
      subject: l.subject,
      member_id: l.memberId,
      email: l.email,
      created_at: l.at,
    })
    .execute();

export const insertOidcFlow = (
  db: Kysely<DB>,
  f: {
    idHash: string;
    merchantCode: string;
    provider: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    at: Date;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('oidc_flow')
    .values({
      id_hash: f.idHash,
      merchant_code: f.merchantCode,
      provider: f.provider,
      state: f.state,
      nonce: f.nonce,
      code_verifier: f.codeVerifier,
      created_at: f.at,
      expires_at: f.expiresAt,
      subject: null,
      email: null,
      name: null,
      signed_in_at: null,
      used_at: null,
    })
    .execute();

export const findOidcFlow = (db: Kysely<DB>, idHash: string) =>
  db.selectFrom('oidc_flow').selectAll().where('id_hash', '=', idHash).executeTakeFirst();

/** Stores the verified identity on a flow that has none yet; false when it already has one. */
export const completeOidcFlow = async (
  db: Kysely<DB>,
  idHash: string,
  who: { subject: string; email: string | null; name: string | null; at: Date },
) =>
  Number(
    (
      await db
        .updateTable('oidc_flow')
        .set({ subject: who.subject, email: who.email, name: who.name, signed_in_at: who.at })
        .where('id_hash', '=', idHash)
        .where('signed_in_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const useOidcFlow = async (db: Kysely<DB>, idHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('oidc_flow')
        .set({ used_at: at })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;
