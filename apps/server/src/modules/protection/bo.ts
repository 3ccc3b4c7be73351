import { protectionBoRoutes as r, type SelfExclusionTerm } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan, type StaffRouter, staffActor } from '../staff';
import { DAY_MS } from './rules';
import type { Protection } from './service';

/** Names and merchants of members, and a search by account name (identity's, handed in by app.ts). */
export type MemberDirectory = {
  byIds: (ids: number[]) => Promise<Map<number, { username: string; merchantCode: string }>>;
  /** Ids of members whose account name starts with `text` (and of member id `text`), at most 500. */
  search: (text: string, merchantCode?: string) => Promise<number[]>;
};

/** The responsible-gaming dashboard, the exclusion register and staff-recorded exclusions. */
export const createProtectionBackoffice = (protection: Protection, members: MemberDirectory) => {
  const { db, now } = protection;

  const dashboard = async (actor: Actor, merchant?: string) => {
    assertCan(actor, 'protection.read');
    const at = now();
    const ofMerchant = async (ids: number[]) => {
      if (!merchant) return ids;
      const found = await members.byIds(ids);
      return ids.filter((id) => found.get(id)?.merchantCode === merchant);
    };
    const limitRows = await db
      .selectFrom('protection_limit')
      .select(['member_id', 'kind', 'period', 'pending_action', 'pending_until'])
      .execute();
    const kept = new Set(await ofMerchant([...new Set(limitRows.map((l) => l.member_id))]));
    const counts = new Map<string, number>();
    let pendingIncreases = 0;
    for (const l of limitRows) {
      if (!kept.has(l.member_id)) continue;
      const key = `${l.kind}\u0000${l.period}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (l.pending_action && l.pending_until && l.pending_until.getTime() > at.getTime()) pendingIncreases++;
    }
    const restricted = await db
      .selectFrom('protection_member')
      .select(['member_id', 'restriction'])
      .where('restriction', '<>', 'none')
      .where((eb) => eb.or([eb('restricted_until', 'is', null), eb('restricted_until', '>', at)]))
      .execute();
    const keptRestricted = new Set(await ofMerchant(restricted.map((r) => r.member_id)));
    const since = new Date(at.getTime() - 7 * DAY_MS);
    let events = db
      .selectFrom('protection_event')
      .select(['action', sql<string>`count(*)`.as('n')])
      .where('action', 'in', ['reality.continue', 'reality.stop'])
      .where('at', '>=', since)
      .groupBy('action');
    if (merchant) events = events.where('merchant_code', '=', merchant);
    const byAction = new Map((await events.execute()).map((e) => [e.action, Number(e.n)]));
    return {
      activeLimits: [...counts].map(([key, n]) => {
        const [kind = '', period = ''] = key.split('\u0000');
        return { kind, period, members: n };
      }),
      pendingIncreases,
      timeouts: restricted.filter((r) => keptRestricted.has(r.member_id) && r.restriction === 'timeout')
        .length,
      selfExclusions: restricted.filter(
        (r) => keptRestricted.has(r.member_id) && r.restriction === 'self_exclusion',
      ).length,
      realityChecks7d: (byAction.get('reality.continue') ?? 0) + (byAction.get('reality.stop') ?? 0),
      realityStops7d: byAction.get('reality.stop') ?? 0,
    };
  };

  const exclusions = async (
    actor: Actor,
    f: {
      merchant?: string | undefined;
      q?: string | undefined;
      type?: 'timeout' | 'self_exclusion' | undefined;
      active?: 'true' | 'false' | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    assertCan(actor, 'protection.read');
    const at = now();
    let q = db
      .selectFrom('protection_member')
      .select(['member_id', 'restriction', 'restricted_at', 'restricted_until', 'all_merchants'])
      .where('restriction', 'in', ['timeout', 'self_exclusion']);
    if (f.type) q = q.where('restriction', '=', f.type);
    if (f.active === 'true')
      q = q.where((eb) => eb.or([eb('restricted_until', 'is', null), eb('restricted_until', '>', at)]));
    if (f.active === 'false') q = q.where('restricted_until', '<=', at);
    if (f.q || f.merchant) {
      const ids = await members.search(f.q ?? '', f.merchant);
      if (ids.length === 0) return { items: [], total: 0, page: f.page, pageSize: f.pageSize };
      q = q.where('member_id', 'in', ids);
    }
    const total = Number(
      (await q.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    );
    const rows = await q
      .orderBy('restricted_at', 'desc')
      .orderBy('member_id', 'desc')
      .offset((f.page - 1) * f.pageSize)
      .limit(f.pageSize)
      .execute();
    const names = await members.byIds(rows.map((row) => row.member_id));
    return {
      items: rows.map((row) => ({
        memberId: row.member_id,
        username: names.get(row.member_id)?.username ?? '',
        merchant: names.get(row.member_id)?.merchantCode ?? '',
        type: row.restriction as 'timeout' | 'self_exclusion',
        since: row.restricted_at?.getTime() ?? 0,
        until: row.restricted_until?.getTime() ?? null,
        allMerchants: row.all_merchants,
        active: row.restricted_until === null || row.restricted_until.getTime() > at.getTime(),
      })),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  };

  /** A pause the member asked for by phone or mail, recorded by staff and audited. */
  const exclude = async (
    actor: Actor,
    input:
      | { memberId: number; type: 'timeout'; days: number; reason: string }
      | { memberId: number; type: 'selfExclusion'; term: SelfExclusionTerm; reason: string },
  ) => {
    assertCan(actor, 'protection.write');
    const member = (await members.byIds([input.memberId])).get(input.memberId);
    if (!member) throw new AppError('not.found');
    const request =
      input.type === 'timeout'
        ? { type: 'timeout' as const, days: input.days, allMerchants: false }
        : { type: 'selfExclusion' as const, term: input.term, allMerchants: false };
    await protection.pauses.pause(
      { id: input.memberId, merchantCode: member.merchantCode },
      request,
      actor.id,
    );
    await db
      .transaction()
      .execute((trx) =>
        appendAudit(
          trx,
          actor,
          { action: `protection.${input.type}`, target: `member:${input.memberId}`, after: input },
          now(),
        ),
      );
    return { ok: true as const };
  };

  return { dashboard, exclusions, exclude };
};

export type ProtectionBackoffice = ReturnType<typeof createProtectionBackoffice>;

export const registerProtectionBackofficeRoutes = ({ route }: StaffRouter, bo: ProtectionBackoffice) => {
  route(r.boProtectionDashboard, async (q) => bo.dashboard(staffActor(q), q.query.merchant));
  route(r.boProtectionExclusions, async (q) => bo.exclusions(staffActor(q), q.query));
  route(r.boProtectionExclude, async (q) => bo.exclude(staffActor(q), q.body));
};
