import { type Kysely, sql } from 'kysely';

/**
 * Play activity (docs/decisions/035-play-activity.md): `play_hourly` rolls up every real-money
 * stake, payout and refund of every vertical per member, product (the catalogue game type) and UTC
 * hour, upserted inside the transaction that moves the money. Turnover = stake − refund; GGR =
 * stake − refund − payout. Rebates, points, VIP, missions and agent salaries read it set-based.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE play_hourly (
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      product text NOT NULL CHECK (product IN
        ('RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT')),
      hour timestamptz NOT NULL CHECK (date_trunc('hour', hour) = hour),
      stake_minor bigint NOT NULL DEFAULT 0 CHECK (stake_minor >= 0),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      refund_minor bigint NOT NULL DEFAULT 0 CHECK (refund_minor >= 0),
      bets integer NOT NULL DEFAULT 0 CHECK (bets >= 0),
      PRIMARY KEY (member_id, product, hour)
    );
    CREATE INDEX play_hourly_merchant_hour ON play_hourly (merchant_code, hour);
  `.execute(db);
};
