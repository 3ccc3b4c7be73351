import { randomBytes } from 'node:crypto';
import {
  actTeenPatti,
  commitmentOf,
  dealTeenPatti,
  startTeenPatti,
  type TeenPattiAction,
  TeenPattiError,
  type TeenPattiRule,
  type TeenPattiStep,
} from '@khela/fair';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isUniqueViolation } from '../../shared/db';
import type { PlayHooks } from '../activity';
import { type HandRef, type PvpWallet, settlePot, stakeIntoPot } from './money';
import * as store from './store';
import { type Tier, tierInForce } from './tiers';

export type HandDeps = { db: Kysely<DB>; wallet: PvpWallet; play: PlayHooks };

const refOf = (hand: store.HandRow, merchantCode: string, currency: string): HandRef => ({
  handId: hand.id,
  tableId: hand.tableId,
  handNo: hand.handNo,
  merchantCode,
  currency,
});

const ruleOf = (tier: Tier): TeenPattiRule => ({
  bootMinor: tier.bootMinor,
  potLimitMinor: tier.potLimitMinor,
  rakeBp: tier.rakeBp,
  rakeCapMinor: tier.rakeCapMinor,
  a23: tier.a23,
});

/**
 * Posts what a step did: each chip into the pot (stake hook, ledger, the seat's chips) and, when
 * the hand ended, the pot to the winners and the rake (payout hook, one ledger entry).
 */
const postStep = async (
  deps: HandDeps,
  trx: Db,
  hand: store.HandRow,
  step: TeenPattiStep,
  seats: store.SeatRow[],
) => {
  const any = seats[0];
  if (!any) return;
  const ref = refOf(hand, any.merchantCode, any.currency);
  const memberAt = (index: number) => hand.members[index] as store.HandMember;
  for (const paid of step.paid) {
    const m = memberAt(paid.index);
    hand.step += 1;
    await stakeIntoPot(deps, trx, ref, {
      memberId: m.memberId,
      seatNo: m.seatNo,
      amountMinor: paid.amountMinor,
      step: hand.step,
    });
    await trx
      .updateTable('pvp_seat')
      .set({ chips_minor: sql`chips_minor - ${String(paid.amountMinor)}::bigint` })
      .where('member_id', '=', m.memberId)
      .execute();
  }
  const ended = step.hand.ended;
  if (!ended) return;
  const payouts = ended.payouts.map((amountMinor, i) => ({ ...memberAt(i), amountMinor }));
  await settlePot(deps, trx, ref, { potMinor: step.hand.potMinor, rakeMinor: ended.rakeMinor, payouts });
  for (const p of payouts)
    if (p.amountMinor > 0n)
      await trx
        .updateTable('pvp_seat')
        .set({ chips_minor: sql`chips_minor + ${String(p.amountMinor)}::bigint` })
        .where('member_id', '=', p.memberId)
        .execute();
};

/**
 * Starts the table's next hand when none is in play and at least two seated players have the
 * boot: under the table's row lock, a CSPRNG server seed is made and its hash stored before the
 * deal; the tier in force is copied; every player's boot is staked. A player the stake hook
 * refuses (protection) sits the hand out. Answers whether a hand started.
 */
export const startHand = async (deps: HandDeps, tableId: string, at: Date) => {
  const refused = new Set<number>();
  for (let attempt = 0; attempt < 7; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const table = await store.lockTable(trx, tableId);
        if (!table) return false;
        const last = await store.currentHand(trx, tableId);
        if (last?.state === 'playing') return false;
        const tier = await tierInForce(trx, table.merchant_code, table.tier_key);
        if (!tier) return false;
        const seats = (await store.seatsOf(trx, tableId, true)).filter(
          (s) => s.chipsMinor >= tier.bootMinor && !refused.has(s.memberId),
        );
        if (seats.length < 2) return false;
        const handNo = table.hand_no + 1;
        const serverSeed = randomBytes(32).toString('hex');
        const clientSeed = `pvp-${tableId}`;
        const rule = ruleOf(tier);
        const step = startTeenPatti(
          rule,
          seats.map((s) => ({ seatNo: s.seatNo, stackMinor: s.chipsMinor })),
          dealTeenPatti({ serverSeed, clientSeed, nonce: handNo }, seats.length),
          handNo % seats.length,
        );
        const members = seats.map((s) => ({ seatNo: s.seatNo, memberId: s.memberId }));
        const row = await trx
          .insertInto('pvp_hand')
          .values({
            table_id: tableId,
            hand_no: handNo,
            state: 'playing',
            rule: JSON.stringify(
              { tierKey: tier.tierKey, version: tier.version, turnMs: tier.turnMs, ...rule },
              (_k, v) => (typeof v === 'bigint' ? String(v) : v),
            ),
            server_seed: serverSeed,
            commitment: commitmentOf(serverSeed),
            client_seed: clientSeed,
            members: JSON.stringify(members),
            game: store.encodeGame(step.hand),
            step: 0,
            turn_deadline: new Date(at.getTime() + tier.turnMs),
            started_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('pvp_table').set({ hand_no: handNo }).where('id', '=', tableId).execute();
        const hand: store.HandRow = {
          id: String(row.id),
          tableId,
          handNo,
          state: 'playing',
          serverSeed,
          commitment: commitmentOf(serverSeed),
          clientSeed,
          members,
          game: step.hand,
          step: 0,
          turnDeadline: new Date(at.getTime() + tier.turnMs),
          endedAt: null,
        };
        for (const paid of step.paid) {
          const member = members[paid.index] as store.HandMember;
          try {
            await postStep(deps, trx, hand, { hand: step.hand, paid: [paid] }, seats);
          } catch (error) {
            if (error instanceof AppError && error.code.startsWith('protection.'))
              refused.add(member.memberId);
            throw error;
          }
        }
        await store.saveHand(trx, hand, at);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'pvp_hand')) return false;
      if (error instanceof AppError && error.code.startsWith('protection.')) continue;
      throw error;
    }
  }
  return false;
};

export type PlayerMove = {
  type: 'see' | 'bet' | 'pack' | 'show' | 'sideshow' | 'accept' | 'deny' | 'timeout';
  amountMinor?: bigint;
};

const actionOf = (move: PlayerMove): TeenPattiAction => {
  switch (move.type) {
    case 'bet':
      return { type: 'bet', amountMinor: move.amountMinor ?? 0n };
    case 'accept':
      return { type: 'sideshow-answer', accept: true };
    case 'deny':
      return { type: 'sideshow-answer', accept: false };
    default:
      return { type: move.type };
  }
};

/**
 * Applies a move of the member (or the clock's timeout of the player to act) to the table's hand
 * in play, under the hand's row lock: the rules decide, then the chips and, at the end, the pot
 * are posted in the same transaction. `handNo` guards against a move meant for an earlier hand.
 */
export const applyMove = async (
  deps: HandDeps,
  input: { tableId: string; handNo: number | null; memberId: number | null; move: PlayerMove; at: Date },
) =>
  deps.db.transaction().execute(async (trx) => {
    const hand = await store.currentHand(trx, input.tableId, true);
    if (hand?.state !== 'playing' || (input.handNo !== null && hand.handNo !== input.handNo))
      throw new AppError('pvp.hand.over');
    const index =
      input.memberId === null ? hand.game.turn : hand.members.findIndex((m) => m.memberId === input.memberId);
    if (index < 0) throw new AppError('pvp.not.playing');
    let step: TeenPattiStep;
    try {
      step = actTeenPatti(hand.game, index, actionOf(input.move));
    } catch (error) {
      if (error instanceof TeenPattiError) throw new AppError(error.code as never);
      throw error;
    }
    const seats = await store.seatsOf(trx, input.tableId, true);
    await postStep(deps, trx, hand, step, seats);
    const turnMs = await turnMsOf(trx, hand.id);
    if (
      step.hand.turn !== hand.game.turn ||
      JSON.stringify(step.hand.sideShow) !== JSON.stringify(hand.game.sideShow)
    )
      hand.turnDeadline = new Date(input.at.getTime() + turnMs);
    hand.game = step.hand;
    await store.saveHand(trx, hand, input.at);
    return hand;
  });

const turnMsOf = async (db: Db, handId: string) => {
  const row = await db
    .selectFrom('pvp_hand')
    .select('rule')
    .where('id', '=', handId)
    .executeTakeFirstOrThrow();
  const rule = (typeof row.rule === 'string' ? JSON.parse(row.rule) : row.rule) as { turnMs: number };
  return rule.turnMs;
};
