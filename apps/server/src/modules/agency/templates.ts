import type { AgencyTemplate, ContractKind } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { tiersProblem } from './maths';

/**
 * Contract templates per merchant (issue 20, ADR 059; table `agency_template_set`): the agent
 * programme the merchant publishes — one template per contract kind offered — as versioned data.
 * A saved set is never edited; the version in force is the newest. A merchant that never saved
 * one offers `DEFAULT_TEMPLATES` (version 0). A platform contract made from a template copies its
 * terms, so a later version changes no contract already made.
 */

/**
 * The highest rate a template may carry: salaries are basis points of team turnover (3 % of
 * turnover is already more than a typical house edge), a dividend is a share of the team's net loss.
 */
export const MAX_TEMPLATE_RATE_BP: Record<ContractKind, number> = {
  daily: 300,
  hourly: 300,
  realtime: 300,
  dividend: 8000,
};

/** The platform's default programme (the one set every merchant showed before ADR 059). */
export const DEFAULT_TEMPLATES: AgencyTemplate[] = [
  {
    kind: 'daily',
    tiers: [
      { minActive: 0, rateBp: 50 },
      { minActive: 5, rateBp: 80 },
      { minActive: 20, rateBp: 120 },
    ],
    cycles: 1,
    carry: 'none',
  },
  {
    kind: 'dividend',
    tiers: [
      { minActive: 0, rateBp: 2000 },
      { minActive: 10, rateBp: 3000 },
      { minActive: 30, rateBp: 4000 },
    ],
    cycles: 2,
    carry: 'permanent',
  },
];

export type TemplateSet = {
  version: number;
  templates: AgencyTemplate[];
  createdAt: Date | null;
  createdBy: string | null;
};

/**
 * Why a set of templates is refused (null when it is good): a kind twice, tiers out of order
 * (thresholds strictly rising from 0, rates never falling), a rate above the kind's maximum, or
 * dividend terms (cycles, carry-over) on a salary.
 */
export const templatesProblem = (templates: readonly AgencyTemplate[]) => {
  if (templates.length === 0) return { kind: null, reason: 'templates.none' };
  const seen = new Set<ContractKind>();
  for (const t of templates) {
    if (seen.has(t.kind)) return { kind: t.kind, reason: 'kind.twice' };
    seen.add(t.kind);
    const tiers = tiersProblem(t.tiers);
    if (tiers) return { kind: t.kind, reason: tiers };
    if (t.tiers.some((tier) => tier.rateBp > MAX_TEMPLATE_RATE_BP[t.kind]))
      return { kind: t.kind, reason: 'tiers.rate.max' };
    if (t.kind !== 'dividend' && (t.cycles !== 1 || t.carry !== 'none'))
      return { kind: t.kind, reason: 'dividend.only' };
  }
  return null;
};

const KIND_ORDER: ContractKind[] = ['daily', 'hourly', 'realtime', 'dividend'];
const byKind = (a: AgencyTemplate, b: AgencyTemplate) =>
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as AgencyTemplate[];

/** The merchant's template set in force: its newest saved version, else the default set. */
export const templatesInForce = async (db: Db, merchantCode: string): Promise<TemplateSet> => {
  const r = await db
    .selectFrom('agency_template_set')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return { version: 0, templates: DEFAULT_TEMPLATES, createdAt: null, createdBy: null };
  return {
    version: r.version,
    templates: parse(r.templates),
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
};

/** The saved versions, newest first. */
export const templateVersions = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('agency_template_set')
      .select(['version', 'created_at', 'created_by', 'templates'])
      .where('merchant_code', '=', merchantCode)
      .orderBy('version', 'desc')
      .limit(50)
      .execute()
  ).map((r) => ({
    version: r.version,
    createdAt: r.created_at.getTime(),
    createdBy: r.created_by,
    kinds: parse(r.templates).length,
  }));

/**
 * Saves a new version (refused with 400 `agency.template.invalid`, nothing written). Versions of a
 * merchant are numbered under a transaction lock, so two staff saving at once get 1 and 2.
 */
export const saveTemplates = async (
  trx: Db,
  q: { merchantCode: string; templates: AgencyTemplate[]; staff: string; now: Date },
): Promise<TemplateSet> => {
  const problem = templatesProblem(q.templates);
  if (problem) throw new AppError('agency.template.invalid', { value: problem });
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`agency_template:${q.merchantCode}`}))`.execute(trx);
  const last = await trx
    .selectFrom('agency_template_set')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('merchant_code', '=', q.merchantCode)
    .executeTakeFirst();
  const templates = [...q.templates].sort(byKind);
  const r = await trx
    .insertInto('agency_template_set')
    .values({
      merchant_code: q.merchantCode,
      version: Number(last?.v ?? 0) + 1,
      templates: JSON.stringify(templates),
      created_at: q.now,
      created_by: q.staff,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { version: r.version, templates, createdAt: r.created_at, createdBy: r.created_by };
};
