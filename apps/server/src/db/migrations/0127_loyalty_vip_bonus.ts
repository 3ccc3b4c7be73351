import { type Kysely, sql } from 'kysely';

/**
 * VIP bonuses paid by loyalty (issue 19, ADR 056): `loyalty_vip_bonus` holds one row per bonus a
 * member was given — the level-up bonus once per (member, level) reached for the first time, the
 * birthday bonus once per (member, year) — with the tier amount and rule version it copied and
 * the ledger entry that paid it. The unique key is what makes each happen once, whatever runs it
 * again (a second promotion to the level, the birthday job on two nodes).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE loyalty_vip_bonus (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      kind text NOT NULL CHECK (kind IN ('level_up', 'birthday')),
      period text NOT NULL,
      vip_level integer NOT NULL CHECK (vip_level >= 0),
      rule_version integer NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      UNIQUE (member_id, kind, period)
    );
    CREATE INDEX loyalty_vip_bonus_merchant ON loyalty_vip_bonus (merchant_code, created_at);
  `.execute(db);
};
