import { KYC_MAX_BYTES, type KycDocumentKind, type KycStatus } from '@khela/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { sniffPngJpeg } from '../../shared/images';
import type { ProtectedMember } from './limits';
import { ageOn, type Profiles } from './profiles';
import * as store from './store';

type KycMime = 'image/png' | 'image/jpeg' | 'application/pdf';

/** The type of an uploaded document by its content (never by its name or the sent type). */
export const sniffKycDocument = (bytes: Uint8Array): KycMime | null => {
  const image = sniffPngJpeg(bytes);
  if (image) return image;
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'
    ? 'application/pdf'
    : null;
};

const DOCUMENT_COLUMNS = [
  'id',
  'member_id',
  'merchant_code',
  'kind',
  'mime',
  'size_bytes',
  'status',
  'reason',
  'created_at',
  'erased_at',
] as const;

const documentView = (d: {
  id: string | number;
  kind: string;
  mime: string;
  size_bytes: number;
  status: string;
  reason: string | null;
  created_at: Date;
  erased_at: Date | null;
}) => ({
  id: Number(d.id),
  kind: d.kind as KycDocumentKind,
  mime: d.mime,
  sizeBytes: d.size_bytes,
  status: d.status as 'pending' | 'approved' | 'rejected',
  reason: d.reason,
  createdAt: d.created_at.getTime(),
  erased: d.erased_at !== null,
});

/**
 * KYC (docs/decisions/045): members upload identity documents, staff approve (with the date of
 * birth, checked against the licence's minimum age) or reject them with a reason; the member's
 * status is `none`, `pending`, `verified` or `rejected`. The cashier asks `assertWithdrawal` and
 * the deposit counting asks `assertDeposit` in their own transactions.
 */
export const createKyc = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  profiles: Profiles;
  changed: (memberId: number) => void;
}) => {
  const { db, now, profiles } = deps;

  const statusOf = async (within: Db, memberId: number): Promise<KycStatus> =>
    ((await store.readMember(within, memberId))?.kyc_status as KycStatus | undefined) ?? 'none';

  const view = async (member: ProtectedMember) => {
    const row = await store.readMember(db, member.id);
    const documents = await db
      .selectFrom('protection_kyc_document')
      .select(DOCUMENT_COLUMNS)
      .where('member_id', '=', member.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const profile = await profiles.of(member.merchantCode);
    return {
      status: (row?.kyc_status ?? 'none') as KycStatus,
      reason: row?.kyc_reason ?? null,
      documents: documents.map(documentView),
      required: {
        beforeDeposit: profile.kycBeforeDeposit,
        withdrawalAbove: profile.kycWithdrawalAbove?.toString() ?? null,
      },
    };
  };

  /** Stores one document (checked by content and size); the status becomes pending unless verified. */
  const upload = async (member: ProtectedMember, kind: KycDocumentKind, bytes: Buffer) => {
    if (bytes.length === 0) throw new AppError('protection.kyc.file', { value: { reason: 'empty' } });
    if (bytes.length > KYC_MAX_BYTES)
      throw new AppError('protection.kyc.file', { value: { reason: 'size' } });
    const mime = sniffKycDocument(bytes);
    if (!mime) throw new AppError('protection.kyc.file', { value: { reason: 'type' } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      await trx
        .insertInto('protection_kyc_document')
        .values({
          member_id: member.id,
          merchant_code: member.merchantCode,
          kind,
          mime,
          size_bytes: bytes.length,
          content: bytes,
          created_at: at,
        })
        .execute();
      if (row.kyc_status !== 'verified')
        await store.setKyc(trx, member.id, { status: 'pending', reason: null }, at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'kyc.uploaded',
        detail: { kind, mime, size: bytes.length },
        at,
      });
    });
    deps.changed(member.id);
    return view(member);
  };

  /** The back office's queue of documents of a status (oldest first: first come, first served). */
  const queue = async (f: {
    memberIds?: number[] | undefined;
    merchant?: string | undefined;
    status: 'pending' | 'approved' | 'rejected';
    page: number;
    pageSize: number;
  }) => {
    let q = db.selectFrom('protection_kyc_document').where('status', '=', f.status);
    if (f.merchant) q = q.where('merchant_code', '=', f.merchant);
    const total = Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q
      .select(DOCUMENT_COLUMNS)
      .orderBy('created_at', f.status === 'pending' ? 'asc' : 'desc')
      .orderBy('id')
      .offset((f.page - 1) * f.pageSize)
      .limit(f.pageSize)
      .execute();
    return {
      rows: rows.map((r) => ({ ...documentView(r), memberId: r.member_id, merchant: r.merchant_code })),
      total,
    };
  };

  const documentFile = async (id: number) => {
    const row = await db
      .selectFrom('protection_kyc_document')
      .select(['mime', 'content', 'member_id', 'merchant_code'])
      .where('id', '=', String(id))
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    return row;
  };

  /** Approves (the date of birth must meet the profile's minimum age) or rejects a pending document. */
  const review = async (
    trx: Db,
    staffId: number,
    input:
      | { id: number; decision: 'approve'; birthDate: string }
      | { id: number; decision: 'reject'; reason: string },
  ) => {
    const at = now();
    const doc = await trx
      .selectFrom('protection_kyc_document')
      .select(['id', 'member_id', 'merchant_code', 'status'])
      .where('id', '=', String(input.id))
      .forUpdate()
      .executeTakeFirst();
    if (!doc) throw new AppError('not.found');
    if (doc.status !== 'pending') throw new AppError('protection.kyc.reviewed');
    const member = await store.lockMember(trx, doc.member_id, at);
    if (input.decision === 'approve') {
      const { minAge } = await profiles.of(doc.merchant_code, trx, true);
      if (ageOn(input.birthDate, at) < minAge)
        throw new AppError('protection.kyc.underage', { value: { minAge } });
    }
    const approved = input.decision === 'approve';
    await trx
      .updateTable('protection_kyc_document')
      .set({
        status: approved ? 'approved' : 'rejected',
        reason: approved ? null : input.reason,
        reviewed_by: staffId,
        reviewed_at: at,
      })
      .where('id', '=', doc.id)
      .execute();
    if (approved)
      await store.setKyc(
        trx,
        doc.member_id,
        { status: 'verified', reason: null, birthDate: input.birthDate },
        at,
      );
    else if (member.kyc_status !== 'verified')
      await store.setKyc(trx, doc.member_id, { status: 'rejected', reason: input.reason }, at);
    await store.insertEvent(trx, {
      merchantCode: doc.merchant_code,
      memberId: doc.member_id,
      action: approved ? 'kyc.approved' : 'kyc.rejected',
      detail: { document: input.id },
      staffId,
      at,
    });
    deps.changed(doc.member_id);
    return { memberId: doc.member_id, merchantCode: doc.merchant_code };
  };

  const required = (status: KycStatus, above: bigint | null) =>
    new AppError('protection.kyc.required', { value: { status, above: above?.toString() ?? null } });

  /** In the withdrawal's transaction: above the profile's threshold the member must be verified. */
  const assertWithdrawal = async (trx: Db, memberId: number, merchantCode: string, amount: bigint) => {
    const { kycWithdrawalAbove: above } = await profiles.of(merchantCode, trx);
    if (above === null || amount <= above) return;
    const status = await statusOf(trx, memberId);
    if (status !== 'verified') throw required(status, above);
  };

  /** In the deposit's transaction: a profile asking for KYC before deposits refuses the unverified. */
  const assertDeposit = async (trx: Db, memberId: number, merchantCode: string) => {
    const profile = await profiles.of(merchantCode, trx);
    if (profile.moneyMode === 'play') throw new AppError('protection.play.money');
    if (!profile.kycBeforeDeposit) return;
    const status = await statusOf(trx, memberId);
    if (status !== 'verified') throw required(status, null);
  };

  return { view, upload, queue, documentFile, review, assertWithdrawal, assertDeposit };
};

export type Kyc = ReturnType<typeof createKyc>;
