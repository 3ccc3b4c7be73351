-- The seamless-wallet callbacks bet, win and endRound are one statement each
-- (docs/decisions/010-provider-api.md, "One statement per callback"). Refusals that store nothing
-- (INVALID_TOKEN, BAD_REQUEST) raise SQLSTATE `KHP01` with the code as message, so the claim rolls
-- back with the statement; stored refusals are answers.
--
-- The start of every callback: the member of this merchant (UNKNOWN_PLAYER), then the claim of
-- the txId. A used txId answers its stored answer when the data and the member match; else,
-- after the game check (BAD_REQUEST), a bet matching its tombstone takes the tombstone's
-- answer (TX_ROLLED_BACK) and its hash, and anything else is DUPLICATE_CONFLICT. Answers
-- the answer for a used txId, null for a claimed one; the member's status and type come back
-- in the OUT parameters.
CREATE OR REPLACE FUNCTION provider_claim(
  p_merchant text, p_vendor text, p_tx text, p_action text, p_member integer, p_round text,
  p_ref_tx text, p_amount bigint, p_hash text, p_game_ok boolean, p_now timestamptz,
  OUT answer jsonb, OUT member_status text, OUT member_type integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_tx provider_tx%ROWTYPE;
BEGIN
  SELECT m.status, m.type INTO member_status, member_type FROM member m
    WHERE m.id = p_member AND m.merchant_code = p_merchant;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'UNKNOWN_PLAYER' USING ERRCODE = 'KHP01';
  END IF;
  INSERT INTO provider_tx (merchant_code, vendor_code, tx_id, action, member_id, round_id, ref_tx_id,
    amount, request_hash, state, answer, created_at, updated_at)
  VALUES (p_merchant, p_vendor, p_tx, p_action, p_member, p_round, p_ref_tx, p_amount, p_hash,
    'applied', '{}', p_now, p_now)
  ON CONFLICT (merchant_code, vendor_code, tx_id) DO NOTHING;
  IF FOUND THEN
    IF NOT p_game_ok THEN
      RAISE EXCEPTION 'BAD_REQUEST' USING ERRCODE = 'KHP01';
    END IF;
    RETURN;
  END IF;
  SELECT * INTO v_tx FROM provider_tx
    WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx
    FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'provider transaction vanished after a conflict';
  END IF;
  IF v_tx.request_hash = p_hash AND v_tx.member_id = p_member THEN
    answer := v_tx.answer;
    RETURN;
  END IF;
  IF NOT p_game_ok THEN
    RAISE EXCEPTION 'BAD_REQUEST' USING ERRCODE = 'KHP01';
  END IF;
  IF v_tx.state = 'tombstone' AND p_action = 'bet' AND v_tx.member_id = p_member
    AND v_tx.request_hash IS NULL
  THEN
    UPDATE provider_tx SET request_hash = p_hash, updated_at = p_now
      WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx;
    answer := v_tx.answer;
    RETURN;
  END IF;
  answer := jsonb_build_object('status', 'ERROR', 'code', 'DUPLICATE_CONFLICT');
END;
$$;
