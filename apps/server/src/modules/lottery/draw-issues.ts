import { chainLink, drawNumbers, GENESIS_LINK, issueClientSeed } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as store from './store';

/**
 * Draws every issue whose draw time has come, oldest first: numbers from `@khela/fair` with the
 * issue's own server seed and client seed `${game}-${issue}` — a CSPRNG seed made before the
 * issue opened, never chosen by exposure, win rate or who bet. Each draw is chained to the
 * game's previous one under a lock of the game's row, so two nodes chain in one order and an
 * issue is drawn once (`markDrawn` only moves a scheduled issue).
 */
export const drawDueIssues = async (db: Kysely<DB>, now: Date, limit = 200) => {
  let drawn = 0;
  const games = new Map((await store.games(db)).map((g) => [`${g.merchantCode}/${g.code}`, g]));
  for (const issue of await store.dueIssues(db, now, limit)) {
    const game = games.get(`${issue.merchantCode}/${issue.gameCode}`);
    if (!game) continue;
    const done = await db.transaction().execute(async (trx) => {
      await store.lockGame(trx, issue.merchantCode, issue.gameCode);
      const fresh = await store.issueById(trx, issue.id, true);
      if (fresh?.status !== 'scheduled') return false;
      const numbers = drawNumbers(
        game.kind,
        fresh.serverSeed,
        issueClientSeed(fresh.gameCode, fresh.issueNo),
      );
      const previousLink = (await store.lastLink(trx, fresh.merchantCode, fresh.gameCode)) ?? GENESIS_LINK;
      const link = chainLink({
        previousLink,
        gameCode: fresh.gameCode,
        issueNo: fresh.issueNo,
        serverSeed: fresh.serverSeed,
        numbers,
      });
      return store.markDrawn(trx, fresh.id, { numbers, previousLink, link }, now);
    });
    if (done) drawn += 1;
  }
  return drawn;
};
