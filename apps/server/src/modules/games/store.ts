import type { Localized } from '../../db/schema';
import type { Db } from '../../shared/db';

/** Reads of the catalogue and the ledger the games module needs. */

export type GameRow = {
  node_id: string;
  game_id: string;
  vendor_code: string;
  game_type: string;
  display_name: Localized;
  min_bet: string;
  launch: Record<string, unknown>;
  /** The catalogue's classify tags (the in-house engine follows them). */
  classify: string[];
  game_enabled: boolean;
  vendor_enabled: boolean;
  allow_demo: boolean;
};

const gameQuery = (db: Db) =>
  db
    .selectFrom('game as g')
    .innerJoin('vendor as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .select([
      'g.node_id',
      'g.game_id',
      'g.vendor_code',
      'g.game_type',
      'g.display_name',
      'g.min_bet',
      'g.launch',
      'g.classify',
      'g.enabled as game_enabled',
      'v.enabled as vendor_enabled',
      'v.allow_demo',
    ]);

export const findGameByNode = (db: Db, nodeId: string): Promise<GameRow | undefined> =>
  gameQuery(db).where('g.node_id', '=', nodeId).executeTakeFirst();

export const findGameByVendorId = (
  db: Db,
  vendorCode: string,
  gameId: string,
  gameType: string | undefined,
): Promise<GameRow | undefined> => {
  let query = gameQuery(db).where('g.vendor_code', '=', vendorCode).where('g.game_id', '=', gameId);
  if (gameType) query = query.where('g.game_type', '=', gameType as never);
  return query.orderBy('g.node_id').limit(1).executeTakeFirst();
};

/**
 * The sportsbook games (SPORTS vendors outside the esports and cockfight lanes), enabled, one
 * row per vendor (its first game), in the catalogue's vendor order.
 */
export const sportsbookGames = async (db: Db) => {
  const rows = await db
    .selectFrom('game as g')
    .innerJoin('vendor as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .select(['g.node_id', 'g.vendor_code'])
    .where('g.game_type', '=', 'SPORTS')
    .where('v.lane', 'is', null)
    .where('v.enabled', '=', true)
    .where('g.enabled', '=', true)
    .orderBy('v.sort')
    .orderBy('v.code')
    .orderBy('g.sort')
    .orderBy('g.node_id')
    .execute();
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.vendor_code) && seen.add(r.vendor_code));
};

/** A localised name: the language's, else English, else any. */
export const nameIn = (names: Localized | null | undefined, language: string) => {
  if (!names) return '';
  const map = names as Record<string, string | undefined>;
  return map[language] ?? map.en ?? Object.values(map).find((v) => typeof v === 'string') ?? '';
};

/** The member's main wallet balance (0 before the account exists). */
export const mainBalance = async (db: Db, merchantCode: string, currency: string, memberId: number) => {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_code', '=', merchantCode)
    .where('currency', '=', currency)
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
};

export const memberStatus = async (db: Db, memberId: number) =>
  (await db.selectFrom('member').select(['status', 'type']).where('id', '=', memberId).executeTakeFirst()) ??
  null;
