-- The ledger's post in one statement (docs/decisions/007-ledger.md "One round trip", 021, 022):
-- claims the idempotency key, locks and moves each account by its key in account-id order (a
-- guarded update each), refuses fewer than two lines, an account twice, an account missing or of
-- another merchant and lines that do not sum to zero per currency, then writes the lines with
-- their account's currency. That is everything the commit-time check (journal_entry_balanced)
-- would find, so the entry and its lines queue none: the id is kept in `khela.ledger_entry` while
-- they are written, then the setting is cleared.
-- Raises SQLSTATE `KH409` when a guarded account would go negative and `KH500` when the caller
-- broke a rule of the ledger; a key used before answers `replayed` with the first entry, or
-- `conflict` when the request differs (`request_hash`).
CREATE OR REPLACE FUNCTION ledger_post(
  p_id text, p_merchant text, p_key text, p_kind text, p_hash text, p_reverses text,
  p_metadata jsonb, p_at timestamptz, p_accounts text[], p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  first_entry journal_entry%ROWTYPE;
  n integer := coalesce(cardinality(p_accounts), 0);
  ord integer[];
  k integer;
  j integer;
  currencies text[];
  balances bigint[];
  v_currency text;
  v_balance bigint;
  several_currencies boolean := false;
  unbalanced boolean;
  total bigint := 0;
  posted jsonb := '[]';
BEGIN
  -- The entry and its lines are proved here, so they queue no commit-time check (the WHEN of
  -- journal_entry_balanced and journal_line_balanced); the setting is cleared once they are.
  PERFORM set_config('khela.ledger_entry', p_id, true);
  INSERT INTO journal_entry (id, merchant_code, idempotency_key, kind, request_hash, reverses, metadata, created_at)
  VALUES (p_id, p_merchant, p_key, p_kind, p_hash, p_reverses, p_metadata, p_at)
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    PERFORM set_config('khela.ledger_entry', '', true);
    SELECT * INTO first_entry FROM journal_entry
      WHERE merchant_code = p_merchant AND idempotency_key = p_key;
    IF first_entry.request_hash <> p_hash THEN
      RETURN jsonb_build_object('status', 'conflict');
    END IF;
    RETURN jsonb_build_object(
      'status', 'replayed', 'id', first_entry.id, 'kind', first_entry.kind,
      'createdAt', first_entry.created_at, 'metadata', first_entry.metadata,
      'lines', (SELECT jsonb_agg(jsonb_build_array(l.account_id, l.currency, l.amount::text, l.balance_after::text)
                  ORDER BY l.line_no)
                FROM journal_line l WHERE l.entry_id = first_entry.id));
  END IF;
  IF n < 2 OR n <> coalesce(cardinality(p_amounts), 0) THEN
    RAISE EXCEPTION 'an entry has two lines or more, one amount per account' USING ERRCODE = 'KH500';
  END IF;

  -- The lines in account-id order (an insertion sort: an entry has a few lines), so that every
  -- entry locks its accounts in one global order.
  ord := array_fill(0, ARRAY[n]);
  FOR k IN 1 .. n LOOP
    j := k - 1;
    WHILE j >= 1 AND p_accounts[ord[j]] > p_accounts[k] LOOP
      ord[j + 1] := ord[j];
      j := j - 1;
    END LOOP;
    IF j >= 1 AND p_accounts[ord[j]] = p_accounts[k] THEN
      RAISE EXCEPTION 'an entry moves each account once' USING ERRCODE = 'KH500';
    END IF;
    ord[j + 1] := k;
  END LOOP;

  currencies := array_fill(NULL::text, ARRAY[n]);
  balances := array_fill(NULL::bigint, ARRAY[n]);
  FOREACH k IN ARRAY ord LOOP
    UPDATE ledger_account SET balance = balance + p_amounts[k]
      WHERE id = p_accounts[k] AND merchant_code = p_merchant
        AND (NOT guarded OR balance + p_amounts[k] >= 0)
      RETURNING currency, balance INTO v_currency, v_balance;
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM ledger_account WHERE id = p_accounts[k] AND merchant_code = p_merchant) THEN
        RAISE EXCEPTION 'a guarded account would go negative' USING ERRCODE = 'KH409';
      END IF;
      RAISE EXCEPTION 'an entry moves existing accounts of its own merchant only' USING ERRCODE = 'KH500';
    END IF;
    currencies[k] := v_currency;
    balances[k] := v_balance;
    total := total + p_amounts[k];
    several_currencies := several_currencies OR v_currency <> currencies[ord[1]];
  END LOOP;
  -- Lines in one currency (nearly every entry) sum to zero; several are summed per currency.
  IF several_currencies THEN
    unbalanced := EXISTS (SELECT 1 FROM unnest(currencies, p_amounts) AS l(currency, amount)
                          GROUP BY l.currency HAVING sum(l.amount) <> 0);
  ELSE
    unbalanced := total <> 0;
  END IF;
  IF unbalanced THEN
    RAISE EXCEPTION 'the lines of an entry sum to zero per currency' USING ERRCODE = 'KH500';
  END IF;

  INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
  SELECT p_id, (l.ord - 1)::smallint, l.account_id, l.currency, l.amount, l.balance
  FROM unnest(p_accounts, currencies, p_amounts, balances) WITH ORDINALITY AS l(account_id, currency, amount, balance, ord);
  PERFORM set_config('khela.ledger_entry', '', true);

  FOR k IN 1 .. n LOOP
    posted := posted || jsonb_build_array(jsonb_build_array(p_accounts[k], currencies[k], p_amounts[k]::text, balances[k]::text));
  END LOOP;
  RETURN jsonb_build_object('status', 'posted', 'lines', posted);
END;
$$;
