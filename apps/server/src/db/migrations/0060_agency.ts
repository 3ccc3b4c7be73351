import { type Kysely, sql } from 'kysely';

/**
 * The agent centre (issue 20, docs/decisions/038-agency.md):
 * - `agency_contract`: an agent's contract of one kind (daily, hourly or real-time salary,
 *   dividend) as versioned data: its tiers (`[{ minActive, rateBp }]`, rate in basis points of
 *   team turnover or of team net loss), the dividend's cycles a month and negative carry-over mode,
 *   who pays (the platform or the offering upline) and its state. A contract is never edited: a
 *   change is a new version; at most one requested and one accepted per agent and kind.
 * - `agency_settlement`: one row per (contract, period, seq) — the unique key that makes every
 *   salary or dividend run pay exactly once; `seq` 0 is the period's run, later ones are deltas
 *   (the real-time salary's 5-minute runs inside the hour, corrections). The ledger entry is
 *   posted in the same transaction as the row.
 * - `agency_application`: the `/join` page's applications, reviewed in the back office.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE agency_contract (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      offered_by integer REFERENCES member(id),
      kind text NOT NULL CHECK (kind IN ('daily', 'hourly', 'realtime', 'dividend')),
      version integer NOT NULL CHECK (version > 0),
      tiers jsonb NOT NULL,
      cycles smallint NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2, 3)),
      carry text NOT NULL DEFAULT 'none' CHECK (carry IN ('none', 'permanent', 'previous', 'half_month')),
      payer text NOT NULL CHECK (payer IN ('platform', 'upline')),
      status text NOT NULL CHECK (status IN ('requested', 'accepted', 'declined', 'expired', 'terminated')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      ended_at timestamptz,
      end_reason text,
      UNIQUE (member_id, kind, version),
      CHECK ((payer = 'upline') <= (offered_by IS NOT NULL))
    );
    CREATE UNIQUE INDEX agency_contract_one_accepted ON agency_contract (member_id, kind)
      WHERE status = 'accepted';
    CREATE UNIQUE INDEX agency_contract_one_requested ON agency_contract (member_id, kind)
      WHERE status = 'requested';
    CREATE INDEX agency_contract_merchant ON agency_contract (merchant_code, kind, status);

    CREATE TABLE agency_settlement (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      contract_id integer NOT NULL REFERENCES agency_contract(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      kind text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL CHECK (period_end > period_start),
      seq integer NOT NULL CHECK (seq >= 0),
      team_turnover_minor bigint NOT NULL,
      team_ggr_minor bigint NOT NULL,
      active_members integer NOT NULL CHECK (active_members >= 0),
      rate_bp integer NOT NULL CHECK (rate_bp >= 0),
      carry_in_minor bigint NOT NULL DEFAULT 0 CHECK (carry_in_minor <= 0),
      carry_out_minor bigint NOT NULL DEFAULT 0 CHECK (carry_out_minor <= 0),
      gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
      children_minor bigint NOT NULL CHECK (children_minor >= 0),
      owed_minor bigint NOT NULL CHECK (owed_minor >= 0),
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      payer text NOT NULL CHECK (payer IN ('platform', 'upline')),
      payer_member_id integer REFERENCES member(id),
      state text NOT NULL CHECK (state IN ('paid', 'pending_balance', 'nothing')),
      entry_id uuid,
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      UNIQUE (member_id, kind, period_start, seq),
      CHECK ((state = 'paid') = (entry_id IS NOT NULL))
    );
    CREATE INDEX agency_settlement_member ON agency_settlement (member_id, kind, period_start DESC);
    CREATE INDEX agency_settlement_pending ON agency_settlement (merchant_code) WHERE state = 'pending_balance';

    CREATE TABLE agency_application (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      name text NOT NULL,
      contact text NOT NULL,
      channel text NOT NULL,
      message text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'approved', 'rejected')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz
    );
    CREATE INDEX agency_application_merchant ON agency_application (merchant_code, created_at DESC);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE agency_application;
    DROP TABLE agency_settlement;
    DROP TABLE agency_contract;
  `.execute(db);
};
