-- A transfer between a member's main and vendor wallets in one statement
-- (docs/decisions/020-wallet-transfer-throughput.md, 025): the member's session when a token hash
-- is given (the wallet route's fast path, wallet/routes.ts), the vendor check, then `ledger_post`.
--
-- The session is read by the identity module's `session_member` (its one definition of a live
-- session, with the times identity/sessions.ts passes: p_idle_after, p_touch_before). The route
-- checked its rules (trial accounts, a pending password change) on the member it remembered, so
-- the session must be that member's and the columns those rules read unchanged since
-- (p_member_type, p_must_change_password, p_password_changed_at: to the millisecond, as the
-- server holds times). Otherwise it answers
-- `{ status: 'session' }` and the caller has the identity module decide.
-- The vendor: the enabled vendor whose wallet has this account type (`wallet_type_vendor`) must be
-- the one the caller built the entry for; else `{ status: 'vendor', vendorCode }` (the current
-- one, or null). Both refusals post nothing and write nothing but the session's last use.
-- requires: identity/session_member
-- requires: wallet/ledger_post
CREATE OR REPLACE FUNCTION wallet_transfer(
  p_token_hash text, p_idle_after timestamptz, p_touch_before timestamptz,
  p_member integer, p_member_type integer, p_must_change_password boolean, p_password_changed_at timestamptz,
  p_vendor_type integer, p_vendor_code text,
  p_id text, p_merchant text, p_key text, p_kind text, p_hash text, p_reverses text,
  p_metadata jsonb, p_at timestamptz, p_accounts text[], p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
  v_code text;
BEGIN
  IF p_token_hash IS NOT NULL THEN
    v_session := session_member(p_token_hash, p_merchant, p_at, p_idle_after, p_touch_before);
    IF v_session.member_id IS DISTINCT FROM p_member OR v_session.member_type IS DISTINCT FROM p_member_type
       OR v_session.must_change_password IS DISTINCT FROM p_must_change_password
       OR date_trunc('milliseconds', v_session.password_changed_at) IS DISTINCT FROM p_password_changed_at THEN
      RETURN jsonb_build_object('status', 'session');
    END IF;
  END IF;
  SELECT w.vendor_code INTO v_code FROM wallet_type_vendor w WHERE w.account_type_id = p_vendor_type;
  IF v_code IS DISTINCT FROM p_vendor_code THEN
    RETURN jsonb_build_object('status', 'vendor', 'vendorCode', v_code);
  END IF;
  RETURN ledger_post(p_id, p_merchant, p_key, p_kind, p_hash, p_reverses, p_metadata, p_at,
    p_accounts, p_amounts);
END;
$$;
