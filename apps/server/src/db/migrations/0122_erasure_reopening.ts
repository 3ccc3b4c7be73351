import { type Kysely, sql } from 'kysely';

/**
 * Erasure, reopening and the KYC upload throttle (issue 16, docs/decisions/052):
 * - `protection_profile.aml_retention_years`: how long the licence keeps identity records (KYC
 *   documents, date of birth, ID number, payee name) after the account closed (0: not at all).
 * - `protection_member.closure_reason` (`harm`: gambling harm or exclusion, never reopened by the
 *   member; `other`) and `reopen_requested_at` (the first step of reopening).
 * - `protection_erasure`: one row per erased member: when asked and by whom, until when the
 *   retained part is kept, when the last part was erased.
 * - `protection_exclusion_mark`: what still refuses an erased, excluded person: keyed digests
 *   (HMAC-SHA256) of the mobile and ID number, never the values.
 * - `protection_kyc_document.erased_at`: the file's bytes are gone (the row's kind and dates stay).
 * - `protection_attempt`: attempts per subject and hour (KYC uploads per member and per address).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE protection_profile
      ADD COLUMN aml_retention_years integer NOT NULL DEFAULT 5
        CHECK (aml_retention_years BETWEEN 0 AND 10);

    ALTER TABLE protection_member
      ADD COLUMN closure_reason text CHECK (closure_reason IN ('harm', 'other')),
      ADD COLUMN reopen_requested_at timestamptz;

    CREATE TABLE protection_erasure (
      member_id integer PRIMARY KEY REFERENCES member(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      requested_at timestamptz NOT NULL,
      requested_by integer REFERENCES staff(id),
      status text NOT NULL CHECK (status IN ('retained', 'done')),
      retained_until timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX protection_erasure_due ON protection_erasure (status, retained_until);

    CREATE TABLE protection_exclusion_mark (
      merchant_code text NOT NULL REFERENCES merchant(code),
      kind text NOT NULL CHECK (kind IN ('mobile', 'idNumber')),
      digest text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      all_merchants boolean NOT NULL DEFAULT false,
      until timestamptz,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (kind, digest, member_id)
    );

    ALTER TABLE protection_kyc_document ADD COLUMN erased_at timestamptz;

    CREATE TABLE protection_attempt (
      subject text NOT NULL,
      hour timestamptz NOT NULL,
      attempts integer NOT NULL,
      PRIMARY KEY (subject, hour)
    );
  `.execute(db);
};
