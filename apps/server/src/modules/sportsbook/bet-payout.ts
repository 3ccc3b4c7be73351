import {
  betPayoutOf,
  type CockfightResult,
  cockfightPayoutOf,
  type LegOutcome,
  type SettledLeg,
  systemPayoutOf,
} from '@khela/fair';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { combinationsOf } from './place-bet';
import * as store from './store';

/**
 * What a bet pays from its legs' outcomes (settlement and resettlement, ADR 039/055): a single or
 * multiple by `betPayoutOf` (a dead-heated winning leg counts o × places/tied), a system per
 * combination, a cockfight side from the pools. The stake is the one still running: a bet partly
 * cashed out settles on what is left of it.
 */

export type LegRow = {
  bet_id: string;
  outcome: string;
  odds: string;
  dead_heat_places: number | null;
  dead_heat_tied: number | null;
  pari_mutuel: boolean;
  code: string;
  meron: string;
  wala: string;
};

/** The payout and result label of a bet from its legs (the rule it copied for cockfights). */
/** A leg as @khela/fair settles it, its dead heat included. */
const settledLegOf = (l: LegRow): SettledLeg => ({
  outcome: l.outcome as LegOutcome,
  odds: BigInt(l.odds),
  deadHeat:
    l.dead_heat_places !== null && l.dead_heat_tied !== null
      ? { places: l.dead_heat_places, tied: l.dead_heat_tied }
      : null,
});

export const evaluate = async (
  trx: Transaction<DB>,
  bet: { stake_minor: string; kind: string; rule_id: string; system_sizes: number[] | null },
  legs: LegRow[],
) => {
  const stake = BigInt(bet.stake_minor);
  if (bet.kind === 'system') {
    const sizes = bet.system_sizes ?? [];
    const unit = stake / BigInt(combinationsOf('system', legs.length, sizes));
    const payout = systemPayoutOf(unit, legs.map(settledLegOf), sizes);
    const allVoid = legs.every((l) => l.outcome === 'void' || l.outcome === 'push');
    return { payout, result: payout === 0n ? 'lost' : allVoid ? 'void' : 'won' };
  }
  const first = legs[0] as LegRow;
  if (first.pari_mutuel) {
    const rule = await store.ruleById(trx, bet.rule_id);
    const outcome = first.outcome as LegOutcome;
    const result: CockfightResult =
      outcome === 'void' && first.code !== 'draw'
        ? 'draw' // Meron/Wala void: a draw or a cancel, both give the stake back
        : outcome === 'void'
          ? 'cancelled'
          : outcome === 'win'
            ? (first.code as 'meron' | 'wala' | 'draw')
            : first.code === 'draw'
              ? 'meron'
              : first.code === 'meron'
                ? 'wala'
                : 'meron';
    const paid = cockfightPayoutOf({
      side: first.code as 'meron' | 'wala' | 'draw',
      stakeMinor: stake,
      result,
      pools: { meron: BigInt(first.meron), wala: BigInt(first.wala) },
      cutBp: rule.cockfightCutBp,
      drawOdds: BigInt(first.odds),
    });
    return {
      payout: paid.payoutMinor,
      result: paid.outcome === 'win' ? 'won' : paid.outcome === 'void' ? 'void' : 'lost',
    };
  }
  const payout = betPayoutOf(stake, legs.map(settledLegOf));
  const outcomes = legs.map((l) => l.outcome);
  const label =
    payout === 0n
      ? 'lost'
      : bet.kind === 'single' && first.dead_heat_tied !== null
        ? 'dead_heat'
        : outcomes.every((o) => o === 'void' || o === 'push')
          ? outcomes.includes('push') && bet.kind === 'single'
            ? 'push'
            : 'void'
          : bet.kind === 'single' && outcomes[0] === 'half_win'
            ? 'half_won'
            : bet.kind === 'single' && outcomes[0] === 'half_loss'
              ? 'half_lost'
              : payout < stake
                ? 'half_lost'
                : 'won';
  return { payout, result: label };
};

export const legsOf = (trx: Transaction<DB>, betIds: string[]) =>
  sql<LegRow>`
    SELECT l.bet_id, s.outcome, l.odds::text AS odds, s.dead_heat_places, s.dead_heat_tied, m.pari_mutuel, s.code,
           COALESCE((SELECT pool_minor FROM sb_selection WHERE market_id = m.id AND code = 'meron'), 0)::text AS meron,
           COALESCE((SELECT pool_minor FROM sb_selection WHERE market_id = m.id AND code = 'wala'), 0)::text AS wala
      FROM sb_bet_leg l
      JOIN sb_selection s ON s.id = l.selection_id
      JOIN sb_market m ON m.id = l.market_id
     WHERE l.bet_id = ANY(${betIds}::uuid[])
     ORDER BY l.bet_id, l.seq`
    .execute(trx)
    .then((r) => r.rows);

export const groupLegs = (legs: LegRow[]) => {
  const by = new Map<string, LegRow[]>();
  for (const l of legs) by.set(l.bet_id, [...(by.get(l.bet_id) ?? []), l]);
  return by;
};
