import { type Kysely, sql } from 'kysely';

/**
 * A liability cap per number per Vietnamese draw (issue 17, docs/decisions/058):
 * - `lottery_vn_rule.liability_cap_minor`: the most the house may owe on one number of one draw
 *   (versioned with the rest of the region's rule; a bet copies nothing of it: the cap is checked
 *   as the bet lands);
 * - `lottery_vn_exposure`: what the bets of a draw would pay if a number came out, per number;
 *   raised by one conditional upsert per number, so concurrent slips never pass the cap.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE lottery_vn_rule
      ADD COLUMN liability_cap_minor bigint NOT NULL DEFAULT 100000000 CHECK (liability_cap_minor >= 1);
    CREATE TABLE lottery_vn_exposure (
      draw_id uuid NOT NULL REFERENCES lottery_vn_draw(id),
      number_key text NOT NULL CHECK (number_key ~ '^(tail|special|head):[0-9]{1,4}$'),
      liability_minor bigint NOT NULL CHECK (liability_minor >= 0),
      PRIMARY KEY (draw_id, number_key)
    );
  `.execute(db);
};
