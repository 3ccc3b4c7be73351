import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The member's responsible-gaming settings and history for a data download (issue 16, data rights). */
export const protectionDataOf = async (db: Kysely<DB>, memberId: number) => ({
  limits: await db
    .selectFrom('protection_limit')
    .select(['kind', 'period', 'amount', 'pending_action', 'pending_amount', 'pending_from', 'updated_at'])
    .where('member_id', '=', memberId)
    .execute(),
  events: await db
    .selectFrom('protection_event')
    .select(['action', 'detail', 'at'])
    .where('member_id', '=', memberId)
    .orderBy('at', 'desc')
    .limit(10_000)
    .execute(),
  /**
   * KYC submissions (docs/decisions/052): status, dates and document kinds, never the files (the
   * download is a JSON or CSV file; the documents were the member's own to begin with).
   */
  kyc: {
    status:
      (
        await db
          .selectFrom('protection_member')
          .select('kyc_status')
          .where('member_id', '=', memberId)
          .executeTakeFirst()
      )?.kyc_status ?? 'none',
    documents: await db
      .selectFrom('protection_kyc_document')
      .select(['kind', 'mime', 'size_bytes', 'status', 'reason', 'created_at', 'reviewed_at', 'erased_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(1_000)
      .execute(),
  },
});
