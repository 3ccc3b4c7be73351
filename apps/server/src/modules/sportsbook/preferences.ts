import type { SportsbookOddsFormat } from '@khela/contract';
import type { Db } from '../../shared/db';

/** The member's sportsbook preferences (issue 21): the odds format, kept with the account. */
export const preferencesOf = async (db: Db, memberId: number) => {
  const row = await db
    .selectFrom('sb_member_preference')
    .select('odds_format')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { oddsFormat: (row?.odds_format as SportsbookOddsFormat | undefined) ?? null };
};

export const savePreferences = async (
  db: Db,
  memberId: number,
  input: { oddsFormat: SportsbookOddsFormat },
  at: Date,
) => {
  await db
    .insertInto('sb_member_preference')
    .values({ member_id: memberId, odds_format: input.oddsFormat, updated_at: at })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ odds_format: input.oddsFormat, updated_at: at }))
    .execute();
  return preferencesOf(db, memberId);
};
