import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import type { ProtectedMember } from './limits';
import type { Profiles } from './profiles';
import * as store from './store';

/**
 * The licence profile's limit prompt (issue 16, docs/decisions/053). A profile saying
 * `registration` or `firstDeposit` asks every member to set deposit limits — the site shows the
 * prompt after registering or on the deposit page — and refuses deposits until the member has
 * answered: by setting a limit (limits.ts records `set`) or by saying "not now" here.
 */
export const createLimitPrompt = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  profiles: Profiles;
  changed: (memberId: number) => void;
}) => {
  const { db, now } = deps;

  /** "Not now": the prompt is answered without a limit (audited); a limit set later still counts. */
  const decline = async (member: ProtectedMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      if (row.limit_prompt_answer) return;
      await store.answerLimitPrompt(trx, member.id, 'declined', at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'limit.prompt.declined',
        at,
      });
    });
    deps.changed(member.id);
  };

  /** In the deposit's transaction: a profile with a prompt refuses the member who has not answered it. */
  const assertDeposit = async (trx: Db, memberId: number, merchantCode: string) => {
    const { limitPrompt } = await deps.profiles.of(merchantCode, trx);
    if (limitPrompt === 'none') return;
    const row = await store.readMember(trx, memberId);
    if (!row?.limit_prompt_answer)
      throw new AppError('protection.limit.prompt', { value: { when: limitPrompt } });
  };

  return { decline, assertDeposit };
};

export type LimitPromptService = ReturnType<typeof createLimitPrompt>;
