import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan } from '../staff';
import { betsOf } from './views';

/**
 * The back office's bet search (cashed-out bets with their amount) and the cash-out setting: a
 * new version of the merchant's rule copying the rest of the one in force (ADR 050). A bet keeps
 * the rule it was placed under, so a change applies to bets placed from then on.
 */
export const createBetDesk = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  ensureDefaults: () => Promise<void>;
}) => {
  const { db, now } = deps;

  const search = async (
    actor: Actor,
    q: {
      merchant: string;
      memberId?: number | undefined;
      status?: 'open' | 'settled' | undefined;
      result?: string | undefined;
      count: number;
    },
  ) => {
    assertCan(actor, 'sportsbook.read');
    const rows = (
      await sql<{ id: string; member_id: number }>`
        SELECT id, member_id FROM sb_bet
         WHERE merchant_code = ${q.merchant}
           AND (${q.memberId ?? null}::int IS NULL OR member_id = ${q.memberId ?? null}::int)
           AND (${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text)
           AND (${q.result ?? null}::text IS NULL OR result = ${q.result ?? null}::text)
         ORDER BY placed_at DESC, id
         LIMIT ${q.count}`.execute(db)
    ).rows;
    if (rows.length === 0) return [];
    const memberOf = new Map(rows.map((r) => [r.id, r.member_id]));
    const bets = await betsOf(db, { betIds: [...memberOf.keys()], count: q.count });
    return bets.map((b) => ({ ...b, memberId: memberOf.get(b.id) ?? 0 }));
  };

  const setCashOut = async (
    actor: Actor,
    input: { merchant: string; enabled: boolean; marginBp: number; reason: string },
  ) => {
    assertCan(actor, 'sportsbook.write');
    await deps.ensureDefaults();
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('sb_rule')
        .selectAll()
        .where('merchant_code', '=', input.merchant)
        .orderBy('version', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('not.found');
      const created = await trx
        .insertInto('sb_rule')
        .values({
          merchant_code: before.merchant_code,
          version: before.version + 1,
          min_stake_minor: before.min_stake_minor,
          max_stake_minor: before.max_stake_minor,
          max_payout_minor: before.max_payout_minor,
          max_legs: before.max_legs,
          liability_cap_minor: before.liability_cap_minor,
          cockfight_cut_bp: before.cockfight_cut_bp,
          cockfight_draw_odds: before.cockfight_draw_odds,
          cashout_enabled: input.enabled,
          cashout_margin_bp: input.marginBp,
          effective_from: at,
          created_at: at,
          created_by: actor.username,
        })
        .returning(['version', 'cashout_enabled', 'cashout_margin_bp'])
        .executeTakeFirstOrThrow();
      await appendAudit(
        trx,
        actor,
        {
          action: 'sportsbook.rule.cashout',
          target: input.merchant,
          before: {
            version: before.version,
            enabled: before.cashout_enabled,
            marginBp: before.cashout_margin_bp,
          },
          after: {
            version: created.version,
            enabled: input.enabled,
            marginBp: input.marginBp,
            reason: input.reason,
          },
        },
        at,
      );
      return {
        version: created.version,
        enabled: created.cashout_enabled,
        marginBp: created.cashout_margin_bp,
      };
    });
  };

  /** The cash-out setting in force (the newest rule version). */
  const cashOut = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'sportsbook.read');
    await deps.ensureDefaults();
    const rule = await db
      .selectFrom('sb_rule')
      .select(['version', 'cashout_enabled', 'cashout_margin_bp'])
      .where('merchant_code', '=', merchant)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!rule) throw new AppError('not.found');
    return { version: rule.version, enabled: rule.cashout_enabled, marginBp: rule.cashout_margin_bp };
  };

  return { search, setCashOut, cashOut };
};
