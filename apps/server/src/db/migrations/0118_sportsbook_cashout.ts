import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook cash-out (issue 21, ADR 050), in the sportsbook module:
 * - `sb_rule.cashout_enabled`, `sb_rule.cashout_margin_bp`: per merchant and versioned like the
 *   rest of the rule; a bet keeps the rule in force when it was placed, so its cash-out margin too.
 * - `sb_bet.result` may be `cashed_out`: the bet settled by the member's accepted offer (its
 *   `payout_minor` is the amount credited), never settled or resettled by a result afterwards.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE sb_rule
      ADD COLUMN cashout_enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN cashout_margin_bp integer NOT NULL DEFAULT 500 CHECK (cashout_margin_bp BETWEEN 0 AND 5000);

    ALTER TABLE sb_bet DROP CONSTRAINT sb_bet_result_check;
    ALTER TABLE sb_bet ADD CONSTRAINT sb_bet_result_check
      CHECK (result IN ('won', 'lost', 'void', 'half_won', 'half_lost', 'push', 'cashed_out'));
  `.execute(db);
};
