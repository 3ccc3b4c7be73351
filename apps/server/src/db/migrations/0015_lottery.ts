import { type Kysely, sql } from 'kysely';

/**
 * Lottery draw schedules (issue 5, spec §3 lottery menu): one row per lottery game of the
 * catalogue. The open issue (`numero`), remaining and lock seconds are computed from this and
 * the clock (catalogue/lottery-schedule.ts); a lottery game without a row gets its default
 * schedule, derived from its game code, the first time a menu lists it.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_schedule (
      node_id text PRIMARY KEY REFERENCES game(node_id) ON DELETE CASCADE,
      -- The menu group (gameGroupCode): VN, KENO, LOTTO, DIGITS, RACING, WHEEL.
      menu_tag text NOT NULL CHECK (menu_tag ~ '^[A-Z0-9_]{1,20}$'),
      -- Comma list of weekday numbers, 1 = Sunday .. 7 = Saturday.
      draw_days text NOT NULL CHECK (draw_days ~ '^[1-7](,[1-7]){0,6}$'),
      -- Minutes after local midnight of the day's first and last draw; one draw a day when
      -- interval_minutes is null.
      first_draw_minute integer NOT NULL CHECK (first_draw_minute BETWEEN 0 AND 1439),
      last_draw_minute integer NOT NULL CHECK (last_draw_minute BETWEEN first_draw_minute AND 1439),
      interval_minutes integer CHECK (interval_minutes BETWEEN 1 AND 1440),
      -- Betting closes this many seconds before a draw.
      lock_seconds integer NOT NULL CHECK (lock_seconds >= 0 AND lock_seconds < 86400),
      -- The lottery's local time (UTC offset of its draw times).
      utc_offset_minutes integer NOT NULL CHECK (utc_offset_minutes BETWEEN -720 AND 840),
      remark jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
