import { type Kysely, sql } from 'kysely';

/**
 * Cashier additions (issue 6 follow-up):
 * - `journal_line.seq`: a number drawn from a sequence when the line is written. The ledger writes
 *   a line after it has locked the line's account, so for one account `seq` follows the order the
 *   balance changed in; the withdrawable-funds rule (demo credit and bonuses spent last) walks a
 *   member's lines in that order. Existing lines are numbered in their entries' time order.
 * - Per-member cashier limits set by risk (`cashier_member_limit`: daily deposit amount, daily
 *   withdrawal amount and count; NULL = the merchant default) and the merchant defaults on
 *   `cashier_setting` (NULL = no limit). "Daily" is the last 24 hours.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE SEQUENCE journal_line_seq AS bigint;
    ALTER TABLE journal_line ADD COLUMN seq bigint;
    -- Numbering the existing lines is a rewrite, not a change of what they say: the table's
    -- triggers (the append-only one, where the database has it already) are set aside for this one
    -- statement of the migration.
    ALTER TABLE journal_line DISABLE TRIGGER USER;
    UPDATE journal_line l SET seq = o.n FROM (
      SELECT l2.entry_id, l2.line_no,
             row_number() OVER (ORDER BY e.created_at, e.id, l2.line_no) AS n
      FROM journal_line l2 JOIN journal_entry e ON e.id = l2.entry_id
    ) o WHERE o.entry_id = l.entry_id AND o.line_no = l.line_no;
    ALTER TABLE journal_line ENABLE TRIGGER USER;
    SELECT setval('journal_line_seq', coalesce((SELECT max(seq) FROM journal_line), 0) + 1, false);
    ALTER TABLE journal_line ALTER COLUMN seq SET DEFAULT nextval('journal_line_seq');
    ALTER TABLE journal_line ALTER COLUMN seq SET NOT NULL;
    ALTER SEQUENCE journal_line_seq OWNED BY journal_line.seq;

    ALTER TABLE cashier_setting
      ADD COLUMN daily_deposit_max bigint CHECK (daily_deposit_max > 0),
      ADD COLUMN daily_withdraw_max bigint CHECK (daily_withdraw_max > 0),
      ADD COLUMN daily_withdraw_count integer CHECK (daily_withdraw_count BETWEEN 1 AND 1000);

    CREATE TABLE cashier_member_limit (
      member_id integer PRIMARY KEY REFERENCES member(id),
      daily_deposit_max bigint CHECK (daily_deposit_max > 0),
      daily_withdraw_max bigint CHECK (daily_withdraw_max > 0),
      daily_withdraw_count integer CHECK (daily_withdraw_count BETWEEN 1 AND 1000),
      updated_at timestamptz NOT NULL,
      updated_by text NOT NULL
    );
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE cashier_member_limit;
    ALTER TABLE cashier_setting DROP COLUMN daily_deposit_max, DROP COLUMN daily_withdraw_max,
      DROP COLUMN daily_withdraw_count;
    ALTER TABLE journal_line DROP COLUMN seq;
  `.execute(db);
};
