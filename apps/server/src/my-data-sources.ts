import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { gamesDataOf } from './modules/games';
import { identityDataOf } from './modules/identity';
import { inboxDataOf } from './modules/inbox';
import { lotteryDataOf } from './modules/lottery';
import { type DataSource, protectionDataOf } from './modules/protection';
import { walletDataOf } from './modules/wallet';

/**
 * Data rights (issue 16): the sections of a member's data download, each read by the module that
 * owns it (part of the composition root, app.ts).
 */
export const myDataSources = (db: Kysely<DB>): Record<string, DataSource> => ({
  profile: (memberId) => identityDataOf(db, memberId),
  transactions: (memberId) => walletDataOf(db, memberId),
  gameRounds: (memberId) => gamesDataOf(db, memberId),
  lotteryBets: (memberId) => lotteryDataOf(db, memberId),
  messages: (memberId) => inboxDataOf(db, memberId),
  responsibleGaming: (memberId) => protectionDataOf(db, memberId),
});
