import { isLiveBetKind } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable, isUniqueViolation } from '../../shared/db';
import type { PlayHooks } from '../activity';
import { moveMoney, type TableWallet } from './money';
import * as store from './store';

export type PlaceTableBets = {
  merchantCode: string;
  memberId: number;
  tableId: string;
  roundNo: number;
  requestKey: string;
  bets: { kind: string; amountMinor: string | number }[];
};

type Deps = {
  db: Kysely<DB>;
  wallet: TableWallet;
  play: PlayHooks;
  now: () => Date;
  currencyOf: (merchantCode: string) => Promise<string>;
};

const amountOf = (value: string | number) => {
  const text = String(value);
  if (!/^[0-9]{1,15}$/.test(text)) throw new AppError('table.bet.invalid');
  const amount = BigInt(text);
  if (amount <= 0n) throw new AppError('table.bet.invalid');
  return amount;
};

/** The member's stakes on a round by bet kind. */
export const stakesOf = async (db: Db, roundId: string, memberId: number) => {
  const rows = await db
    .selectFrom('live_bet')
    .select(['kind', (eb) => eb.fn.sum<string>('stake_minor').as('stake')])
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.stake)])) as Record<string, bigint>;
};

/** The slip's answer: the member's stakes on the round; the balance after the slip (null on a replay). */
const answer = async (db: Db, round: store.RoundRow, memberId: number, balance: bigint | null) => ({
  roundNo: round.roundNo,
  balanceMinor: balance === null ? null : String(balance),
  open: Object.fromEntries(
    Object.entries(await stakesOf(db, round.id, memberId)).map(([k, v]) => [k, String(v)]),
  ),
});

/** The slip already placed with this request key (same table and round), if any. */
const replayOf = async (deps: Deps, input: PlaceTableBets) => {
  const first = await deps.db
    .selectFrom('live_bet')
    .innerJoin('live_round', 'live_round.id', 'live_bet.round_id')
    .select(['live_round.table_id', 'live_round.round_no'])
    .where('live_bet.member_id', '=', input.memberId)
    .where('live_bet.request_key', '=', input.requestKey)
    .executeTakeFirst();
  if (!first) return undefined;
  if (first.table_id !== input.tableId || first.round_no !== input.roundNo)
    throw new AppError('table.request.conflict');
  const round = await store.roundByNo(deps.db, input.tableId, input.roundNo);
  return round ? answer(deps.db, round, input.memberId, null) : undefined;
};

/**
 * Places a slip of bets on a table's open round, all or nothing, in one transaction: the round
 * (share-locked, so a settlement in progress finishes first) must be in its betting window by the
 * server's clock; each kind must be one of the game's; each bet at least the table's minimum and
 * the member's stake on a kind at most its maximum; each bet row is written, the play hooks'
 * `stake` asked, and the stake debited (`table:stake:<bet>`). The request key makes it idempotent.
 */
export const placeTableBets = async (deps: Deps, input: PlaceTableBets) => {
  const table = await store.tableById(deps.db, input.merchantCode, input.tableId);
  if (!table) throw new AppError('table.unavailable');
  const merged = new Map<string, bigint>();
  for (const bet of input.bets) {
    if (!isLiveBetKind(table.game, bet.kind)) throw new AppError('table.bet.invalid');
    const amount = amountOf(bet.amountMinor);
    if (amount < table.minBetMinor)
      throw new AppError('table.bet.out.of.range', {
        value: { min: String(table.minBetMinor), max: String(table.maxBetMinor) },
      });
    merged.set(bet.kind, (merged.get(bet.kind) ?? 0n) + amount);
  }
  const replay = await replayOf(deps, input);
  if (replay) return replay;
  const currency = await deps.currencyOf(input.merchantCode);

  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const now = deps.now();
        const round = await store.shareLockRound(trx, table.id, input.roundNo);
        if (round?.state !== 'betting' || now < round.opensAt || now >= round.closesAt)
          throw new AppError('table.round.closed');
        const already = await stakesOf(trx, round.id, input.memberId);
        for (const [kind, amount] of merged)
          if ((already[kind] ?? 0n) + amount > table.maxBetMinor)
            throw new AppError('table.bet.out.of.range', {
              value: { min: String(table.minBetMinor), max: String(table.maxBetMinor) },
            });
        let balance = 0n;
        for (const [kind, amount] of merged) {
          const bet = await trx
            .insertInto('live_bet')
            .values({
              round_id: round.id,
              merchant_code: input.merchantCode,
              member_id: input.memberId,
              currency,
              kind,
              stake_minor: amount,
              request_key: input.requestKey,
              placed_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const betId = String(bet.id);
          await deps.play.stake(trx, {
            memberId: input.memberId,
            merchantCode: input.merchantCode,
            product: 'LIVE',
            amount,
            source: 'table',
            ref: `${table.id}:${round.roundNo}:${betId}`,
            gameId: table.id,
          });
          balance = await moveMoney(deps.wallet, trx, {
            merchantCode: input.merchantCode,
            currency,
            memberId: input.memberId,
            betId,
            amountMinor: amount,
            reason: 'stake',
            metadata: { tableId: table.id, roundNo: round.roundNo, kind },
          });
          await trx
            .updateTable('live_bet')
            .set({ balance_after_minor: balance })
            .where('id', '=', betId)
            .execute();
        }
        return answer(trx, round, input.memberId, balance);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'live_bet')) {
        const again = await replayOf(deps, input);
        if (again) return again;
      }
      if (!isRetryable(error) || attempt >= 3) throw error;
    }
  }
};
