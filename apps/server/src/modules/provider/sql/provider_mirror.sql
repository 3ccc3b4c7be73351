-- The mirror of a provider round into the games module's `game_round` (the provider's use of
-- games/rounds.ts openOrGetRound, addToRound, settleRound with the winner-board row, cancelRound),
-- used by the callbacks, the rollback and the sweeper (docs/decisions/010-provider-api.md). It
-- answers 'closed' when the games module's rule refuses the change on a closed record (a stake
-- change on a settled round, a payout on a cancelled one): the caller logs it, the ledger and
-- provider_round keep it.
CREATE OR REPLACE FUNCTION provider_mirror(
  p_round provider_round, p_stake bigint, p_payout bigint, p_before bigint, p_after bigint,
  p_close text, p_trial boolean, p_big_win_min bigint, p_game_type text, p_now timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_record game_round%ROWTYPE;
  v_record_id uuid := p_round.game_round_id::uuid;
  v_record_member integer;
  v_game_type text := p_game_type;
  v_game_found boolean := p_game_type IS NOT NULL;
  v_stake bigint := coalesce(p_stake, 0);
  v_payout bigint := coalesce(p_payout, 0);
  v_initial boolean;
  v_added boolean := false;
BEGIN
  IF v_record_id IS NULL THEN
    IF p_stake IS NULL AND p_payout IS NULL AND p_close IS NULL THEN
      RETURN NULL;
    END IF;
    -- openOrGetRound: the first movement creates the record with its amounts (when >= 0).
    IF NOT v_game_found THEN
      SELECT g.game_type INTO v_game_type FROM game g WHERE g.node_id = p_round.game_node_id;
      v_game_found := FOUND;
    END IF;
    v_initial := v_stake >= 0 AND v_payout >= 0;
    INSERT INTO game_round (id, merchant_code, member_id, mode, vendor_code, game_node_id, game_type,
      external_round_id, status, currency, stake_minor, payout_minor, balance_before_minor,
      balance_after_minor, opened_at, updated_at)
    VALUES (gen_random_uuid(), p_round.merchant_code, p_round.member_id, 'real', p_round.vendor_code,
      CASE WHEN v_game_found THEN p_round.game_node_id END, coalesce(v_game_type, 'RNG'),
      p_round.external_round_id, 'open', p_round.currency,
      CASE WHEN v_initial THEN v_stake ELSE 0 END, CASE WHEN v_initial THEN v_payout ELSE 0 END,
      p_before, CASE WHEN v_initial THEN p_after ELSE p_before END, p_now, p_now)
    ON CONFLICT (merchant_code, vendor_code, external_round_id) WHERE external_round_id IS NOT NULL
      DO NOTHING
    RETURNING id INTO v_record_id;
    IF v_record_id IS NOT NULL THEN
      v_added := v_initial;
    ELSE
      SELECT id, member_id INTO v_record_id, v_record_member FROM game_round
        WHERE merchant_code = p_round.merchant_code AND vendor_code = p_round.vendor_code
          AND external_round_id = p_round.external_round_id;
      IF v_record_id IS NULL THEN
        RAISE EXCEPTION 'game round vanished after a conflict';
      END IF;
      IF v_record_member IS DISTINCT FROM p_round.member_id THEN
        RAISE EXCEPTION 'game.round.conflict: round % of another member', p_round.external_round_id;
      END IF;
    END IF;
    UPDATE provider_round SET game_round_id = v_record_id::text, last_activity_at = p_now
      WHERE id = p_round.id;
  END IF;

  -- addToRound: refused on a cancelled record, and a stake change on a settled one (the
  -- update's condition; it locks the row like the games module's SELECT FOR UPDATE).
  IF NOT v_added AND (v_stake <> 0 OR v_payout <> 0 OR p_close IS NULL) THEN
    UPDATE game_round SET stake_minor = stake_minor + v_stake, payout_minor = payout_minor + v_payout,
      balance_after_minor = p_after, updated_at = p_now
      WHERE id = v_record_id AND status <> 'cancelled' AND (status <> 'settled' OR v_stake = 0);
    IF NOT FOUND THEN
      PERFORM FROM game_round WHERE id = v_record_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'game round % not found', v_record_id;
      END IF;
      RETURN 'closed';
    END IF;
  END IF;

  IF p_close = 'settled' THEN
    -- settleRound (refused on a cancelled record), then the winner board (recordBigWin): a real
    -- round of a catalogue game paying at least the merchant's threshold, not of a trial account.
    UPDATE game_round SET status = 'settled', balance_after_minor = p_after,
      settled_at = coalesce(settled_at, p_now), updated_at = p_now
      WHERE id = v_record_id AND status <> 'cancelled'
      RETURNING * INTO v_record;
    IF NOT FOUND THEN
      PERFORM FROM game_round WHERE id = v_record_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'game round % not found', v_record_id;
      END IF;
      RETURN 'closed';
    END IF;
    IF v_record.mode = 'real' AND v_record.member_id IS NOT NULL AND v_record.game_node_id IS NOT NULL
      AND v_record.payout_minor > 0 AND NOT p_trial
      AND v_record.payout_minor >= coalesce(
        (SELECT s.big_win_min_minor FROM games_setting s WHERE s.merchant_code = v_record.merchant_code),
        p_big_win_min)
    THEN
      INSERT INTO game_win (merchant_code, member_id, node_id, round_ref, bet_amount, win_amount, won_at)
      VALUES (v_record.merchant_code, v_record.member_id, v_record.game_node_id, v_record.id::text,
        v_record.stake_minor::numeric / 100, v_record.payout_minor::numeric / 100, v_record.settled_at)
      ON CONFLICT (round_ref) DO NOTHING;
    END IF;
  ELSIF p_close = 'cancelled' THEN
    -- cancelRound: idempotent on a cancelled record, refused on a settled one.
    UPDATE game_round SET status = 'cancelled', cancel_reason = 'provider.cancelled',
      balance_after_minor = p_after, settled_at = p_now, updated_at = p_now
      WHERE id = v_record_id AND status = 'open';
    IF NOT FOUND THEN
      SELECT * INTO v_record FROM game_round WHERE id = v_record_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'game round % not found', v_record_id;
      END IF;
      IF v_record.status = 'settled' THEN
        RETURN 'closed';
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
