import { type Kysely, sql } from 'kysely';
import { journalEntryBalanced } from './0017_ledger_post';

/**
 * Wallet transfers in one statement, and cheaper ledger posts on PostgreSQL
 * (docs/decisions/020-wallet-transfer-throughput.md). Every rule stays; what changes is how much
 * work the database does per entry:
 *
 * - `wallet_transfer(...)`: a transfer in one round trip instead of three: the member's session
 *   (when `p_token_hash` is given: the wallet route's fast path, see wallet/routes.ts), the vendor
 *   check (the enabled vendor whose wallet has this account type, the first by code, must be the
 *   one the caller built the entry for) and `ledger_post`. A session that does not pass answers
 *   `{ status: 'session' }`, a different or no vendor `{ status: 'vendor', vendorCode }`; both
 *   post nothing and write nothing.
 * - `journal_entry_balanced` (the deferred commit-time check, 0017): the same checks, but the
 *   merchant of each line's account is read through its key. The join it replaces was planned,
 *   once per session, as a sequential scan of `ledger_account`, whose few hot rows leave pages of
 *   dead versions behind them: most of a transfer's cost under load.
 * - `ledger_account_fixed` (0005: only the balance of an account changes) fires only for updates
 *   that name another column. An update that sets nothing but the balance cannot change another
 *   column (there is no other BEFORE UPDATE trigger on the table), so the rule is the same; it
 *   no longer runs a PL/pgSQL call per balance change.
 * - `ledger_post` keeps generic plans: with array arguments the plan cache judged custom plans
 *   cheaper and planned its CTE again on every call.
 */
/** The commit-time balance check as this migration writes it; 0020's `down` writes it back. */
export const journalEntryBalanced0019 = sql`
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
      -- Each line's account by its key (every line has one: foreign key), never a scan of the
      -- accounts.
      SELECT count(*), coalesce(bool_or(
          (SELECT a.merchant_code FROM ledger_account a WHERE a.id = l.account_id) <> e.merchant_code), false)
        INTO line_count, foreign_line
        FROM journal_entry e JOIN journal_line l ON l.entry_id = e.id
        WHERE e.id = entry;
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

/**
 * The vendor check of `wallet_transfer` as this migration writes it: the enabled vendor whose
 * wallet has this account type, the first by code, read from `vendor` (0022 reads it from
 * `wallet_type_vendor`, kept by a trigger on `vendor`).
 */
export const VENDOR_OF_TYPE_0019 = `      SELECT v.code INTO v_code FROM vendor v
        WHERE v.account_type_id = p_vendor_type AND v.enabled
        ORDER BY v.code LIMIT 1;`;

/** `wallet_transfer` with the given vendor check (it sets `v_code`); 0019 and 0022 write it. */
export const walletTransferFunction = (vendorLookup: string) =>
  sql.raw(`
    CREATE OR REPLACE FUNCTION wallet_transfer(
      p_token_hash text, p_member integer, p_idle_after timestamptz, p_touch_before timestamptz,
      p_password_after timestamptz, p_trial_types integer[],
      p_vendor_type integer, p_vendor_code text,
      p_id text, p_merchant text, p_key text, p_kind text, p_hash text, p_reverses text,
      p_metadata jsonb, p_at timestamptz, p_accounts text[], p_amounts bigint[]
    ) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      v_seen timestamptz;
      v_code text;
    BEGIN
      IF p_token_hash IS NOT NULL THEN
        -- The session, read in the transfer's own statement: live (not revoked, not past its end,
        -- used within the idle time) and of p_member, a member of this merchant who is active, not
        -- a trial account and not due to change the password (expired counts, whatever the brand
        -- forces: when in doubt the caller takes the full path of the identity module).
        SELECT s.last_seen_at INTO v_seen FROM member_session s JOIN member m ON m.id = s.member_id
          WHERE s.token_hash = p_token_hash AND s.member_id = p_member AND s.revoked_at IS NULL
            AND p_at < s.expires_at AND s.last_seen_at > p_idle_after
            AND m.merchant_code = p_merchant AND m.status = 'active' AND NOT (m.type = ANY (p_trial_types))
            AND NOT m.must_change_password AND m.password_changed_at >= p_password_after;
        IF NOT FOUND THEN
          RETURN jsonb_build_object('status', 'session');
        END IF;
        -- Sliding idle expiry, as the identity module writes it: at most once a minute.
        IF v_seen <= p_touch_before THEN
          UPDATE member_session SET last_seen_at = p_at WHERE token_hash = p_token_hash;
        END IF;
      END IF;
${vendorLookup}
      IF v_code IS DISTINCT FROM p_vendor_code THEN
        RETURN jsonb_build_object('status', 'vendor', 'vendorCode', v_code);
      END IF;
      RETURN ledger_post(p_id, p_merchant, p_key, p_kind, p_hash, p_reverses, p_metadata, p_at,
        p_accounts, p_amounts);
    END;
    $$;
`);

export const up = async (db: Kysely<unknown>) => {
  await sql`
    ${journalEntryBalanced0019}

    DROP TRIGGER ledger_account_fixed ON ledger_account;
    CREATE TRIGGER ledger_account_fixed
      BEFORE UPDATE OF id, merchant_code, currency, kind, member_id, vendor_code, owner_key, guarded, created_at
      ON ledger_account FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();

    ALTER FUNCTION ledger_post(text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[])
      SET plan_cache_mode = force_generic_plan;

    ${walletTransferFunction(VENDOR_OF_TYPE_0019)}
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP FUNCTION wallet_transfer(text, integer, timestamptz, timestamptz, timestamptz, integer[], integer, text, text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[]);
    ALTER FUNCTION ledger_post(text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[])
      RESET plan_cache_mode;
    DROP TRIGGER ledger_account_fixed ON ledger_account;
    CREATE TRIGGER ledger_account_fixed BEFORE UPDATE ON ledger_account
      FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();
    ${journalEntryBalanced}
  `.execute(db);
};
