-- A member's session as every signed-in call reads it: the identity module's one definition of a
-- live session, used by its auth guard (identity/store.ts `sessionMember`) and inside the wallet's
-- `wallet_transfer`. identity/sessions.ts `sessionTimes` passes the times its rules set.
--
-- The session of this token hash, not revoked, not past its end (p_at < expires_at), used after
-- p_idle_after (the idle time), of an active member of p_merchant. Its last use is written (p_at)
-- when older than p_touch_before: the sliding idle expiry, at most one write a minute. Answers the
-- session and its member, or a row of nulls. Whether the member may make a given call (trial
-- accounts, a pending password change) is the route's rule, checked by the caller.
CREATE OR REPLACE FUNCTION session_member(
  p_token_hash text, p_merchant text, p_at timestamptz, p_idle_after timestamptz, p_touch_before timestamptz,
  OUT member_id integer, OUT username text, OUT nickname text, OUT member_type smallint, OUT mobile text,
  OUT member_created_at timestamptz, OUT password_changed_at timestamptz, OUT must_change_password boolean,
  OUT session_created_at timestamptz, OUT remember_family text
) LANGUAGE plpgsql AS $$
DECLARE
  v_seen timestamptz;
BEGIN
  SELECT s.member_id, m.username, m.nickname, m.type, m.mobile, m.created_at, m.password_changed_at,
      m.must_change_password, s.created_at, s.remember_family, s.last_seen_at
    INTO member_id, username, nickname, member_type, mobile, member_created_at, password_changed_at,
      must_change_password, session_created_at, remember_family, v_seen
    FROM member_session s JOIN member m ON m.id = s.member_id
    WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND p_at < s.expires_at
      AND s.last_seen_at > p_idle_after AND m.merchant_code = p_merchant AND m.status = 'active';
  IF FOUND AND v_seen <= p_touch_before THEN
    UPDATE member_session s SET last_seen_at = p_at WHERE s.token_hash = p_token_hash;
  END IF;
END;
$$;
