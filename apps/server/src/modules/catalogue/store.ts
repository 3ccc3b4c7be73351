import { type Kysely, sql, type Transaction } from 'kysely';
import type { CatalogueGameType, DB, Localized } from '../../db/schema';

/** Queries of the catalogue module. Each takes the Kysely handle (or transaction) it runs on. */
type Db = Kysely<DB> | Transaction<DB>;

export const readVersion = async (db: Db) =>
  (await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow())
    .version;

export const bumpVersion = async (db: Db) =>
  (
    await db
      .updateTable('catalogue_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow()
  ).version;

export const readVendors = (db: Db) =>
  db.selectFrom('vendor').selectAll().orderBy('sort').orderBy('code').orderBy('game_type').execute();

export const readClassifies = (db: Db) =>
  db.selectFrom('game_classify').selectAll().orderBy('sort').orderBy('key').execute();

export type GameRow = {
  node_id: string;
  game_id: string;
  vendor_code: string;
  game_type: CatalogueGameType;
  display_name: Localized;
  search_text: string;
  classify: string[];
  min_bet: string;
  min_line_num: number;
  hot_rank: number | null;
  is_new: boolean;
  icon_media_id: string | null;
  icon_url: string | null;
  sort: number;
  enabled: boolean;
  launch: Record<string, unknown>;
};

const gameColumns = [
  'node_id',
  'game_id',
  'vendor_code',
  'game_type',
  'display_name',
  'search_text',
  'classify',
  'min_line_num',
  'hot_rank',
  'is_new',
  'icon_media_id',
  'icon_url',
  'sort',
  'enabled',
  'launch',
] as const;

/** Every game (enabled or not); numeric min bets come back as text so nothing passes a float. */
export const readGames = async (db: Db): Promise<GameRow[]> =>
  db
    .selectFrom('game')
    .select(gameColumns)
    .select(sql<string>`min_bet::text`.as('min_bet'))
    .orderBy('sort')
    .orderBy('node_id')
    .execute();

export const readFavourites = (db: Db, memberId: number) =>
  db
    .selectFrom('favourite_game')
    .select(['node_id', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('node_id')
    .execute();

export const addFavourite = async (db: Db, memberId: number, nodeId: string, now: Date) => {
  await db
    .insertInto('favourite_game')
    .values({ member_id: memberId, node_id: nodeId, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
};

export const removeFavourite = async (db: Db, memberId: number, nodeId: string) => {
  await db
    .deleteFrom('favourite_game')
    .where('member_id', '=', memberId)
    .where('node_id', '=', nodeId)
    .execute();
};

/** How many recent games a member keeps (the lottery's recent count of spec §9). */
export const RECENT_KEEP = 100;

export const readRecent = (db: Db, memberId: number) =>
  db
    .selectFrom('recent_game')
    .select(['node_id', 'last_played_at'])
    .where('member_id', '=', memberId)
    .orderBy('last_played_at', 'desc')
    .orderBy('node_id')
    .limit(RECENT_KEEP)
    .execute();

/** Records a play of a game (the launch calls this); keeps the newest RECENT_KEEP per member. */
export const recordPlay = async (db: Db, memberId: number, nodeId: string, at: Date) => {
  await db
    .insertInto('recent_game')
    .values({ member_id: memberId, node_id: nodeId, last_played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ last_played_at: at }))
    .execute();
  await db
    .deleteFrom('recent_game')
    .where('member_id', '=', memberId)
    .where('node_id', 'not in', (qb) =>
      qb
        .selectFrom('recent_game')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('last_played_at', 'desc')
        .orderBy('node_id')
        .limit(RECENT_KEEP),
    )
    .execute();
};

/** The biggest wins of a merchant since a time, with the winner's account name. */
export const readWins = (db: Db, merchantCode: string, since: Date, limit: number, category: string) => {
  let query = db
    .selectFrom('game_win as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .innerJoin('game as g', 'g.node_id', 'w.node_id')
    .innerJoin('vendor as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .select(['m.username', 'w.node_id', 'w.won_at'])
    .select(sql<string>`w.win_amount::text`.as('win_amount'))
    .where('w.merchant_code', '=', merchantCode)
    .where('w.won_at', '>=', since);
  if (category !== 'ALL') {
    query = query.where((eb) =>
      eb.or([
        eb('v.lane', '=', category as 'ESPORTS' | 'COCKFIGHT'),
        eb.and([eb('v.lane', 'is', null), eb('g.game_type', '=', category as CatalogueGameType)]),
      ]),
    );
  }
  return query.orderBy('w.win_amount', 'desc').orderBy('w.won_at', 'desc').limit(limit).execute();
};
