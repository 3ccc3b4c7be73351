import type { Db } from '../../shared/db';

/** The `/join` page's agent applications (table `agency_application`). */
export const insertApplication = async (
  db: Db,
  a: { merchantCode: string; name: string; contact: string; channel: string; message: string; now: Date },
) =>
  (
    await db
      .insertInto('agency_application')
      .values({
        merchant_code: a.merchantCode,
        name: a.name,
        contact: a.contact,
        channel: a.channel,
        message: a.message,
        created_at: a.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const applications = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('agency_application')
      .selectAll()
      .where('merchant_code', '=', merchantCode)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute()
  ).map((r) => ({
    id: r.id,
    name: r.name,
    contact: r.contact,
    channel: r.channel,
    message: r.message,
    status: r.status,
    createdAt: r.created_at.getTime(),
  }));

/**
 * The brand's programme as the join page shows it: the contract templates an approved agent is
 * offered (ADR 038: one default set for every merchant until templates are edited per merchant).
 */
export const PROGRAMME_TEMPLATES = [
  {
    kind: 'daily' as const,
    tiers: [
      { minActive: 0, rateBp: 50 },
      { minActive: 5, rateBp: 80 },
      { minActive: 20, rateBp: 120 },
    ],
    cycles: 1 as const,
    carry: 'none' as const,
    payer: 'platform' as const,
  },
  {
    kind: 'dividend' as const,
    tiers: [
      { minActive: 0, rateBp: 2000 },
      { minActive: 10, rateBp: 3000 },
      { minActive: 30, rateBp: 4000 },
    ],
    cycles: 2 as const,
    carry: 'permanent' as const,
    payer: 'platform' as const,
  },
];
