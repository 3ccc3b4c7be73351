import {
  FAVOURITE_PAGE_SIZE_MAX,
  GAME_PAGE_SIZE_MAX,
  type Game,
  type GameType,
  type Language,
  WINNER_BOARD_LIMIT,
  type WinnerVo,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { clampPage, formatDecimal, maskName } from './formatting';
import type { GameEntry, Snapshot } from './snapshot';
import * as store from './store';

const WIN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type Deps = {
  db: Kysely<DB>;
  now: () => Date;
  /** The service's current snapshot (reloaded when the stored version changes). */
  current: () => Promise<Snapshot>;
  gameOf: (entry: GameEntry, language: Language) => Game;
};

/** A member's own games (favourites, recent plays) and the winners board: read per member from the database, named from the snapshot. */
export const createMemberGames = ({ db, now, current, gameOf }: Deps) => {
  /** The game a favourite payload names: it must exist, and vendor and type must be its own. */
  const findGame = (snap: Snapshot, nodeId: string, vendor: string, gameType: GameType) => {
    const entry = snap.byNode.get(nodeId);
    const v = entry?.vendor.row;
    if (!entry || !v || v.code !== vendor.toUpperCase()) throw new AppError('not.found');
    if (gameType !== v.game_type && gameType !== v.lane) throw new AppError('not.found');
    return entry;
  };

  const favouriteIds = async (memberId: number) => {
    const snap = await current();
    const rows = await store.readFavourites(db, memberId);
    return rows.filter((r) => snap.byNode.has(r.node_id)).map((r) => r.node_id);
  };

  const addFavourite = async (
    memberId: number,
    body: { nodeId: string; vendor: string; gameType: GameType },
  ) => {
    const snap = await current();
    const entry = findGame(snap, body.nodeId, body.vendor, body.gameType);
    await store.addFavourite(db, memberId, entry.row.node_id, now());
    return favouriteIds(memberId);
  };

  const removeFavourite = async (memberId: number, body: { nodeId: string }) => {
    await store.removeFavourite(db, memberId, body.nodeId);
    return favouriteIds(memberId);
  };

  const favouriteList = async (
    memberId: number,
    language: Language,
    filter: { gameType?: GameType | undefined; pageNo?: number | undefined; pageSize?: number | undefined },
  ) => {
    const snap = await current();
    const rows = await store.readFavourites(db, memberId);
    const entries = rows
      .map((r) => snap.byNode.get(r.node_id))
      .filter((g): g is GameEntry => g !== undefined)
      .filter(
        (g) =>
          !filter.gameType || g.row.game_type === filter.gameType || g.vendor.row.lane === filter.gameType,
      );
    const { size, totalPages, page, offset } = clampPage(
      entries.length,
      filter.pageNo,
      filter.pageSize,
      FAVOURITE_PAGE_SIZE_MAX,
    );
    return {
      content: entries.slice(offset, offset + size).map((g) => gameOf(g, language)),
      pageNum: page,
      totalPages,
      totalCount: entries.length,
    };
  };

  const recentGames = async (
    memberId: number,
    language: Language,
    filter: { vassalage?: string | undefined; pageNo?: number | undefined; pageSize?: number | undefined },
  ) => {
    const snap = await current();
    const code = filter.vassalage?.toUpperCase();
    const rows = await store.readRecent(db, memberId);
    const entries = rows
      .map((r) => ({ entry: snap.byNode.get(r.node_id), at: r.last_played_at }))
      .filter((r): r is { entry: GameEntry; at: Date } => r.entry !== undefined)
      .filter((r) => !code || r.entry.row.vendor_code === code);
    const { size, totalPages, page, offset } = clampPage(
      entries.length,
      filter.pageNo,
      filter.pageSize,
      GAME_PAGE_SIZE_MAX,
    );
    return {
      list: entries
        .slice(offset, offset + size)
        .map((r) => ({ ...gameOf(r.entry, language), lastPlayedAt: r.at.getTime() })),
      totalPages,
      totalCount: entries.length,
      pageNo: page,
    };
  };

  /** Records that a member opened a game (for the recent list); the game launch calls this. */
  const recordPlay = async (memberId: number, nodeId: string) => {
    const snap = await current();
    if (!snap.byNode.has(nodeId)) throw new AppError('not.found');
    await store.recordPlay(db, memberId, nodeId, now());
  };

  /** The biggest real wins of settled rounds in the last 7 days; empty until rounds are played. */
  const winnerBoard = async (merchantCode: string, language: Language, category: string, limit: number) => {
    const snap = await current();
    const rows = await store.readWins(
      db,
      merchantCode,
      new Date(now().getTime() - WIN_WINDOW_MS),
      Math.min(Math.max(limit, 1), WINNER_BOARD_LIMIT),
      category,
    );
    const list: { vo: WinnerVo }[] = [];
    for (const row of rows) {
      const entry = snap.byNode.get(row.node_id);
      if (!entry) continue;
      const game = gameOf(entry, language);
      list.push({
        vo: {
          customerName: maskName(row.username),
          winAmount: formatDecimal(row.win_amount),
          gameName: game.displayName,
          nodeId: game.nodeId,
          gameType: game.gameType,
          vendor: game.vendor,
          vassalage: game.vassalage,
          iconUrl: game.iconUrl,
          winTime: row.won_at.getTime(),
        },
      });
    }
    return { list };
  };

  return { favouriteIds, addFavourite, removeFavourite, favouriteList, recentGames, recordPlay, winnerBoard };
};
