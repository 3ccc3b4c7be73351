import { type Kysely, sql } from 'kysely';

/**
 * The licence profile's limit prompt (issue 16, docs/decisions/053): the member's answer to
 * "set your deposit limits" on `protection_member` — `set` (a limit was set from the prompt or the
 * security centre) or `declined` ("not now"), and when. A profile with a prompt refuses deposits
 * until the member has answered.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE protection_member
      ADD COLUMN limit_prompt_answer text CHECK (limit_prompt_answer IN ('set', 'declined')),
      ADD COLUMN limit_prompt_answered_at timestamptz;
  `.execute(db);
};
