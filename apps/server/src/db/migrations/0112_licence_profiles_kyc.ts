import { type Kysely, sql } from 'kysely';

/**
 * Licence profiles, KYC, account closure and lifting an exclusion (issue 16, docs/decisions/045):
 * - `protection_profile`: each merchant's licence / jurisdiction profile as versioned data (a new
 *   version per change, the highest in force; none: the defaults of `profiles.ts`).
 * - `protection_kyc_document`: identity documents members upload (content-checked PNG, JPEG or
 *   PDF, at most 5 MB) and staff review (approved, or rejected with a reason).
 * - `protection_member` gains the member's KYC status, the date of birth read off an approved
 *   document, the account closure (restriction `closed`) and a request to lift an ended exclusion.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE protection_profile (
      merchant_code text NOT NULL REFERENCES merchant(code),
      version integer NOT NULL CHECK (version > 0),
      min_age integer NOT NULL CHECK (min_age BETWEEN 16 AND 25),
      money_mode text NOT NULL CHECK (money_mode IN ('real', 'play')),
      allowed_products jsonb NOT NULL,
      cooling_off_hours integer NOT NULL CHECK (cooling_off_hours BETWEEN 24 AND 720),
      limit_prompt text NOT NULL CHECK (limit_prompt IN ('none', 'registration', 'firstDeposit')),
      kyc_before_deposit boolean NOT NULL,
      kyc_withdrawal_above bigint CHECK (kyc_withdrawal_above >= 0),
      staff_id integer REFERENCES staff(id),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, version)
    );

    CREATE TABLE protection_kyc_document (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id integer NOT NULL REFERENCES member(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      kind text NOT NULL CHECK (kind IN ('idFront', 'idBack', 'selfie', 'address')),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'application/pdf')),
      size_bytes integer NOT NULL,
      content bytea NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text,
      reviewed_by integer REFERENCES staff(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX protection_kyc_document_member ON protection_kyc_document (member_id, created_at);
    CREATE INDEX protection_kyc_document_queue ON protection_kyc_document (status, created_at);

    ALTER TABLE protection_member
      ADD COLUMN kyc_status text NOT NULL DEFAULT 'none'
        CHECK (kyc_status IN ('none', 'pending', 'verified', 'rejected')),
      ADD COLUMN kyc_reason text,
      ADD COLUMN birth_date date,
      ADD COLUMN lift_requested_at timestamptz;
    ALTER TABLE protection_member DROP CONSTRAINT protection_member_restriction_check;
    ALTER TABLE protection_member ADD CONSTRAINT protection_member_restriction_check
      CHECK (restriction IN ('none', 'timeout', 'self_exclusion', 'closed'));
  `.execute(db);
};
