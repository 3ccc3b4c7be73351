import { type Kysely, sql } from 'kysely';

/**
 * The ledger's post in one statement (docs/decisions/007-ledger.md, "One round trip"):
 * `ledger_post(...)` claims the idempotency key, locks the accounts in id order, applies the
 * guarded balance changes and writes the lines, in one call instead of six or more round trips.
 * It raises SQLSTATE `KH409` when a guarded account would go negative and `KH500` when the
 * caller broke a rule of the ledger (an unknown or foreign account, lines not summing to zero);
 * a key used before answers `replayed` with the first entry, or `conflict` when the request differs.
 *
 * The commit-time balance check (`journal_entry_balanced`) now runs once per entry: a line written
 * by the same (sub)transaction as its entry is left to the entry's own check, and the three
 * queries are one. A line added later to an entry of another transaction is still checked.
 */
/**
 * The commit-time balance check as this migration writes it; 0019 replaces it, and its `down`
 * writes this one back.
 */
export const journalEntryBalanced = sql`
    CREATE OR REPLACE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      entry text := to_jsonb(NEW) ->> TG_ARGV[0];
      line_count integer;
      foreign_line boolean;
    BEGIN
      -- A line written in the same (sub)transaction as its entry: the entry's check covers it.
      IF TG_TABLE_NAME = 'journal_line' AND EXISTS (
        SELECT 1 FROM journal_entry e JOIN journal_line l ON l.entry_id = e.id
        WHERE e.id = entry AND l.line_no = (to_jsonb(NEW) ->> 'line_no')::smallint AND l.xmin = e.xmin
      ) THEN
        RETURN NULL;
      END IF;
      SELECT count(*), coalesce(bool_or(a.merchant_code <> e.merchant_code), false)
        INTO line_count, foreign_line
        FROM journal_line l
        JOIN ledger_account a ON a.id = l.account_id
        JOIN journal_entry e ON e.id = l.entry_id
        WHERE l.entry_id = entry;
      IF line_count < 2 THEN
        RAISE EXCEPTION 'journal entry % has fewer than two lines', entry USING ERRCODE = 'check_violation';
      END IF;
      IF foreign_line THEN
        RAISE EXCEPTION 'journal entry % moves another merchant''s account', entry USING ERRCODE = 'check_violation';
      END IF;
      IF EXISTS (SELECT 1 FROM journal_line WHERE entry_id = entry GROUP BY currency HAVING sum(amount) <> 0) THEN
        RAISE EXCEPTION 'journal entry % does not sum to zero', entry USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END;
    $$;
`;

/** `ledger_post`'s parameter types, as `ALTER FUNCTION` and `DROP FUNCTION` name it. */
export const LEDGER_POST_ARGS = 'text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[]';

/** `ledger_post`'s signature, as every version of the function (0017, 0020, 0021) declares it. */
export const LEDGER_POST_HEAD = `    CREATE OR REPLACE FUNCTION ledger_post(
      p_id text, p_merchant text, p_key text, p_kind text, p_hash text, p_reverses text,
      p_metadata jsonb, p_at timestamptz, p_accounts text[], p_amounts bigint[]
    ) RETURNS jsonb LANGUAGE plpgsql AS $$`;

/**
 * `ledger_post`'s answer when the key was used before (`first_entry` holds that entry): `conflict`
 * when the request differs, else `replayed` with the first entry and its lines. Shared by every
 * version of the function (0017, 0020, 0021).
 */
export const LEDGER_POST_REPLAY = `        SELECT * INTO first_entry FROM journal_entry
          WHERE merchant_code = p_merchant AND idempotency_key = p_key;
        IF first_entry.request_hash <> p_hash THEN
          RETURN jsonb_build_object('status', 'conflict');
        END IF;
        RETURN jsonb_build_object(
          'status', 'replayed', 'id', first_entry.id, 'kind', first_entry.kind,
          'createdAt', first_entry.created_at, 'metadata', first_entry.metadata,
          'lines', (SELECT jsonb_agg(jsonb_build_array(l.account_id, l.currency, l.amount::text, l.balance_after::text)
                      ORDER BY l.line_no)
                    FROM journal_line l WHERE l.entry_id = first_entry.id));`;

/**
 * `ledger_post` as this migration writes it (`markEntry: false`), and as 0020 writes it
 * (`markEntry: true`: a new entry's id is kept in the transaction-local setting
 * `khela.ledger_entry`, so that its lines do not queue a commit-time check of their own).
 */
export const ledgerPostFunction = ({ markEntry }: { markEntry: boolean }) =>
  sql.raw(`
${LEDGER_POST_HEAD}
    DECLARE
      first_entry journal_entry%ROWTYPE;
      locked integer;
      posted jsonb;
    BEGIN
      INSERT INTO journal_entry (id, merchant_code, idempotency_key, kind, request_hash, reverses, metadata, created_at)
      VALUES (p_id, p_merchant, p_key, p_kind, p_hash, p_reverses, p_metadata, p_at)
      ON CONFLICT (merchant_code, idempotency_key) DO NOTHING;
      IF ${markEntry ? 'FOUND' : 'NOT FOUND'} THEN${
        markEntry
          ? `
        -- This entry is new: its lines, written below, are covered by its own commit-time check.
        PERFORM set_config('khela.ledger_entry', p_id, true);
      ELSE`
          : ''
      }
${LEDGER_POST_REPLAY}
      END IF;

      -- Row locks in one global order (account id), whatever the order of the lines; only
      -- accounts of the entry's merchant.
      SELECT count(*) INTO locked FROM (
        SELECT 1 FROM ledger_account
        WHERE id = ANY (p_accounts) AND merchant_code = p_merchant
        ORDER BY id FOR UPDATE
      ) AS a;
      IF locked <> cardinality(p_accounts) THEN
        RAISE EXCEPTION 'an entry moves existing accounts of its own merchant only' USING ERRCODE = 'KH500';
      END IF;

      WITH moves AS (
        SELECT m.account_id, m.amount, m.ord
        FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS m(account_id, amount, ord)
      ), changed AS (
        UPDATE ledger_account a SET balance = a.balance + moves.amount
        FROM moves
        WHERE a.id = moves.account_id AND (NOT a.guarded OR a.balance + moves.amount >= 0)
        RETURNING a.id, a.currency, a.balance
      ), written AS (
        INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
        SELECT p_id, (moves.ord - 1)::smallint, moves.account_id, changed.currency, moves.amount, changed.balance
        FROM moves JOIN changed ON changed.id = moves.account_id
        RETURNING line_no, account_id, currency, amount, balance_after
      )
      SELECT jsonb_agg(jsonb_build_array(account_id, currency, amount::text, balance_after::text) ORDER BY line_no)
        INTO posted FROM written;
      IF coalesce(jsonb_array_length(posted), 0) <> cardinality(p_accounts) THEN
        RAISE EXCEPTION 'a guarded account would go negative' USING ERRCODE = 'KH409';
      END IF;
      IF EXISTS (
        SELECT 1 FROM jsonb_array_elements(posted) AS l
        GROUP BY l ->> 1 HAVING sum((l ->> 2)::bigint) <> 0
      ) THEN
        RAISE EXCEPTION 'the lines of an entry sum to zero per currency' USING ERRCODE = 'KH500';
      END IF;
      RETURN jsonb_build_object('status', 'posted', 'lines', posted);
    END;
    $$;
`);

export const up = async (db: Kysely<unknown>) => {
  await sql`
    ${ledgerPostFunction({ markEntry: false })}

    ${journalEntryBalanced}
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`DROP FUNCTION ledger_post(text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[])`.execute(
    db,
  );
};
