import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import type { ProtectedMember } from './limits';
import type { EndSessions } from './pause';
import type { Profiles } from './profiles';
import { HOUR_MS } from './rules';
import * as store from './store';

/** Identity's half of an erasure (handed in by app.ts): the pseudonyms, and a shared HMAC key. */
export type IdentityEraser = {
  /** Pseudonymises the member's identity data in `within`; answers the mobile and ID number as they were. */
  erase: (
    memberId: number,
    part: 'contact' | 'all',
    within: Kysely<DB>,
  ) => Promise<{ mobile: string | null; idNumber: string | null } | null>;
  secret: (name: string) => Promise<string>;
};

/**
 * Another module's half of an erasure (cashier, inbox, support chat; handed in by app.ts): erases
 * what the module keeps of the member in `within`, `contact` at once and `all` when the AML
 * retention is over (docs/decisions/057).
 */
export type PersonalDataEraser = (
  memberId: number,
  part: 'contact' | 'all',
  within: Kysely<DB>,
  at: Date,
) => Promise<void>;

const MARK_KEY = 'protection.exclusion-mark';

/** The forms a mobile and an ID number are compared in (the digest of the same person is the same). */
const normalise = (kind: 'mobile' | 'idNumber', value: string) =>
  kind === 'mobile' ? value.replace(/[^0-9+]/g, '') : value.replace(/[\s-]/g, '').toUpperCase();

const addYears = (at: Date, years: number) => {
  const end = new Date(at.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
};

type ErasureRow = {
  member_id: number;
  merchant_code: string;
  requested_at: Date;
  requested_by: number | null;
  status: string;
  retained_until: Date | null;
  finished_at: Date | null;
};

export const erasureView = (e: ErasureRow) => ({
  status: e.status as 'retained' | 'done',
  requestedAt: e.requested_at.getTime(),
  requestedBy: e.requested_by,
  retainedUntil: e.retained_until?.getTime() ?? null,
  finishedAt: e.finished_at?.getTime() ?? null,
});

const ERASURE_COLUMNS = [
  'member_id',
  'merchant_code',
  'requested_at',
  'requested_by',
  'status',
  'retained_until',
  'finished_at',
] as const;

/**
 * Erasure of a closed account and reopening one (docs/decisions/052).
 * - Erasure: at once, identity's personal fields become pseudonyms; what the licence profile
 *   retains for AML (KYC files, date of birth, ID number, payee name) stays until the closure plus
 *   `amlRetentionYears`, then `finishDue` erases it. Ledger, bets and audit rows are never touched.
 *   A member closed for gambling harm leaves keyed digests of the mobile and ID number, so the
 *   person cannot open a new account. Asking twice answers the first erasure.
 * - Reopening: only an account closed for another reason than harm, not erased, once the licence
 *   profile's cooling-off since the closure is over: the member asks, then confirms.
 */
export const createErasure = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  profiles: Profiles;
  endSessions: EndSessions;
  changed: (memberId: number) => void;
  identity?: IdentityEraser | undefined;
  others?: readonly PersonalDataEraser[] | undefined;
}) => {
  const { db, now, profiles } = deps;
  const identity = () => {
    if (!deps.identity) throw new Error('protection: erasure needs identity (app.ts hands it in)');
    return deps.identity;
  };

  const digest = async (kind: 'mobile' | 'idNumber', value: string) =>
    createHmac('sha256', await identity().secret(MARK_KEY))
      .update(`${kind}:${normalise(kind, value)}`)
      .digest('hex');

  const erasureOf = async (within: Db, memberId: number) =>
    within
      .selectFrom('protection_erasure')
      .select(ERASURE_COLUMNS)
      .where('member_id', '=', memberId)
      .executeTakeFirst();

  /** The retained part: the KYC files' bytes and the date of birth read off them. */
  const eraseRetained = async (trx: Db, memberId: number, at: Date) => {
    await trx
      .updateTable('protection_kyc_document')
      .set({ content: new Uint8Array(0), erased_at: at, reason: null })
      .where('member_id', '=', memberId)
      .where('erased_at', 'is', null)
      .execute();
    await trx
      .updateTable('protection_member')
      .set({ birth_date: null, kyc_reason: null, updated_at: at })
      .where('member_id', '=', memberId)
      .execute();
  };

  /** Erases a closed account in `trx` (the member's own ask, or staff's: `staffId`). */
  const eraseIn = async (trx: Kysely<DB>, member: ProtectedMember, staffId: number | null) => {
    const at = now();
    const row = await store.lockMember(trx, member.id, at);
    const existing = await erasureOf(trx, member.id);
    if (existing) return erasureView(existing);
    if (row.restriction !== 'closed')
      throw new AppError('protection.erasure.unavailable', { value: { reason: 'open' } });
    const { amlRetentionYears } = await profiles.of(member.merchantCode, trx, true);
    const end = addYears(row.restricted_at ?? at, amlRetentionYears);
    const retainedUntil = amlRetentionYears > 0 && end.getTime() > at.getTime() ? end : null;
    const part = retainedUntil ? 'contact' : 'all';
    const person = await identity().erase(member.id, part, trx);
    for (const erase of deps.others ?? []) await erase(member.id, part, trx, at);
    if (row.closure_reason === 'harm' && person) {
      const marks = [
        ['mobile', person.mobile],
        ['idNumber', person.idNumber],
      ] as const;
      for (const [kind, value] of marks) {
        if (!value?.trim()) continue;
        await trx
          .insertInto('protection_exclusion_mark')
          .values({
            merchant_code: member.merchantCode,
            kind,
            digest: await digest(kind, value),
            member_id: member.id,
            all_merchants: row.all_merchants,
            until: null,
            created_at: at,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    await deps.endSessions(member.id, trx);
    if (!retainedUntil) await eraseRetained(trx, member.id, at);
    const erasure = await trx
      .insertInto('protection_erasure')
      .values({
        member_id: member.id,
        merchant_code: member.merchantCode,
        requested_at: at,
        requested_by: staffId,
        status: retainedUntil ? 'retained' : 'done',
        retained_until: retainedUntil,
        finished_at: retainedUntil ? null : at,
      })
      .returning(ERASURE_COLUMNS)
      .executeTakeFirstOrThrow();
    await store.insertEvent(trx, {
      merchantCode: member.merchantCode,
      memberId: member.id,
      action: 'erasure.done',
      detail: { retainedUntil: retainedUntil?.getTime() ?? null },
      staffId,
      at,
    });
    return erasureView(erasure);
  };

  const request = async (member: ProtectedMember) => {
    const view = await db.transaction().execute((trx) => eraseIn(trx, member, null));
    deps.changed(member.id);
    return view;
  };

  /** The `protection.erasure` job: erases the retained part of erasures whose retention is over. */
  const finishDue = async () => {
    const at = now();
    const due = await db
      .selectFrom('protection_erasure')
      .select(['member_id', 'merchant_code'])
      .where('status', '=', 'retained')
      .where('retained_until', '<=', at)
      .limit(500)
      .execute();
    for (const e of due) {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('protection_erasure')
          .set({ status: 'done', finished_at: at })
          .where('member_id', '=', e.member_id)
          .where('status', '=', 'retained')
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return; // another node finished it
        await identity().erase(e.member_id, 'all', trx);
        for (const erase of deps.others ?? []) await erase(e.member_id, 'all', trx, at);
        await eraseRetained(trx, e.member_id, at);
        await store.insertEvent(trx, {
          merchantCode: e.merchant_code,
          memberId: e.member_id,
          action: 'erasure.finished',
          at,
        });
      });
    }
    return due.length;
  };

  /** Refuses a new account whose mobile or ID number is marked (an erased, excluded person). */
  const assertNotExcluded = async (
    merchantCode: string,
    person: { mobile: string | null; idNumber: string | null },
  ) => {
    const digests: string[] = [];
    if (person.mobile?.trim()) digests.push(await digest('mobile', person.mobile));
    if (person.idNumber?.trim()) digests.push(await digest('idNumber', person.idNumber));
    if (digests.length === 0) return;
    const at = now();
    const found = await db
      .selectFrom('protection_exclusion_mark')
      .select('member_id')
      .where('digest', 'in', digests)
      .where((eb) => eb.or([eb('merchant_code', '=', merchantCode), eb('all_merchants', '=', true)]))
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]))
      .limit(1)
      .executeTakeFirst();
    if (found) throw new AppError('protection.excluded.person');
  };

  const reopenFrom = async (
    within: Db,
    row: store.MemberRow | undefined,
    merchantCode: string,
    erased: boolean,
  ) => {
    if (row?.restriction !== 'closed') return { reason: 'open' as const, from: null };
    if (row.closure_reason !== 'other') return { reason: 'harm' as const, from: null };
    if (erased) return { reason: 'erased' as const, from: null };
    const { coolingOffHours } = await profiles.of(merchantCode, within);
    const cooled = (row.restricted_at?.getTime() ?? 0) + coolingOffHours * HOUR_MS;
    const from = Math.max(cooled, row.reopen_requested_at?.getTime() ?? 0);
    return { reason: null, from };
  };

  const account = async (member: ProtectedMember, within: Db = db) => {
    const row = await store.readMember(within, member.id);
    const erasure = await erasureOf(within, member.id);
    const closed = row?.restriction === 'closed';
    const reopen = await reopenFrom(within, row, member.merchantCode, erasure !== undefined);
    return {
      closed,
      closedAt: closed ? (row?.restricted_at?.getTime() ?? null) : null,
      closureReason: closed ? ((row?.closure_reason ?? 'harm') as 'harm' | 'other') : null,
      reopen: {
        possible: reopen.reason === null,
        requestedAt: closed ? (row?.reopen_requested_at?.getTime() ?? null) : null,
        from: reopen.from,
      },
      erasure: erasure ? erasureView(erasure) : null,
    };
  };

  const requestReopen = async (member: ProtectedMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      const erased = (await erasureOf(trx, member.id)) !== undefined;
      const { reason } = await reopenFrom(trx, row, member.merchantCode, erased);
      if (reason) throw new AppError('protection.reopen.unavailable', { value: { reason, from: null } });
      if (row.reopen_requested_at !== null) return; // asked already
      await trx
        .updateTable('protection_member')
        .set({ reopen_requested_at: at, updated_at: at })
        .where('member_id', '=', member.id)
        .execute();
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'account.reopen.requested',
        at,
      });
    });
    deps.changed(member.id);
    return account(member);
  };

  const confirmReopen = async (member: ProtectedMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      const erased = (await erasureOf(trx, member.id)) !== undefined;
      const { reason, from } = await reopenFrom(trx, row, member.merchantCode, erased);
      if (reason) throw new AppError('protection.reopen.unavailable', { value: { reason, from: null } });
      if (row.reopen_requested_at === null)
        throw new AppError('protection.reopen.unavailable', { value: { reason: 'notRequested', from } });
      if (at.getTime() < from)
        throw new AppError('protection.reopen.unavailable', { value: { reason: 'coolingOff', from } });
      await store.clearRestriction(trx, member.id, at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'account.reopened',
        at,
      });
    });
    deps.changed(member.id);
    return account(member);
  };

  /** The back office's list of erasures (newest first). */
  const list = async (f: {
    merchant?: string | undefined;
    memberId?: number | undefined;
    status?: 'retained' | 'done' | undefined;
    page: number;
    pageSize: number;
  }) => {
    let q = db.selectFrom('protection_erasure');
    if (f.merchant) q = q.where('merchant_code', '=', f.merchant);
    if (f.memberId) q = q.where('member_id', '=', f.memberId);
    if (f.status) q = q.where('status', '=', f.status);
    const total = Number(
      (await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
    );
    const rows = await q
      .select(ERASURE_COLUMNS)
      .orderBy('requested_at', 'desc')
      .orderBy('member_id', 'desc')
      .offset((f.page - 1) * f.pageSize)
      .limit(f.pageSize)
      .execute();
    return { rows, total };
  };

  return { request, eraseIn, finishDue, assertNotExcluded, account, requestReopen, confirmReopen, list };
};

export type Erasure = ReturnType<typeof createErasure>;
