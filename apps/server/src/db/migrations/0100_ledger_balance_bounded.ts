import { type Kysely, sql } from 'kysely';

/**
 * Every ledger balance stays within ±(2^53 − 1) minor units (docs/decisions/029): a safe integer,
 * so every answer that carries a balance as a JSON number is exact. Each line was already bounded
 * so; two maximum credits to one account could pass it. One range check on the one column that
 * changes (ADR 021 keeps the fixed columns' checks out of the balance update; this is not one).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE ledger_account
      ADD CONSTRAINT ledger_account_balance_bounded
      CHECK (balance BETWEEN -9007199254740991 AND 9007199254740991);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_balance_bounded;`.execute(db);
};
