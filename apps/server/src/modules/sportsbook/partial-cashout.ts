import { randomUUID } from 'node:crypto';
import { potentialPayoutOf } from '@khela/fair';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable } from '../../shared/db';
import { type BetRow, betQuery, type CashOutDeps, legsOf, offerOf } from './cashout';
import { transfer } from './money';

/**
 * Partial cash-out (issue 21, ADR 055): the member takes `partMinor` of an open bet's stake out at
 * the cash-out offer now (the full offer of ADR 050, not below the one they saw), paid
 * ⌊offer × part ÷ stake⌋; the bet keeps running on the rest of its stake, its potential payout
 * worked again from the placed odds on that stake (floored once), its selections' liability
 * lowered by the difference. Both the part taken and the stake left must be at least the rule's
 * minimum stake. Exactly once per (bet, request key): a replay answers the first cash-out and pays
 * nothing; the credit's ledger key is `sportsbook:cashout:<bet>:<request key>`. The bet row is
 * locked and changed by `UPDATE … WHERE status = 'open' AND stake_minor = <stake read>`, and the
 * settlement pays only a bet whose stake is still the one it evaluated, so a settlement racing a
 * partial cash-out pays the stake left, once.
 */

export type PartialCashOutInput = {
  memberId: number;
  betId: string;
  requestKey: string;
  /** The stake to take out, minor units. */
  partMinor: bigint;
  /** The full offer the member saw: the offer now must not be lower. */
  offerMinor: bigint;
};

export type PartialCashOutDone = {
  replayed: boolean;
  valueMinor: bigint;
  offerMinor: bigint;
  balanceMinor: bigint;
};

type CashOutRow = { value_minor: string; offer_minor: string; balance_after_minor: string };

const replayOf = (row: CashOutRow): PartialCashOutDone => ({
  replayed: true,
  valueMinor: BigInt(row.value_minor),
  offerMinor: BigInt(row.offer_minor),
  balanceMinor: BigInt(row.balance_after_minor),
});

const inTransaction = async (
  deps: CashOutDeps,
  trx: Transaction<DB>,
  input: PartialCashOutInput,
): Promise<PartialCashOutDone> => {
  const bet = (
    await sql<BetRow>`${betQuery([input.betId])} AND b.member_id = ${input.memberId} FOR UPDATE OF b`.execute(
      trx,
    )
  ).rows[0];
  if (!bet) throw new AppError('not.found');
  const earlier = await sql<CashOutRow>`
    SELECT value_minor::text AS value_minor, offer_minor::text AS offer_minor,
           balance_after_minor::text AS balance_after_minor
      FROM sb_bet_cashout WHERE bet_id = ${bet.id}::uuid AND request_key = ${input.requestKey}`.execute(trx);
  if (earlier.rows[0]) return replayOf(earlier.rows[0]);

  const now = deps.now();
  const legs = await legsOf(trx, [bet.id]);
  const offer = offerOf(bet, legs, now);
  if (offer === null) throw new AppError('sportsbook.cashout.unavailable', { value: { status: bet.status } });
  if (offer < input.offerMinor)
    throw new AppError('sportsbook.cashout.changed', { value: { offerMinor: offer.toString() } });
  const stake = BigInt(bet.stake_minor);
  const min = BigInt(bet.min_stake_minor);
  const max = stake - min;
  if (input.partMinor < min || input.partMinor > max)
    throw new AppError('sportsbook.cashout.part.out.of.range', {
      value: { min: min.toString(), max: (max < min ? 0n : max).toString() },
    });
  const value = (offer * input.partMinor) / stake;
  if (value <= 0n) throw new AppError('sportsbook.cashout.unavailable', { value: { status: bet.status } });

  const left = stake - input.partMinor;
  const potentialBefore = bet.potential_minor === null ? null : BigInt(bet.potential_minor);
  const potentialAfter =
    potentialBefore === null
      ? null
      : potentialPayoutOf(
          left,
          legs.map((l) => BigInt(l.placed)),
        );
  const claimed = await sql`
    UPDATE sb_bet
       SET stake_minor = ${left.toString()}::bigint,
           potential_minor = ${potentialAfter?.toString() ?? null}::bigint,
           cashed_out_stake_minor = cashed_out_stake_minor + ${input.partMinor.toString()}::bigint,
           cashed_out_minor = cashed_out_minor + ${value.toString()}::bigint
     WHERE id = ${bet.id}::uuid AND status = 'open' AND stake_minor = ${bet.stake_minor}::bigint
    RETURNING id`.execute(trx);
  if (claimed.rows.length === 0)
    throw new AppError('sportsbook.cashout.unavailable', { value: { status: 'settled' } });
  // The selections carry only the potential payout of the stake left.
  if (potentialBefore !== null && potentialAfter !== null && potentialBefore > potentialAfter)
    await sql`
      UPDATE sb_selection
         SET liability_minor = GREATEST(0, liability_minor - ${(potentialBefore - potentialAfter).toString()}::bigint)
       WHERE id IN (SELECT selection_id FROM sb_bet_leg WHERE bet_id = ${bet.id}::uuid)`.execute(trx);
  await deps.hooks.payout(trx, {
    memberId: bet.member_id,
    merchantCode: bet.merchant_code,
    product: bet.product as 'SPORTS',
    amount: value,
    source: 'sportsbook',
    ref: bet.id,
  });
  const balance = await transfer(deps.wallet, trx, {
    merchantCode: bet.merchant_code,
    currency: bet.currency,
    memberId: bet.member_id,
    betId: bet.id,
    amountMinor: value,
    key: `sportsbook:cashout:${bet.id}:${input.requestKey}`,
    kind: 'sportsbook.cashout.partial',
    metadata: { stakePartMinor: input.partMinor.toString() },
  });
  await trx
    .insertInto('sb_bet_cashout')
    .values({
      id: randomUUID(),
      bet_id: bet.id,
      member_id: bet.member_id,
      request_key: input.requestKey,
      stake_part_minor: input.partMinor,
      stake_before_minor: stake,
      offer_minor: offer,
      value_minor: value,
      balance_after_minor: balance,
      created_at: now,
    })
    .execute();
  return { replayed: false, valueMinor: value, offerMinor: offer, balanceMinor: balance };
};

/**
 * Cashes out part of the member's open single or multiple (see above); answers the amount paid,
 * the full offer it was worked from and the balance after.
 */
export const partialCashOut = async (deps: CashOutDeps, input: PartialCashOutInput) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const done = await deps.db.transaction().execute((trx) => inTransaction(deps, trx, input));
      if (!done.replayed) deps.publishBalance(input.memberId);
      return done;
    } catch (error) {
      if (!isRetryable(error) || attempt >= 5) throw error;
    }
  }
};

/** The partial cash-outs of the given bets, oldest first (my bets' history). */
export const partialCashOutsOf = async (db: CashOutDeps['db'], betIds: string[]) =>
  betIds.length === 0
    ? []
    : db
        .selectFrom('sb_bet_cashout')
        .select(['bet_id', 'stake_part_minor', 'value_minor', 'created_at'])
        .where('bet_id', 'in', betIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
