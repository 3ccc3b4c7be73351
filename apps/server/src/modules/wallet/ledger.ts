import { createHash, randomInt, randomUUID } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { PREPARED } from '../../db/prepared';
import type { DB, LedgerAccountKind } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable } from '../../shared/db';

/**
 * The ledger: the one place money moves (docs/decisions/007-ledger.md). Every movement is one
 * journal entry whose lines sum to zero per currency; the balances on the account rows change in
 * the same transaction, under row locks taken in id order (one statement: the database function
 * `ledger_post`).
 */

export { type Db, isRetryable };

/** Accounts that hold somebody's money: never negative (database CHECK plus a guarded update). */
export const GUARDED_KINDS: readonly LedgerAccountKind[] = [
  'member_main',
  'member_vendor',
  'pending_withdrawal',
  'agent_commission',
  'member_bonus',
  'member_table',
];

/** The largest amount one line may carry: 2^53 - 1 minor units (a safe integer on the wire). */
export const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/** How often a post is tried when the database reports a serialization failure or a deadlock. */
export const MAX_ATTEMPTS = 8;

export type AccountOwner =
  | {
      kind: 'member_main' | 'pending_withdrawal' | 'agent_commission' | 'member_bonus' | 'member_table';
      memberId: number;
    }
  | { kind: 'member_vendor'; memberId: number; vendorCode: string }
  | { kind: 'house' | 'payment_clearing' | 'bonus' | 'jackpot' | 'table_pot' };

export type AccountRef = { merchantCode: string; currency: string } & AccountOwner;

const ownerKey = (owner: AccountOwner) => {
  switch (owner.kind) {
    case 'member_main':
      return `main:${owner.memberId}`;
    case 'member_vendor':
      return `vendor:${owner.memberId}:${owner.vendorCode}`;
    case 'pending_withdrawal':
      return `pending:${owner.memberId}`;
    case 'agent_commission':
      return `commission:${owner.memberId}`;
    case 'member_bonus':
      return `bonus:${owner.memberId}`;
    case 'member_table':
      return `table:${owner.memberId}`;
    default:
      return owner.kind;
  }
};

/**
 * The id of an account, created on first use. Safe under concurrency: a racing creator waits on
 * the unique key and then reads the winner's row.
 */
export const ensureAccount = async (db: Db, ref: AccountRef, now: Date): Promise<string> => {
  const key = ownerKey(ref);
  const existing = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('merchant_code', '=', ref.merchantCode)
    .where('currency', '=', ref.currency)
    .where('owner_key', '=', key)
    .executeTakeFirst();
  if (existing) return existing.id;
  await db
    .insertInto('ledger_account')
    .values({
      id: randomUUID(),
      merchant_code: ref.merchantCode,
      currency: ref.currency,
      kind: ref.kind,
      member_id: 'memberId' in ref ? ref.memberId : null,
      vendor_code: ref.kind === 'member_vendor' ? ref.vendorCode : null,
      owner_key: key,
      guarded: GUARDED_KINDS.includes(ref.kind),
      balance: '0',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['merchant_code', 'currency', 'owner_key']).doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('merchant_code', '=', ref.merchantCode)
    .where('currency', '=', ref.currency)
    .where('owner_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
};

export type LineInput = { accountId: string; amount: bigint };

export type PostInput = {
  merchantCode: string;
  /** Unique per merchant; callers namespace it (`transfer:<member>:<client key>`). */
  idempotencyKey: string;
  /** What kind of movement: `transfer`, `demo.credit`, `deposit`, ... */
  kind: string;
  /** At least two lines, each account once, summing to zero per currency. */
  lines: LineInput[];
  metadata?: Record<string, unknown>;
  /** The entry this one reverses (a correction); an entry is reversed at most once. */
  reverses?: string | null;
};

export type PostedLine = { accountId: string; currency: string; amount: bigint; balanceAfter: bigint };

export type PostResult = {
  entryId: string;
  kind: string;
  createdAt: Date;
  /** True when the key was used before: this is the first result, nothing new was written. */
  replayed: boolean;
  lines: PostedLine[];
  metadata: Record<string, unknown>;
};

/** A caller broke a rule of the ledger (a programming error, never user input): nothing is written. */
export class LedgerInvariantError extends Error {}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KIND_PATTERN = /^[a-z][a-z0-9_.]{0,39}$/;

const checkInput = (input: PostInput) => {
  if (!KEY_PATTERN.test(input.idempotencyKey)) throw new LedgerInvariantError('bad idempotency key');
  if (!KIND_PATTERN.test(input.kind)) throw new LedgerInvariantError(`bad entry kind ${input.kind}`);
  if (input.lines.length < 2) throw new LedgerInvariantError('an entry needs at least two lines');
  const seen = new Set<string>();
  for (const line of input.lines) {
    if (typeof line.amount !== 'bigint') throw new LedgerInvariantError('amounts are bigint');
    if (line.amount === 0n) throw new LedgerInvariantError('a line moves a non-zero amount');
    if (line.amount > MAX_AMOUNT || line.amount < -MAX_AMOUNT)
      throw new LedgerInvariantError('amount too large');
    if (seen.has(line.accountId)) throw new LedgerInvariantError('an account appears once per entry');
    seen.add(line.accountId);
  }
};

/** SHA-256 of the canonical request: what moves where. Metadata is description, not request. */
export const requestHash = (input: Pick<PostInput, 'kind' | 'lines' | 'reverses'>) => {
  const lines = [...input.lines]
    .map((l) => [l.accountId, l.amount.toString()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const canonical = JSON.stringify({ kind: input.kind, reverses: input.reverses ?? null, lines });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
};

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';

const readEntry = async (db: Db, entryId: string): Promise<Omit<PostResult, 'replayed'>> => {
  const entry = await db
    .selectFrom('journal_entry')
    .select(['id', 'kind', 'created_at', 'metadata'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('journal_line')
    .select(['account_id', 'currency', 'amount', 'balance_after'])
    .where('entry_id', '=', entryId)
    .orderBy('line_no')
    .execute();
  return {
    entryId: entry.id,
    kind: entry.kind,
    createdAt: new Date(entry.created_at),
    metadata: entry.metadata,
    lines: lines.map((l) => ({
      accountId: l.account_id,
      currency: l.currency,
      amount: BigInt(l.amount),
      balanceAfter: BigInt(l.balance_after),
    })),
  };
};

/** A line as `ledger_post` answers it: account id, currency, amount and balance after, as text. */
type LineTuple = [string, string, string, string];
type PostAnswer =
  | { status: 'posted'; lines: LineTuple[] }
  | {
      status: 'replayed';
      id: string;
      kind: string;
      createdAt: string;
      metadata: Record<string, unknown>;
      lines: LineTuple[];
    }
  | { status: 'conflict' };

const linesOf = (tuples: LineTuple[]): PostedLine[] =>
  tuples.map(([accountId, currency, amount, balanceAfter]) => ({
    accountId,
    currency,
    amount: BigInt(amount),
    balanceAfter: BigInt(balanceAfter),
  }));

/**
 * The arguments of `ledger_post` (migration 0017) for one entry, checked (a LedgerInvariantError
 * when a rule is broken) and hashed: what `post` sends, and what a database function of another
 * module hands to `ledger_post` when it posts inside its own statement (the provider's
 * callbacks, migration 0018). The answer's `status`/`lines` are then read like `post` does.
 */
export const postArgs = (input: PostInput) => {
  checkInput(input);
  return {
    entryId: randomUUID(),
    merchantCode: input.merchantCode,
    key: input.idempotencyKey,
    kind: input.kind,
    hash: requestHash(input),
    reverses: input.reverses ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
    accounts: input.lines.map((l) => l.accountId),
    amounts: input.lines.map((l) => l.amount.toString()),
  };
};

export type PostArgs = ReturnType<typeof postArgs>;

/**
 * The statement of one posting attempt: `ledger_post` itself, or a database function of another
 * module that checks its own rule and then calls `ledger_post` (the wallet's `wallet_transfer`,
 * migration 0019). It answers `ledger_post`'s answer, or an answer of its own (another `status`),
 * which `post` hands back as a `PostDiverted` error: nothing was posted.
 */
export type PostStatement = (args: PostArgs, now: Date) => RawBuilder<{ answer: unknown }>;

const ledgerPost: PostStatement = (args, now) => sql<{ answer: unknown }>`${PREPARED}
  SELECT ledger_post(${args.entryId}, ${args.merchantCode}, ${args.key}, ${args.kind}, ${args.hash},
    ${args.reverses}, ${args.metadata}::jsonb, ${now}, ${args.accounts}::text[],
    ${args.amounts}::bigint[]) AS answer`;

/** The posting statement answered something of its own (see `PostStatement`): nothing was posted. */
export class PostDiverted extends Error {
  constructor(readonly answer: { status: string } & Record<string, unknown>) {
    super(`post diverted: ${answer.status}`);
  }
}

/**
 * One attempt, inside the caller's transaction or as one statement of its own: the database
 * function `ledger_post` (migration 0017) claims the key, locks the accounts in id order, applies
 * the guarded balance changes and writes the lines in a single round trip.
 */
const postOnce = async (
  db: Db,
  input: PostInput,
  args: PostArgs,
  now: Date,
  statement: PostStatement,
): Promise<PostResult> => {
  const { entryId } = args;
  const metadata = input.metadata ?? {};
  let answer: PostAnswer;
  try {
    const { rows } = await statement(args, now).execute(db);
    const row = rows[0];
    if (!row) throw new LedgerInvariantError('ledger_post answered nothing');
    answer = (typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer) as PostAnswer;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'KH409') throw new AppError('insufficient.balance');
    // A balance would leave ±(2^53 − 1) (ADR 029): refused as the amount's fault, nothing written.
    if (
      code === '23514' &&
      String((error as { constraint?: unknown }).constraint) === 'ledger_account_balance_bounded'
    )
      throw new AppError('validation.failed', { value: { fields: { amount: 'balance_bound' } } });
    if (code === 'KH500') throw new LedgerInvariantError((error as Error).message);
    throw error;
  }
  if (answer.status === 'conflict') throw new AppError('idempotency.conflict');
  if (answer.status === 'replayed')
    return {
      entryId: answer.id,
      kind: answer.kind,
      createdAt: new Date(answer.createdAt),
      replayed: true,
      lines: linesOf(answer.lines),
      metadata: answer.metadata,
    };
  if (answer.status !== 'posted')
    throw new PostDiverted(answer as unknown as { status: string } & Record<string, unknown>);
  return {
    entryId,
    kind: input.kind,
    createdAt: now,
    replayed: false,
    lines: linesOf(answer.lines),
    metadata,
  };
};

export type PostOptions = {
  now?: Date;
  maxAttempts?: number;
  /** The posting statement (default `ledger_post`). */
  statement?: PostStatement;
};

/**
 * Moves money: one journal entry, all or nothing. The same idempotency key returns the first
 * result; the same key with another request answers 409 `idempotency.conflict` and writes
 * nothing; a guarded account that would go negative answers 409 `insufficient.balance`.
 * Given a transaction, it runs inside it (the caller then owns retries); given the database, it
 * opens its own and retries serialization failures and deadlocks a bounded number of times.
 */
export const post = async (db: Db, input: PostInput, options: PostOptions = {}): Promise<PostResult> => {
  const args = postArgs(input);
  const now = options.now ?? new Date();
  const statement = options.statement ?? ledgerPost;
  // Inside a transaction the caller owns retries; alone, the one statement is its own transaction.
  if (db.isTransaction) return postOnce(db, input, args, now, statement);
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(db, input, { ...args, entryId: randomUUID() }, now, statement);
    } catch (error) {
      if (!isRetryable(error) || attempt >= maxAttempts) throw error;
      // Jittered back-off so two retrying transactions do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, randomInt(5 * 2 ** attempt + 1)));
    }
  }
};

/** Reverses an entry (a correction): the same lines with opposite signs, at most once. */
export const reverse = async (
  db: Db,
  entryId: string,
  options: PostOptions & { idempotencyKey?: string; metadata?: Record<string, unknown> } = {},
) => {
  const original = await db
    .selectFrom('journal_entry')
    .select(['merchant_code', 'kind'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  const { lines } = await readEntry(db, entryId);
  return post(
    db,
    {
      merchantCode: original.merchant_code,
      idempotencyKey: options.idempotencyKey ?? `reverse:${entryId}`,
      kind: 'reversal',
      reverses: entryId,
      lines: lines.map((l) => ({ accountId: l.accountId, amount: -l.amount })),
      metadata: { ...options.metadata, reversedKind: original.kind },
    },
    options,
  );
};

export type VerifyReport = {
  ok: boolean;
  findings: string[];
  counts: { accounts: number; entries: number; lines: number };
};

/**
 * Checks the books (read-only, one consistent snapshot): every entry has two or more lines
 * summing to zero per currency, every line's entry and account exist (the account of the entry's
 * merchant and the line's currency), all accounts of a merchant and currency sum to zero, every stored
 * balance equals the sum of its lines, no guarded balance is negative.
 */
export const verifyLedger = async (db: Kysely<DB>): Promise<VerifyReport> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const findings: string[] = [];
      const unbalanced = await sql<{ entry_id: string; currency: string; total: string }>`
        SELECT entry_id, currency, sum(amount)::text AS total FROM journal_line
        GROUP BY entry_id, currency HAVING sum(amount) <> 0 ORDER BY entry_id LIMIT 100`.execute(trx);
      for (const r of unbalanced.rows)
        findings.push(`entry ${r.entry_id}: lines in ${r.currency} sum to ${r.total}, not 0`);
      const thin = await sql<{ id: string; n: string }>`
        SELECT e.id, count(l.entry_id)::text AS n FROM journal_entry e
        LEFT JOIN journal_line l ON l.entry_id = e.id
        GROUP BY e.id HAVING count(l.entry_id) < 2 ORDER BY e.id LIMIT 100`.execute(trx);
      for (const r of thin.rows) findings.push(`entry ${r.id}: ${r.n} line(s), needs at least 2`);
      const foreign = await sql<{ entry_id: string; entry: boolean; account: boolean }>`
        SELECT DISTINCT l.entry_id, e.id IS NOT NULL AS entry, a.id IS NOT NULL AS account FROM journal_line l
        LEFT JOIN journal_entry e ON e.id = l.entry_id
        LEFT JOIN ledger_account a ON a.id = l.account_id
        WHERE e.id IS NULL OR a.id IS NULL OR a.merchant_code <> e.merchant_code OR a.currency <> l.currency
        ORDER BY l.entry_id LIMIT 100`.execute(trx);
      for (const r of foreign.rows)
        findings.push(
          !r.entry
            ? `entry ${r.entry_id}: has lines but does not exist`
            : !r.account
              ? `entry ${r.entry_id}: a line names an account that does not exist`
              : `entry ${r.entry_id}: a line names another merchant's or currency's account`,
        );
      const totals = await sql<{ merchant_code: string; currency: string; total: string }>`
        SELECT merchant_code, currency, sum(balance)::text AS total FROM ledger_account
        GROUP BY merchant_code, currency HAVING sum(balance) <> 0`.execute(trx);
      for (const r of totals.rows)
        findings.push(`merchant ${r.merchant_code} ${r.currency}: account balances sum to ${r.total}, not 0`);
      const drift = await sql<{ id: string; owner_key: string; balance: string; total: string }>`
        SELECT a.id, a.owner_key, a.balance::text AS balance, coalesce(s.total, 0)::text AS total
        FROM ledger_account a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM journal_line GROUP BY account_id) s
          ON s.account_id = a.id
        WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT 100`.execute(trx);
      for (const r of drift.rows)
        findings.push(
          `account ${r.id} (${r.owner_key}): balance ${r.balance} but its lines sum to ${r.total}`,
        );
      const negative = await sql<{ id: string; owner_key: string; balance: string }>`
        SELECT id, owner_key, balance::text AS balance FROM ledger_account
        WHERE guarded AND balance < 0 ORDER BY id LIMIT 100`.execute(trx);
      for (const r of negative.rows)
        findings.push(`account ${r.id} (${r.owner_key}): guarded balance ${r.balance} < 0`);
      const counts = await sql<{ accounts: string; entries: string; lines: string }>`
        SELECT (SELECT count(*) FROM ledger_account)::text AS accounts,
               (SELECT count(*) FROM journal_entry)::text AS entries,
               (SELECT count(*) FROM journal_line)::text AS lines`.execute(trx);
      const c = counts.rows[0];
      return {
        ok: findings.length === 0,
        findings,
        counts: {
          accounts: Number(c?.accounts ?? 0),
          entries: Number(c?.entries ?? 0),
          lines: Number(c?.lines ?? 0),
        },
      };
    });
