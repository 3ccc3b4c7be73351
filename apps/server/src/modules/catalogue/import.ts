import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB, Localized } from '../../db/schema';
import { searchTextOf } from '../../shared/search-text';
import { classifySchema, type FeedProblem, gameSchema, type ParsedFeed, vendorSchema } from './feed-parse';
import { formatDecimal } from './formatting';
import * as store from './store';

export { csvRows, parseCsvFeed, parseFeed, parseJsonFeed } from './feed-parse';

/** Applying a parsed catalogue feed (feed-parse.ts reads it): see feed-parse.ts for the formats. */
export type Counts = { created: number; updated: number; unchanged: number };
export type ImportReport = {
  classifies: Counts;
  vendors: Counts;
  games: Counts;
  skipped: FeedProblem[];
  /** The catalogue version after the run (unchanged when nothing changed). */
  version: number;
  dryRun: boolean;
};

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

const newCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

/** A stable text of the fields that matter, so a stored row and a feed row compare equal when they match. */
const canonical = (value: Record<string, unknown>) => JSON.stringify(value, Object.keys(value).sort());

const BATCH = 500;

/**
 * Checks every row, then writes the good ones in one transaction (or, with `dryRun`, only
 * reports what would change). Rows are checked against the stored catalogue and the feed's own
 * good rows: a game's vendor and its classify tags must exist, a node id may appear once.
 */
export const applyFeed = async (
  db: Kysely<DB>,
  feed: ParsedFeed,
  options: { dryRun?: boolean; now?: Date } = {},
): Promise<ImportReport> => {
  const skipped: FeedProblem[] = [...feed.problems];
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const [storedClassifies, storedVendors, storedGames] = await Promise.all([
      store.readClassifies(trx),
      store.readVendors(trx),
      store.readGames(trx),
    ]);

    // Classify tags
    const classifyKeys = new Set(storedClassifies.map((c) => c.key));
    const storedClassify = new Map(storedClassifies.map((c) => [c.key, c]));
    const classifyRows: { key: string; display_name: Localized; sort: number }[] = [];
    const seenClassify = new Set<string>();
    for (const { line, value } of feed.classifies) {
      const parsed = classifySchema.safeParse(value);
      if (!parsed.success) {
        skipped.push({ line, record: 'classify', message: issuesOf(parsed.error) });
        continue;
      }
      const c = parsed.data;
      if (seenClassify.has(c.key)) {
        skipped.push({ line, record: 'classify', message: `key ${c.key} appears twice in the feed` });
        continue;
      }
      seenClassify.add(c.key);
      classifyKeys.add(c.key);
      classifyRows.push({
        key: c.key,
        display_name: c.displayName,
        sort: c.sort ?? storedClassify.get(c.key)?.sort ?? 0,
      });
    }

    // Vendors
    const vendorKeys = new Set(storedVendors.map((v) => `${v.code}|${v.game_type}`));
    const storedVendor = new Map(storedVendors.map((v) => [`${v.code}|${v.game_type}`, v]));
    const vendorRows: (typeof storedVendors)[number][] = [];
    const seenVendor = new Set<string>();
    for (const { line, value } of feed.vendors) {
      const parsed = vendorSchema.safeParse(value);
      if (!parsed.success) {
        skipped.push({ line, record: 'vendor', message: issuesOf(parsed.error) });
        continue;
      }
      const v = parsed.data;
      const key = `${v.code}|${v.gameType}`;
      if (seenVendor.has(key)) {
        skipped.push({
          line,
          record: 'vendor',
          message: `vendor ${v.code} ${v.gameType} appears twice in the feed`,
        });
        continue;
      }
      if (v.lane && v.gameType !== 'SPORTS') {
        skipped.push({
          line,
          record: 'vendor',
          message: 'lane: only SPORTS vendors move to the esports or cockfight lane',
        });
        continue;
      }
      seenVendor.add(key);
      vendorKeys.add(key);
      const old = storedVendor.get(key);
      vendorRows.push({
        code: v.code,
        game_type: v.gameType,
        display_name: v.displayName,
        lane: v.lane ?? null,
        is_hot: v.isHot ?? false,
        account_type_id: v.accountTypeId,
        account_type_name: v.accountTypeName ?? v.code,
        is_game: v.isGame ?? 'VASSALAGE',
        game_code: v.gameCode ?? null,
        default_play_type: v.defaultPlayType ?? null,
        // A feed never names stored media ids; keep the generated logo unless the feed gives an address.
        logo_media_id: v.logoUrl ? null : (old?.logo_media_id ?? null),
        icon_media_id: v.iconUrl ? null : (old?.icon_media_id ?? null),
        logo_url: v.logoUrl ?? null,
        icon_url: v.iconUrl ?? null,
        sort: v.sort ?? old?.sort ?? 0,
        enabled: v.enabled ?? true,
        allow_demo: v.allowDemo ?? false,
        updated_at: now,
      });
    }

    // Games
    const storedGame = new Map(storedGames.map((g) => [g.node_id, g]));
    const ownerOfGameId = new Map(
      storedGames.map((g) => [`${g.vendor_code}|${g.game_type}|${g.game_id}`, g.node_id]),
    );
    const gameRows: (store.GameRow & { updated_at: Date })[] = [];
    const seenNode = new Set<string>();
    for (const { line, value } of feed.games) {
      const parsed = gameSchema.safeParse(value);
      if (!parsed.success) {
        skipped.push({ line, record: 'game', message: issuesOf(parsed.error) });
        continue;
      }
      const g = parsed.data;
      const problem = (() => {
        if (seenNode.has(g.nodeId)) return `nodeId ${g.nodeId} appears twice in the feed`;
        if (!vendorKeys.has(`${g.vendor}|${g.gameType}`))
          return `no vendor ${g.vendor} of type ${g.gameType}`;
        const unknownTags = (g.classify ?? []).filter((k) => !classifyKeys.has(k));
        if (unknownTags.length > 0) return `unknown classify tag(s): ${unknownTags.join(', ')}`;
        const old = storedGame.get(g.nodeId);
        if (old && (old.vendor_code !== g.vendor || old.game_type !== g.gameType)) {
          return `nodeId ${g.nodeId} is a game of ${old.vendor_code} ${old.game_type}; a node id never moves`;
        }
        const owner = ownerOfGameId.get(`${g.vendor}|${g.gameType}|${g.gameId}`);
        if (owner && owner !== g.nodeId) return `gameId ${g.gameId} of ${g.vendor} belongs to game ${owner}`;
        return null;
      })();
      if (problem) {
        skipped.push({ line, record: 'game', message: problem });
        continue;
      }
      seenNode.add(g.nodeId);
      ownerOfGameId.set(`${g.vendor}|${g.gameType}|${g.gameId}`, g.nodeId);
      const old = storedGame.get(g.nodeId);
      const launch: Record<string, unknown> = {};
      if (g.gameCode) launch.gameCode = g.gameCode;
      if (g.defaultPlayType) launch.defaultPlayType = g.defaultPlayType;
      gameRows.push({
        node_id: g.nodeId,
        game_id: g.gameId,
        vendor_code: g.vendor,
        game_type: g.gameType,
        display_name: g.displayName,
        search_text: searchTextOf(g.displayName),
        classify: g.classify ?? [],
        min_bet: formatDecimal(Number(g.minBet).toFixed(2)),
        min_line_num: g.minLineNum ?? 1,
        hot_rank: g.hotRank ?? null,
        is_new: g.isNew ?? false,
        icon_media_id: g.iconUrl ? null : (old?.icon_media_id ?? null),
        icon_url: g.iconUrl ?? null,
        sort: g.sort ?? old?.sort ?? 0,
        enabled: g.enabled ?? true,
        launch,
        updated_at: now,
      });
    }

    // Compare with what is stored.
    const report: ImportReport = {
      classifies: newCounts(),
      vendors: newCounts(),
      games: newCounts(),
      skipped: skipped.sort((a, b) => a.line - b.line),
      version: await store.readVersion(trx),
      dryRun: options.dryRun === true,
    };
    const classifyChanges = classifyRows.filter((c) => {
      const old = storedClassify.get(c.key);
      if (!old) return ++report.classifies.created > 0;
      const same = canonical(old.display_name) === canonical(c.display_name) && old.sort === c.sort;
      if (same) report.classifies.unchanged += 1;
      else report.classifies.updated += 1;
      return !same;
    });
    const vendorFields = (v: (typeof storedVendors)[number]) => {
      const { updated_at: _u, ...rest } = v;
      return canonical(rest);
    };
    const vendorChanges = vendorRows.filter((v) => {
      const old = storedVendor.get(`${v.code}|${v.game_type}`);
      if (!old) return ++report.vendors.created > 0;
      const same = vendorFields(old) === vendorFields(v);
      if (same) report.vendors.unchanged += 1;
      else report.vendors.updated += 1;
      return !same;
    });
    const gameFields = (g: store.GameRow) =>
      canonical({
        ...g,
        min_bet: formatDecimal(g.min_bet),
        display_name: canonical(g.display_name),
        launch: canonical(g.launch),
      });
    const gameChanges = gameRows.filter((g) => {
      const old = storedGame.get(g.node_id);
      if (!old) return ++report.games.created > 0;
      const { updated_at: _u, ...fresh } = g;
      const same = gameFields(old) === gameFields(fresh);
      if (same) report.games.unchanged += 1;
      else report.games.updated += 1;
      return !same;
    });

    if (options.dryRun || classifyChanges.length + vendorChanges.length + gameChanges.length === 0)
      return report;

    for (const c of classifyChanges) {
      const row = { key: c.key, display_name: JSON.stringify(c.display_name), sort: c.sort };
      await trx
        .insertInto('game_classify')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ display_name: row.display_name, sort: row.sort }))
        .execute();
    }
    for (let i = 0; i < vendorChanges.length; i += BATCH) {
      await trx
        .insertInto('vendor')
        .values(vendorChanges.slice(i, i + BATCH))
        .onConflict((oc) =>
          oc.columns(['code', 'game_type']).doUpdateSet((eb) => ({
            display_name: eb.ref('excluded.display_name'),
            lane: eb.ref('excluded.lane'),
            is_hot: eb.ref('excluded.is_hot'),
            account_type_id: eb.ref('excluded.account_type_id'),
            account_type_name: eb.ref('excluded.account_type_name'),
            is_game: eb.ref('excluded.is_game'),
            game_code: eb.ref('excluded.game_code'),
            default_play_type: eb.ref('excluded.default_play_type'),
            logo_media_id: eb.ref('excluded.logo_media_id'),
            icon_media_id: eb.ref('excluded.icon_media_id'),
            logo_url: eb.ref('excluded.logo_url'),
            icon_url: eb.ref('excluded.icon_url'),
            sort: eb.ref('excluded.sort'),
            enabled: eb.ref('excluded.enabled'),
            allow_demo: eb.ref('excluded.allow_demo'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    for (let i = 0; i < gameChanges.length; i += BATCH) {
      await trx
        .insertInto('game')
        .values(
          gameChanges.slice(i, i + BATCH).map((g) => ({
            ...g,
            display_name: JSON.stringify(g.display_name),
            classify: JSON.stringify(g.classify),
            launch: JSON.stringify(g.launch),
          })),
        )
        .onConflict((oc) =>
          oc.column('node_id').doUpdateSet((eb) => ({
            game_id: eb.ref('excluded.game_id'),
            display_name: eb.ref('excluded.display_name'),
            search_text: eb.ref('excluded.search_text'),
            classify: eb.ref('excluded.classify'),
            min_bet: eb.ref('excluded.min_bet'),
            min_line_num: eb.ref('excluded.min_line_num'),
            hot_rank: eb.ref('excluded.hot_rank'),
            is_new: eb.ref('excluded.is_new'),
            icon_media_id: eb.ref('excluded.icon_media_id'),
            icon_url: eb.ref('excluded.icon_url'),
            sort: eb.ref('excluded.sort'),
            enabled: eb.ref('excluded.enabled'),
            launch: eb.ref('excluded.launch'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    report.version = await store.bumpVersion(trx);
    return report;
  });
};
