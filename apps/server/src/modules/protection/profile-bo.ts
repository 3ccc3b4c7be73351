import { type LicenceProfile, protectionBoRoutes as r } from '@khela/contract';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan, type StaffRouter, staffActor } from '../staff';
import type { MemberDirectory } from './bo';
import { erasureView } from './erasure';
import { profileView } from './profiles';
import type { Protection } from './service';

/** The back office's licence-profile editor and KYC queue (docs/decisions/045); every change audited. */
export const createProfileBackoffice = (protection: Protection, members: MemberDirectory) => {
  const { db, now, profiles, kyc } = protection;

  const profile = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'protection.read');
    return profileView(await profiles.of(merchant, db, true));
  };

  /** A new version of the merchant's profile; the audit keeps the one before and the one after. */
  const saveProfile = async (
    actor: Actor,
    input: LicenceProfile & { merchant: string; baseVersion: number },
  ) => {
    assertCan(actor, 'protection.write');
    const { merchant, ...rest } = input;
    const saved = await db.transaction().execute(async (trx) => {
      const before = profileView(await profiles.of(merchant, trx, true));
      const after = profileView(await profiles.save(trx, merchant, rest, actor.id));
      await appendAudit(
        trx,
        actor,
        { action: 'protection.profile.save', target: `merchant:${merchant}`, before, after },
        now(),
      );
      return after;
    });
    profiles.forget(merchant);
    return saved;
  };

  const kycQueue = async (
    actor: Actor,
    f: {
      merchant?: string | undefined;
      status: 'pending' | 'approved' | 'rejected';
      page: number;
      pageSize: number;
    },
  ) => {
    assertCan(actor, 'protection.read');
    const { rows, total } = await kyc.queue(f);
    const names = await members.byIds([...new Set(rows.map((row) => row.memberId))]);
    return {
      items: rows.map((row) => ({ ...row, username: names.get(row.memberId)?.username ?? '' })),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  };

  const kycDocument = async (actor: Actor, id: number) => {
    assertCan(actor, 'protection.read');
    return kyc.documentFile(id);
  };

  const kycReview = async (
    actor: Actor,
    input:
      | { id: number; decision: 'approve'; birthDate: string }
      | { id: number; decision: 'reject'; reason: string },
  ) => {
    assertCan(actor, 'protection.write');
    await db.transaction().execute(async (trx) => {
      const { memberId } = await kyc.review(trx, actor.id, input);
      await appendAudit(
        trx,
        actor,
        { action: `protection.kyc.${input.decision}`, target: `member:${memberId}`, after: input },
        now(),
      );
    });
    return { ok: true as const };
  };

  /** Erasures (docs/decisions/052): retained until, done; newest first. */
  const erasures = async (
    actor: Actor,
    f: {
      merchant?: string | undefined;
      memberId?: number | undefined;
      status?: 'retained' | 'done' | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    assertCan(actor, 'protection.read');
    const { rows, total } = await protection.erasure.list(f);
    const names = await members.byIds(rows.map((row) => row.member_id));
    return {
      items: rows.map((row) => ({
        ...erasureView(row),
        memberId: row.member_id,
        merchant: row.merchant_code,
        username: names.get(row.member_id)?.username ?? '',
      })),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  };

  /** Erases a closed account on the member's behalf; the audit row is written in the same transaction. */
  const erase = async (actor: Actor, input: { memberId: number; reason: string }) => {
    assertCan(actor, 'protection.write');
    const member = (await members.byIds([input.memberId])).get(input.memberId);
    if (!member) throw new AppError('not.found');
    const view = await db.transaction().execute(async (trx) => {
      const done = await protection.erasure.eraseIn(
        trx,
        { id: input.memberId, merchantCode: member.merchantCode },
        actor.id,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'protection.erasure',
          target: `member:${input.memberId}`,
          after: { reason: input.reason, ...done },
        },
        now(),
      );
      return done;
    });
    return view;
  };

  return { profile, saveProfile, kycQueue, kycDocument, kycReview, erasures, erase };
};

export type ProfileBackoffice = ReturnType<typeof createProfileBackoffice>;

export const registerProfileBackofficeRoutes = ({ route }: StaffRouter, bo: ProfileBackoffice) => {
  route(r.boProtectionProfile, async (q) => bo.profile(staffActor(q), q.query.merchant));
  route(r.boProtectionProfileSave, async (q) => bo.saveProfile(staffActor(q), q.body));
  route(r.boProtectionKyc, async (q) => bo.kycQueue(staffActor(q), q.query));
  route(r.boProtectionKycDocument, async (q, reply) => {
    const file = await bo.kycDocument(staffActor(q), q.query.id);
    return reply
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(file.content);
  });
  route(r.boProtectionKycReview, async (q) => bo.kycReview(staffActor(q), q.body));
  route(r.boProtectionErasures, async (q) => bo.erasures(staffActor(q), q.query));
  route(r.boProtectionErase, async (q) => bo.erase(staffActor(q), q.body));
};
