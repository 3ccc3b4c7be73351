import { type Kysely, sql } from 'kysely';

/**
 * Contract templates per merchant and application decisions (issue 20, docs/decisions/059):
 * - `agency_template_set`: the agent programme a merchant publishes, as versioned data — one row
 *   per saved version holding the template of each contract kind offered (`[{ kind, tiers, cycles,
 *   carry }]`); never edited, the version in force is the merchant's newest.
 * - `agency_application`: the back office's decision (who, when, the reason) and, when staff link
 *   the application to a member account, that account (it becomes an agent on approval).
 * - `agency_contract.revocation_asked_at`: the upline asked to end an accepted contract; it stays
 *   in force until the downline confirms (then terminated) or declines (then cleared).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE agency_template_set (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      version integer NOT NULL CHECK (version > 0),
      templates jsonb NOT NULL CHECK (jsonb_typeof(templates) = 'array'),
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      UNIQUE (merchant_code, version)
    );
    ALTER TABLE agency_application
      ADD COLUMN decided_by text,
      ADD COLUMN reason text,
      ADD COLUMN member_id integer REFERENCES member(id),
      ADD CONSTRAINT agency_application_decided
        CHECK ((status = 'new') = (decided_at IS NULL AND decided_by IS NULL));
    ALTER TABLE agency_contract ADD COLUMN revocation_asked_at timestamptz;
    CREATE INDEX agency_application_status ON agency_application (merchant_code, status, created_at DESC);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP INDEX agency_application_status;
    ALTER TABLE agency_contract DROP COLUMN revocation_asked_at;
    ALTER TABLE agency_application
      DROP CONSTRAINT agency_application_decided,
      DROP COLUMN member_id,
      DROP COLUMN reason,
      DROP COLUMN decided_by;
    DROP TABLE agency_template_set;
  `.execute(db);
};
