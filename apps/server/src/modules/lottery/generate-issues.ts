import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf } from '@khela/fair';
import type { Db } from '../../shared/db';
import { issuesDue } from './schedule';
import * as store from './store';

/** Issues are generated this far ahead: every commitment is public before its issue opens. */
export const ISSUES_AHEAD_MS = 10 * 60_000;

/**
 * The scheduler's job: for every enabled game, the issues of its rule in force that should exist
 * now (the open one and those opening within `ISSUES_AHEAD_MS`), each with a fresh server seed
 * and its commitment. Exactly once even on several nodes: the unique (merchant, game, issue
 * number) key and ON CONFLICT DO NOTHING keep the first row and its seed.
 */
export const generateIssues = async (db: Db, now: Date) => {
  let created = 0;
  for (const game of await store.games(db)) {
    if (!game.enabled) continue;
    const rule = await store.ruleInForce(db, game.merchantCode, game.code, now);
    if (!rule) continue;
    const due = issuesDue(rule, now, ISSUES_AHEAD_MS);
    created += await store.insertIssues(
      db,
      due.map((times) => {
        const serverSeed = randomBytes(32).toString('hex');
        return {
          id: randomUUID(),
          merchantCode: game.merchantCode,
          gameCode: game.code,
          ruleId: rule.id,
          ...times,
          serverSeed,
          commitment: commitmentOf(serverSeed),
        };
      }),
      now,
    );
  }
  return created;
};
