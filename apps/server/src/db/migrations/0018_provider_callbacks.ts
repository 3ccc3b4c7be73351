import { type Kysely, sql } from 'kysely';

/**
 * The seamless-wallet callbacks bet, win and endRound in one statement each
 * (docs/decisions/010-provider-api.md, "One statement per callback"): `provider_bet`,
 * `provider_win` and `provider_end_round` claim the txId, lock the round, post to the ledger
 * (through `ledger_post`, 0017, with the entry the caller built and hashed in
 * `wallet/ledger.ts`), update `provider_round`, mirror it into `game_round` and store the answer,
 * in one round trip instead of ten or eleven. PL/pgSQL keeps each inner statement's plan, which
 * on PGlite (one single-threaded session, every client statement parsed, planned and wrapped)
 * is most of a callback's cost. The rules are those of apps/server/src/modules/provider/service.ts
 * before this migration, statement for statement, in the same order (same locks on PostgreSQL).
 *
 * `provider_mirror` is the mirror of a provider round into the games module's `game_round`
 * (the provider's use of games/rounds.ts openOrGetRound, addToRound, settleRound with the
 * winner-board row, cancelRound), used by these functions and by the rollback and the sweeper.
 * It answers 'closed' when the games module's rule refuses the change on a closed record (a stake
 * change on a settled round, a payout on a cancelled one): the caller logs it, the ledger and
 * provider_round keep it.
 *
 * Refusals that store nothing (INVALID_TOKEN, BAD_REQUEST) raise SQLSTATE `KHP01` with the code as
 * message, so the claim rolls back with the statement. Stored refusals are answers.
 * Every function answers jsonb `{ answer, changed, mirror }`: the answer given (and stored),
 * whether the member's balance changed, and 'closed' when the mirror was refused.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE FUNCTION provider_mirror(
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

    -- The start of every callback: the member of this merchant (UNKNOWN_PLAYER), then the claim of
    -- the txId. A used txId answers its stored answer when the data and the member match; else,
    -- after the game check (BAD_REQUEST), a bet matching its tombstone takes the tombstone's
    -- answer (TX_ROLLED_BACK) and its hash, and anything else is DUPLICATE_CONFLICT. Answers
    -- the answer for a used txId, null for a claimed one; the member's status and type come back
    -- in the OUT parameters.
    CREATE FUNCTION provider_claim(
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

    -- A bet: for a new txId only, the vendor session (INVALID_TOKEN, nothing stored), then the round
    -- (ROUND_CLOSED), the player (PLAYER_BLOCKED: any status but active) and the funds
    -- (INSUFFICIENT_FUNDS: the ledger post in a subtransaction), each refusal stored; else the
    -- stake moves, the round and its record take it, and the answer is stored.
    CREATE FUNCTION provider_bet(
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

    -- A win, always credited: to locked or excluded players, after a rollback, after the end,
    -- before its bet. A win of 0 moves nothing and records a result.
    CREATE FUNCTION provider_win(
      p_merchant text, p_vendor text, p_tx text, p_member integer, p_round text, p_game text,
      p_game_type text, p_game_ok boolean, p_amount bigint, p_hash text, p_currency text,
      p_wallet text, p_entry text, p_key text, p_kind text, p_ledger_hash text, p_metadata jsonb,
      p_accounts text[], p_amounts bigint[], p_trial_types integer[], p_big_win_min bigint,
      p_now timestamptz
    ) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      v_claim record;
      v_round provider_round%ROWTYPE;
      v_have_round boolean;
      v_posted jsonb;
      v_line jsonb;
      v_entry text;
      v_after bigint;
      v_answer jsonb;
      v_mirror text;
    BEGIN
      SELECT * INTO v_claim FROM provider_claim(p_merchant, p_vendor, p_tx, 'win', p_member, p_round, NULL,
        p_amount, p_hash, p_game_ok, p_now);
      IF v_claim.answer IS NOT NULL THEN
        RETURN jsonb_build_object('answer', v_claim.answer, 'changed', false);
      END IF;
      SELECT * INTO v_round FROM provider_round
        WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND external_round_id = p_round
        FOR UPDATE;
      v_have_round := FOUND;
      IF v_have_round AND v_round.member_id <> p_member THEN
        RAISE EXCEPTION 'BAD_REQUEST' USING ERRCODE = 'KHP01';
      END IF;
      IF p_amount > 0 THEN
        v_posted := ledger_post(p_entry, p_merchant, p_key, p_kind, p_ledger_hash, NULL, p_metadata,
          p_now, p_accounts, p_amounts);
        IF v_posted ->> 'status' = 'conflict' THEN
          RAISE EXCEPTION 'idempotency.conflict: ledger key % used with another request', p_key;
        END IF;
        v_entry := CASE WHEN v_posted ->> 'status' = 'replayed' THEN v_posted ->> 'id' ELSE p_entry END;
        v_line := v_posted -> 'lines' -> 0;
        IF v_line ->> 0 IS DISTINCT FROM p_wallet THEN
          RAISE EXCEPTION 'ledger entry without the member line first';
        END IF;
        v_after := (v_line ->> 3)::bigint;
      ELSE
        SELECT balance INTO STRICT v_after FROM ledger_account WHERE id = p_wallet;
      END IF;
      IF v_have_round THEN
        -- A win on a round closed with nothing in it makes it a settled round.
        IF v_round.status = 'cancelled' AND p_amount > 0 THEN
          UPDATE provider_round SET payout = payout + p_amount, has_result = true, status = 'settled',
            closed_at = p_now, last_activity_at = p_now
            WHERE id = v_round.id
            RETURNING * INTO v_round;
        ELSE
          UPDATE provider_round SET payout = payout + p_amount, has_result = true, last_activity_at = p_now
            WHERE id = v_round.id
            RETURNING * INTO v_round;
        END IF;
      ELSE
        INSERT INTO provider_round AS r (id, merchant_code, vendor_code, external_round_id, member_id,
          game_node_id, currency, status, stake, payout, has_result, opened_at, last_activity_at)
        VALUES (gen_random_uuid()::text, p_merchant, p_vendor, p_round, p_member, p_game, p_currency,
          'open', 0, p_amount, true, p_now, p_now)
        ON CONFLICT (merchant_code, vendor_code, external_round_id) DO UPDATE SET
          stake = r.stake + excluded.stake, payout = r.payout + excluded.payout,
          has_result = r.has_result OR excluded.has_result,
          status = CASE WHEN r.status = 'cancelled' AND excluded.payout > 0 THEN 'settled' ELSE r.status END,
          last_activity_at = excluded.last_activity_at
        RETURNING * INTO v_round;
      END IF;
      v_mirror := provider_mirror(v_round, NULL, p_amount, v_after - p_amount, v_after, NULL,
        v_claim.member_type = ANY (p_trial_types), p_big_win_min,
        CASE WHEN v_round.game_node_id = p_game THEN p_game_type END, p_now);
      v_answer := jsonb_build_object('status', 'OK', 'balance', v_after, 'currency', p_currency);
      IF v_entry IS NOT NULL THEN
        v_answer := v_answer || jsonb_build_object('txId', v_entry);
      END IF;
      UPDATE provider_tx SET answer = v_answer, entry_id = v_entry, updated_at = p_now
        WHERE merchant_code = p_merchant AND vendor_code = p_vendor AND tx_id = p_tx;
      RETURN jsonb_build_object('answer', v_answer, 'changed', v_entry IS NOT NULL, 'mirror', v_mirror);
    END;
    $$;

    -- endRound closes the round: settled when a stake or a payout remains, cancelled when both
    -- are 0; a round never seen is recorded cancelled (later bets: ROUND_CLOSED).
    CREATE FUNCTION provider_end_round(
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
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP FUNCTION provider_end_round(text, text, text, integer, text, text, text, text, integer[], bigint, timestamptz);
    DROP FUNCTION provider_win(text, text, text, integer, text, text, text, boolean, bigint, text, text, text, text, text, text, text, jsonb, text[], bigint[], integer[], bigint, timestamptz);
    DROP FUNCTION provider_bet(text, text, text, integer, text, text, text, boolean, bigint, text, text, text, text, text, text, text, text, jsonb, text[], bigint[], integer[], bigint, timestamptz);
    DROP FUNCTION provider_claim(text, text, text, text, integer, text, text, bigint, text, boolean, timestamptz);
    DROP FUNCTION provider_mirror(provider_round, bigint, bigint, bigint, bigint, text, boolean, bigint, text, timestamptz);
  `.execute(db);
};
