import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/**
 * Members whose date of birth (read off an approved KYC document, ADR 045) falls on one of
 * `monthDays` ('MM-DD') and whom marketing may reach at `at` — the loyalty birthday bonus (ADR 056).
 * One statement; "marketing stopped" is `marketingStopped` in SQL: a restriction in force (time-out,
 * self-exclusion, closure), or a self-exclusion whose term ended and was not lifted.
 */
export const birthdayMembers = async (db: Db, monthDays: string[], at: Date): Promise<number[]> => {
  if (monthDays.length === 0) return [];
  const rows = await sql<{ member_id: number }>`
    SELECT member_id FROM protection_member
    WHERE birth_date IS NOT NULL
      AND to_char(birth_date, 'MM-DD') = ANY(${monthDays}::text[])
      AND NOT (
        (restriction <> 'none' AND (restricted_until IS NULL OR restricted_until > ${at}))
        OR (restriction = 'self_exclusion' AND restricted_until IS NOT NULL AND restricted_until <= ${at})
      )
    ORDER BY member_id
  `.execute(db);
  return rows.rows.map((r) => r.member_id);
};
