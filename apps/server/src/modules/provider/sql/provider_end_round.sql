-- endRound closes the round: settled when a stake or a payout remains, cancelled when both
-- are 0; a round never seen is recorded cancelled (later bets: ROUND_CLOSED).
-- Answers jsonb `{ answer, changed, mirror }`: the answer given (and stored), whether the
-- member's balance changed, and 'closed' when the mirror was refused.
-- requires: provider/provider_claim
-- requires: provider/provider_mirror
CREATE OR REPLACE FUNCTION provider_end_round(
  p_merchant text, p_vendor text, p_tx text, p_member integer, p_round text, p_hash text,
  p_currency text, p_wallet text, p_trial_types integer[], p_big_win_min bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
  v_round provider_round%ROWTYPE;
  v_status text;
  v_balance bigint;
  v_answer jsonb;
  v_mirror text;
BEGIN
  SELECT * INTO v_claim FROM provider_claim(p_merchant, p_vendor, p_tx, 'endRound', p_member, p_round,
    NULL, 0, p_hash, true, p_now);
  IF v_claim.answer IS NOT NULL THEN
    RETURN jsonb_build_object('answer', v_claim.answer, 'changed', false);
  END IF;
  SELECT * INTO v_round FROM provider_round
    WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND external_round_id = p_round
    FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO provider_round (id, merchant_code, vendor_code, external_round_id, member_id,
      game_node_id, currency, status, opened_at, last_activity_at, closed_at)
    VALUES (gen_random_uuid()::text, p_merchant, p_vendor, p_round, p_member, '', p_currency,
      'cancelled', p_now, p_now, p_now)
    ON CONFLICT (merchant_code, vendor_code, external_round_id) DO NOTHING;
  ELSIF v_round.member_id <> p_member THEN
    RAISE EXCEPTION 'BAD_REQUEST' USING ERRCODE = 'KHP01';
  ELSIF v_round.status = 'open' THEN
    v_status := CASE WHEN v_round.stake = 0 AND v_round.payout = 0 THEN 'cancelled' ELSE 'settled' END;
    UPDATE provider_round SET status = v_status, closed_at = p_now, last_activity_at = p_now
      WHERE id = v_round.id
      RETURNING * INTO v_round;
  END IF;
  SELECT balance INTO STRICT v_balance FROM ledger_account WHERE id = p_wallet;
  IF v_status IS NOT NULL THEN
    v_mirror := provider_mirror(v_round, NULL, NULL, v_balance, v_balance, v_status,
      v_claim.member_type = ANY (p_trial_types), p_big_win_min, NULL, p_now);
  END IF;
  v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance, 'currency', p_currency);
  UPDATE provider_tx SET answer = v_answer, updated_at = p_now
    WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx;
  RETURN jsonb_build_object('answer', v_answer, 'changed', false, 'mirror', v_mirror);
END;
$$;
