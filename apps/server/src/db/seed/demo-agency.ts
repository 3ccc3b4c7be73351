import { sql, type Transaction } from 'kysely';
import type { DB } from '../schema';

/** When the demo agent's platform contracts took effect (before any demo play). */
const SIGNED_AT = new Date('2026-01-01T00:00:00Z');

/**
 * The demo agent's platform contracts (issue 20, ADR 038): agent01 of every merchant holds a daily
 * salary (0.5 % of team turnover, 0.8 % from 5 active members), a real-time salary (0.1 %) and a
 * dividend (30 % of team net loss, twice a month, losses carried until won back), so the agent
 * centre has contracts to offer from.
 */
export const seedDemoAgency = async (trx: Transaction<DB>, merchants: string[]) => {
  const contracts = [
    {
      kind: 'daily',
      tiers: [
        { minActive: 0, rateBp: 50 },
        { minActive: 5, rateBp: 80 },
      ],
      cycles: 1,
      carry: 'none',
    },
    { kind: 'realtime', tiers: [{ minActive: 0, rateBp: 10 }], cycles: 1, carry: 'none' },
    { kind: 'dividend', tiers: [{ minActive: 0, rateBp: 3000 }], cycles: 2, carry: 'permanent' },
  ];
  for (const merchant of merchants) {
    const agent = await trx
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where(sql<string>`lower(username)`, '=', 'agent01')
      .executeTakeFirst();
    if (!agent) continue;
    for (const c of contracts)
      await trx
        .insertInto('agency_contract')
        .values({
          merchant_code: merchant,
          member_id: agent.id,
          offered_by: null,
          kind: c.kind,
          version: 1,
          tiers: JSON.stringify(c.tiers),
          cycles: c.cycles,
          carry: c.carry,
          payer: 'platform',
          status: 'accepted',
          created_at: SIGNED_AT,
          decided_at: SIGNED_AT,
        })
        .execute();
  }
};
