-- A bet: for a new txId only, the vendor session (INVALID_TOKEN, nothing stored), then the round
-- (ROUND_CLOSED), the player (PLAYER_BLOCKED: any status but active) and the funds
-- (INSUFFICIENT_FUNDS: the ledger post in a subtransaction), each refusal stored; else the
-- stake moves, the round and its record take it, and the answer is stored.
-- Answers jsonb `{ answer, changed, mirror }`: the answer given (and stored), whether the
-- member's balance changed, and 'closed' when the mirror was refused.
-- requires: provider/provider_claim
-- requires: provider/provider_mirror
-- requires: wallet/ledger_post
CREATE OR REPLACE FUNCTION provider_bet(
  p_merchant text, p_vendor text, p_tx text, p_member integer, p_round text, p_game text,
  p_game_type text, p_game_ok boolean, p_amount bigint, p_hash text, p_token_hash text,
  p_currency text, p_wallet text, p_entry text, p_key text, p_kind text, p_ledger_hash text,
  p_metadata jsonb, p_accounts text[], p_amounts bigint[], p_trial_types integer[],
  p_big_win_min bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
  v_round provider_round%ROWTYPE;
  v_have_round boolean;
  v_refused text;
  v_posted jsonb;
  v_line jsonb;
  v_entry text;
  v_after bigint;
  v_answer jsonb;
  v_mirror text;
BEGIN
  SELECT * INTO v_claim FROM provider_claim(p_merchant, p_vendor, p_tx, 'bet', p_member, p_round, NULL,
    p_amount, p_hash, p_game_ok, p_now);
  IF v_claim.answer IS NOT NULL THEN
    RETURN jsonb_build_object('answer', v_claim.answer, 'changed', false);
  END IF;
  -- Only a new bet needs a live session: a repeat is answered from its record even after expiry.
  PERFORM FROM provider_session s
    WHERE s.token_hash = p_token_hash AND s.merchant_code = p_merchant AND s.vendor_code = p_vendor
      AND s.member_id = p_member AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'INVALID_TOKEN' USING ERRCODE = 'KHP01';
  END IF;
  SELECT * INTO v_round FROM provider_round
    WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND external_round_id = p_round
    FOR UPDATE;
  v_have_round := FOUND;
  IF v_have_round AND v_round.member_id <> p_member THEN
    RAISE EXCEPTION 'BAD_REQUEST' USING ERRCODE = 'KHP01';
  END IF;
  IF v_have_round AND v_round.status <> 'open' THEN
    v_refused := 'ROUND_CLOSED';
  ELSIF v_claim.member_status <> 'active' THEN
    v_refused := 'PLAYER_BLOCKED';
  ELSE
    BEGIN
      v_posted := ledger_post(p_entry, p_merchant, p_key, p_kind, p_ledger_hash, NULL, p_metadata,
        p_now, p_accounts, p_amounts);
    EXCEPTION WHEN SQLSTATE 'KH409' THEN
      v_refused := 'INSUFFICIENT_FUNDS';
    END;
  END IF;
  IF v_refused IS NOT NULL THEN
    v_answer := jsonb_build_object('status', 'ERROR', 'code', v_refused);
    UPDATE provider_tx SET state = 'refused', answer = v_answer, updated_at = p_now
      WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx;
    RETURN jsonb_build_object('answer', v_answer, 'changed', false);
  END IF;
  IF v_posted ->> 'status' = 'conflict' THEN
    RAISE EXCEPTION 'idempotency.conflict: ledger key % used with another request', p_key;
  END IF;
  v_entry := CASE WHEN v_posted ->> 'status' = 'replayed' THEN v_posted ->> 'id' ELSE p_entry END;
  -- The wallet's line is the first (the caller's order, kept by ledger_post).
  v_line := v_posted -> 'lines' -> 0;
  IF v_line ->> 0 IS DISTINCT FROM p_wallet THEN
    RAISE EXCEPTION 'ledger entry without the member line first';
  END IF;
  v_after := (v_line ->> 3)::bigint;
  IF v_have_round THEN
    UPDATE provider_round SET stake = stake + p_amount, last_activity_at = p_now
      WHERE id = v_round.id
      RETURNING * INTO v_round;
  ELSE
    -- Created open on first sight; a racing creator's row gets the stake added.
    INSERT INTO provider_round AS r (id, merchant_code, vendor_code, external_round_id, member_id,
      game_node_id, currency, status, stake, payout, has_result, opened_at, last_activity_at)
    VALUES (gen_random_uuid()::text, p_merchant, p_vendor, p_round, p_member, p_game, p_currency,
      'open', p_amount, 0, false, p_now, p_now)
    ON CONFLICT (merchant_code, vendor_code, external_round_id) DO UPDATE SET
      stake = r.stake + excluded.stake, payout = r.payout + excluded.payout,
      has_result = r.has_result OR excluded.has_result,
      status = CASE WHEN r.status = 'cancelled' AND excluded.payout > 0 THEN 'settled' ELSE r.status END,
      last_activity_at = excluded.last_activity_at
    RETURNING * INTO v_round;
  END IF;
  v_mirror := provider_mirror(v_round, p_amount, NULL, v_after + p_amount, v_after, NULL,
    v_claim.member_type = ANY (p_trial_types), p_big_win_min,
    CASE WHEN v_round.game_node_id = p_game THEN p_game_type END, p_now);
  v_answer := jsonb_build_object('status', 'OK', 'balance', v_after, 'currency', p_currency,
    'txId', v_entry);
  UPDATE provider_tx SET answer = v_answer, entry_id = v_entry, updated_at = p_now
    WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx;
  RETURN jsonb_build_object('answer', v_answer, 'changed', true, 'mirror', v_mirror);
END;
$$;
