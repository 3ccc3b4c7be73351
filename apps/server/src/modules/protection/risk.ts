import { type RiskFlagKind, protectionBoRoutes as r } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan, type StaffRouter, staffActor } from '../staff';
import type { MemberDirectory } from './bo';
import { defaultProfile } from './profiles';
import type { Protection } from './service';

/** A finding of one of the modules that own the data (cashier, identity), handed in by app.ts. */
export type RiskSignal = {
  memberId: number;
  kind: RiskFlagKind;
  key: string;
  detail: Record<string, unknown> & { members?: number[] };
};
/** The rules the scan hands every source: each merchant's rapid-cycle rule from its licence profile (ADR 057). */
export type RiskRules = {
  rapidCycle: {
    merchants: { merchantCode: string; hours: number; percent: number }[];
    otherwise: { hours: number; percent: number };
  };
};
export type RiskSource = (since: Date, rules: RiskRules) => Promise<RiskSignal[]>;

/** How far back the scan looks. */
export const RISK_LOOKBACK_DAYS = 30;
/** How often the `protection.risk` job scans. */
export const RISK_SCAN_EVERY_MS = 10 * 60_000;

type FlagRow = {
  id: number;
  member_id: number;
  merchant_code: string;
  kind: string;
  detail: unknown;
  first_seen_at: Date;
  last_seen_at: Date;
  status: string;
  decided_at: Date | null;
  note: string | null;
};

const COLUMNS = [
  'id',
  'member_id',
  'merchant_code',
  'kind',
  'detail',
  'first_seen_at',
  'last_seen_at',
  'status',
  'decided_at',
  'note',
] as const;

/**
 * Risk flags and their queue (issue 16, docs/decisions/054): the scan gathers the owners' signals
 * (shared payout accounts, shared devices, rapid deposit–withdrawal cycles), keeps one flag per
 * member, kind and key (found again: only `last_seen_at` and the detail move, a decision stays),
 * and staff clear or confirm an open flag with a note, audited.
 */
export const createRiskDesk = (protection: Protection, members: MemberDirectory, sources: RiskSource[]) => {
  const { db, now } = protection;

  const scan = async () => {
    const at = now();
    const since = new Date(at.getTime() - RISK_LOOKBACK_DAYS * 86_400_000);
    const otherwise = defaultProfile('');
    const rules: RiskRules = {
      rapidCycle: {
        merchants: await protection.profiles.riskCycles(),
        otherwise: { hours: otherwise.riskCycleHours, percent: otherwise.riskCyclePercent },
      },
    };
    const found = (await Promise.all(sources.map((source) => source(since, rules)))).flat();
    if (found.length === 0) return { found: 0, added: 0 };
    const names = await members.byIds([...new Set(found.map((s) => s.memberId))]);
    const rows = found.flatMap((s) => {
      const member = names.get(s.memberId);
      return member
        ? [
            {
              merchant_code: member.merchantCode,
              member_id: s.memberId,
              kind: s.kind,
              key: s.key,
              detail: JSON.stringify(s.detail),
              first_seen_at: at,
              last_seen_at: at,
            },
          ]
        : [];
    });
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db
        .insertInto('protection_risk_flag')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['member_id', 'kind', 'key']).doUpdateSet({
            last_seen_at: at,
            detail: sql`excluded.detail`,
          }),
        )
        .returning(['first_seen_at'])
        .execute();
      added += inserted.filter((row) => row.first_seen_at.getTime() === at.getTime()).length;
    }
    return { found: rows.length, added };
  };

  /** The flag as staff see it: the other members named. */
  const views = async (rows: FlagRow[]) => {
    const others = rows.flatMap((row) => ((row.detail as { members?: number[] }).members ?? []) as number[]);
    const names = await members.byIds([...new Set([...rows.map((row) => row.member_id), ...others])]);
    const nameOf = (id: number) => names.get(id)?.username ?? `#${id}`;
    return rows.map((row) => {
      const detail = row.detail as Record<string, unknown> & { members?: number[] };
      return {
        id: row.id,
        memberId: row.member_id,
        username: nameOf(row.member_id),
        merchant: row.merchant_code,
        kind: row.kind as RiskFlagKind,
        detail: detail.members
          ? { ...detail, members: detail.members.map((id) => ({ id, username: nameOf(id) })) }
          : detail,
        firstSeenAt: row.first_seen_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
        status: row.status as 'open' | 'cleared' | 'confirmed',
        decidedAt: row.decided_at?.getTime() ?? null,
        note: row.note,
      };
    });
  };

  const queue = async (
    actor: Actor,
    f: {
      merchant?: string | undefined;
      status: 'open' | 'cleared' | 'confirmed';
      kind?: RiskFlagKind | undefined;
      member?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    assertCan(actor, 'protection.read');
    let q = db.selectFrom('protection_risk_flag').where('status', '=', f.status);
    if (f.merchant) q = q.where('merchant_code', '=', f.merchant);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.member) {
      const ids = await members.search(f.member, f.merchant);
      if (ids.length === 0) return { items: [], total: 0, page: f.page, pageSize: f.pageSize };
      q = q.where('member_id', 'in', ids);
    }
    const total = Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q
      .select(COLUMNS)
      .orderBy('first_seen_at', f.status === 'open' ? 'asc' : 'desc')
      .orderBy('id')
      .offset((f.page - 1) * f.pageSize)
      .limit(f.pageSize)
      .execute();
    return { items: await views(rows), total, page: f.page, pageSize: f.pageSize };
  };

  /**
   * Clears or confirms an open flag, or clears a confirmed one (which lifts its hold on
   * withdrawals, ADR 057); any other decision on a decided flag is refused (409), nothing written.
   */
  const decide = async (actor: Actor, input: { id: number; decision: 'clear' | 'confirm'; note: string }) => {
    assertCan(actor, 'protection.write');
    const row = await db.transaction().execute(async (trx) => {
      const at = now();
      const updated = await trx
        .updateTable('protection_risk_flag')
        .set({
          status: input.decision === 'clear' ? 'cleared' : 'confirmed',
          decided_by: actor.id,
          decided_at: at,
          note: input.note,
        })
        .where('id', '=', input.id)
        .where('status', 'in', input.decision === 'clear' ? ['open', 'confirmed'] : ['open'])
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx
          .selectFrom('protection_risk_flag')
          .select('status')
          .where('id', '=', input.id)
          .executeTakeFirst();
        if (!exists) throw new AppError('not.found');
        throw new AppError('protection.risk.decided', { value: { status: exists.status } });
      }
      await appendAudit(
        trx,
        actor,
        {
          action: `protection.risk.${input.decision}`,
          target: `member:${updated.member_id}`,
          after: { flag: updated.id, kind: updated.kind, note: input.note },
        },
        at,
      );
      return updated;
    });
    const [view] = await views([row]);
    return view as NonNullable<typeof view>;
  };

  /** Staff run the scan now (audited with what it found). */
  const scanNow = async (actor: Actor) => {
    assertCan(actor, 'protection.write');
    const result = await scan();
    await db
      .transaction()
      .execute((trx) =>
        appendAudit(trx, actor, { action: 'protection.risk.scan', target: 'risk', after: result }, now()),
      );
    return result;
  };

  return { scan, scanNow, queue, decide };
};

export type RiskDesk = ReturnType<typeof createRiskDesk>;

export const registerRiskBackofficeRoutes = ({ route }: StaffRouter, desk: RiskDesk) => {
  route(r.boProtectionRisk, async (q) => desk.queue(staffActor(q), q.query));
  route(r.boProtectionRiskDecide, async (q) => desk.decide(staffActor(q), q.body));
  route(r.boProtectionRiskScan, async (q) => desk.scanNow(staffActor(q)));
};
