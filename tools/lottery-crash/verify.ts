/**
 * The checks of `npm run crash:lottery` after the last settlement run, on the database itself:
 * every bet settled exactly once as `@khela/fair` evaluates it against the issue's drawn numbers
 * and the bet's copied payout table (won/lost, payout), every bet of a voided issue refunded
 * once, one ledger entry per win and per refund with the right amount, one betting-record round
 * per settled bet, each member's balance equal to the model (credit − stakes + payouts +
 * refunds), no issue left drawn and `verifyLedger` (the `npm run ledger:verify` logic) clean.
 */
import {
  type BetSelection,
  type BetType,
  type LotteryKind,
  outcomeOf,
  type PayoutTable,
  payoutOf,
} from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { verifyLedger } from '../../apps/server/src/modules/wallet';
import type { CrashState } from './worker';

export type Verdict = { bets: number; won: number; voided: number; paidMinor: bigint; findings: string[] };

export const verifySettlement = async (db: Kysely<DB>, state: CrashState): Promise<Verdict> => {
  const findings: string[] = [];
  const memberIds = state.members.map((m) => m.id);
  const bets = await db.selectFrom('lottery_bet').selectAll().where('member_id', 'in', memberIds).execute();
  const issues = new Map(
    (
      await db
        .selectFrom('lottery_issue')
        .selectAll()
        .where('merchant_code', '=', state.merchantCode)
        .execute()
    ).map((i) => [i.id, i]),
  );
  const kinds = new Map(
    (
      await db
        .selectFrom('lottery_game')
        .select(['code', 'kind'])
        .where('merchant_code', '=', state.merchantCode)
        .execute()
    ).map((g) => [g.code, g.kind as LotteryKind]),
  );
  const entries = await db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_line as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
    .select(['e.idempotency_key as key', 'l.amount as amount'])
    .where('a.kind', '=', 'member_main')
    .where('a.member_id', 'in', memberIds)
    .where((eb) =>
      eb.or([
        eb('e.idempotency_key', 'like', 'lottery:win:%'),
        eb('e.idempotency_key', 'like', 'lottery:refund:%'),
      ]),
    )
    .execute();
  const credited = new Map<string, bigint[]>();
  for (const e of entries) credited.set(e.key, [...(credited.get(e.key) ?? []), BigInt(e.amount)]);
  const rounds = await db
    .selectFrom('game_round')
    .select(['external_round_id as ref', 'status', 'payout_minor as payout'])
    .where('external_round_id', 'like', 'lottery:%')
    .where('member_id', 'in', memberIds)
    .execute();
  const roundsOf = new Map<string, typeof rounds>();
  for (const r of rounds) roundsOf.set(r.ref ?? '', [...(roundsOf.get(r.ref ?? '') ?? []), r]);

  const expectedBalance = new Map(state.members.map((m) => [m.id, BigInt(m.creditMinor)]));
  let won = 0;
  let voided = 0;
  let paidMinor = 0n;
  const once = (key: string, amount: bigint | null) => {
    const got = credited.get(key) ?? [];
    if (amount === null) {
      if (got.length > 0) findings.push(`${key}: ${got.length} credits, expected none`);
    } else if (got.length !== 1 || got[0] !== amount) {
      findings.push(`${key}: credits [${got.join(', ')}], expected exactly one of ${amount}`);
    }
  };
  for (const bet of bets) {
    const issue = issues.get(bet.issue_id);
    const stake = BigInt(bet.stake_minor);
    const payout = BigInt(bet.payout_minor);
    let balance = (expectedBalance.get(bet.member_id) ?? 0n) - stake;
    if (state.voidIssueIds.includes(bet.issue_id)) {
      voided += 1;
      if (bet.status !== 'void') findings.push(`bet ${bet.id} of a voided issue is ${bet.status}`);
      once(`lottery:refund:${bet.id}`, stake);
      once(`lottery:win:${bet.id}`, null);
      balance += stake;
    } else if (!issue?.numbers) {
      findings.push(`bet ${bet.id}: its issue ${bet.issue_id} was never drawn (${issue?.status})`);
    } else {
      const kind = kinds.get(bet.game_code) as LotteryKind;
      const model = payoutOf(
        stake,
        bet.payout_table as PayoutTable,
        outcomeOf(kind, bet.bet_type as BetType, bet.selection as BetSelection, issue.numbers as number[]),
      );
      const status = model > 0n ? 'won' : 'lost';
      if (bet.status !== status || payout !== model)
        findings.push(`bet ${bet.id}: ${bet.status} ${payout}, the model says ${status} ${model}`);
      once(`lottery:win:${bet.id}`, model > 0n ? model : null);
      once(`lottery:refund:${bet.id}`, null);
      const mine = roundsOf.get(`lottery:${bet.id}`) ?? [];
      if (mine.length !== 1 || mine[0]?.status !== 'settled' || BigInt(mine[0].payout) !== model)
        findings.push(
          `bet ${bet.id}: ${mine.length} betting-record rounds (${mine.map((r) => r.status).join(', ')})`,
        );
      if (model > 0n) won += 1;
      paidMinor += model;
      balance += model;
    }
    expectedBalance.set(bet.member_id, balance);
  }
  for (const [memberId, expected] of expectedBalance) {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('kind', '=', 'member_main')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (BigInt(row?.balance ?? '0') !== expected)
      findings.push(`member ${memberId}: balance ${row?.balance}, the model says ${expected}`);
  }
  for (const issue of issues.values())
    if (issue.status === 'drawn')
      findings.push(`issue ${issue.game_code} ${issue.issue_no} still drawn, not settled`);
  const ledger = await verifyLedger(db);
  for (const f of ledger.findings) findings.push(`ledger: ${typeof f === 'string' ? f : JSON.stringify(f)}`);
  return { bets: bets.length, won, voided, paidMinor, findings };
};
