import { type Kysely, sql } from 'kysely';

/**
 * Risk rules as licence-profile data (issue 16, docs/decisions/057): the rapid-cycle signal's
 * window and share per merchant (ADR 054 had them as constants), and whether a confirmed risk
 * flag holds the member's withdrawals until staff clear it.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE protection_profile
      ADD COLUMN risk_cycle_hours integer NOT NULL DEFAULT 24 CHECK (risk_cycle_hours BETWEEN 1 AND 168),
      ADD COLUMN risk_cycle_percent integer NOT NULL DEFAULT 80 CHECK (risk_cycle_percent BETWEEN 10 AND 100),
      ADD COLUMN risk_hold_withdrawals boolean NOT NULL DEFAULT true;
  `.execute(db);
};
