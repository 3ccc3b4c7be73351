import { GAME_TYPES } from '@khela/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB, Localized } from '../../db/schema';
import { searchTextOf } from '../../shared/search-text';
import { formatDecimal } from './service';
import * as store from './store';

/**
 * Catalogue feeds: operators load real vendor and game lists with `npm run catalogue:import`.
 *
 * JSON: `{ "classifies": [...], "vendors": [...], "games": [...] }` (every part optional).
 * CSV: a header row, then one row per record; the `record` column says `classify`, `vendor` or
 * `game`, and each record reads the columns it knows (names below; lists are `|`-separated,
 * per-language names are `name_en`, `name_bn`, `name_hi`).
 *
 * A row that does not pass is reported with its line and left out; the rest is written in one
 * transaction, so a run either lands whole or not at all. Rows equal to what is stored are
 * counted as unchanged and not written; any change bumps the catalogue version, which makes
 * every server reload the catalogue and every client drop its cached vendor list.
 */

const LANGS = ['en', 'bn', 'hi'] as const;

const bool = z.preprocess((v) => {
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === '') return undefined;
    if (['1', 'true', 'yes', 'y'].includes(t)) return true;
    if (['0', 'false', 'no', 'n'].includes(t)) return false;
  }
  return v;
}, z.boolean().optional());
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number) =>
  z.preprocess(blank, z.coerce.number().int().min(min).max(max).optional());
const text = (max: number) => z.preprocess(blank, z.string().trim().min(1).max(max).optional());
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().trim().min(1)).optional(),
);
/** An image: an https address, or a path on this server (`/media/...`). */
const imageUrl = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(https:\/\/[^\s"'<>]+|\/media\/[A-Za-z0-9._-]+)$/, 'an https address or a /media/ path')
    .optional(),
);
const localized = z
  .object({ en: z.string().trim().min(1).max(120), bn: text(120), hi: text(120) })
  .transform((n): Localized => Object.fromEntries(Object.entries(n).filter(([, v]) => v !== undefined)));

const classifySchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'lower-case letters, digits and _'),
  displayName: localized,
  sort: int(-1_000_000, 1_000_000),
});

const vendorSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_]{1,40}$/, 'letters, digits and _ (at most 40)')),
  gameType: z.enum(GAME_TYPES),
  displayName: z.string().trim().min(1).max(80),
  lane: z.preprocess(blank, z.enum(['ESPORTS', 'COCKFIGHT']).optional()),
  isHot: bool,
  accountTypeId: z.preprocess(blank, z.coerce.number().int().min(0).max(2_000_000_000)),
  accountTypeName: text(60),
  isGame: z.preprocess(blank, z.enum(['VASSALAGE', 'GAME']).optional()),
  gameCode: text(64),
  defaultPlayType: text(40),
  logoUrl: imageUrl,
  iconUrl: imageUrl,
  sort: int(-1_000_000, 1_000_000),
  enabled: bool,
  allowDemo: bool,
});

const gameSchema = z.object({
  nodeId: z.coerce
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, . _ - (at most 64)'),
  gameId: z.coerce.string().trim().min(1).max(64),
  vendor: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase()),
  gameType: z.enum(GAME_TYPES),
  displayName: localized,
  classify: list,
  minBet: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, 'a decimal with at most 2 places')
      .refine((s) => Number(s) > 0, 'above 0'),
  ),
  minLineNum: int(0, 1_000_000),
  hotRank: int(1, 1_000_000),
  isNew: bool,
  iconUrl: imageUrl,
  sort: int(-1_000_000, 1_000_000),
  enabled: bool,
  gameCode: text(64),
  defaultPlayType: text(40),
});

export type FeedProblem = { line: number; record: string; message: string };
type Located<T> = { line: number; value: T };
export type ParsedFeed = {
  classifies: Located<unknown>[];
  vendors: Located<unknown>[];
  games: Located<unknown>[];
  problems: FeedProblem[];
  /** The feed as a whole could not be read (not JSON, no CSV header): nothing to import. */
  fatal: boolean;
};

// --- JSON ------------------------------------------------------------------------------------

/**
 * Line of each element of the top-level arrays of a JSON document, found by scanning it (JSON.parse
 * keeps no positions). Answers `key -> [line of element 0, line of element 1, ...]`.
 */
const elementLines = (source: string) => {
  const lines = new Map<string, number[]>();
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastKey = '';
  let arrayKey: string | null = null;
  let expectElement = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        if (depth === 1) {
          try {
            lastKey = JSON.parse(source.slice(stringStart, i + 1)) as string;
          } catch {
            lastKey = '';
          }
        }
      }
      continue;
    }
    if (c === '"') {
      if (depth === 2 && arrayKey && expectElement) {
        lines.get(arrayKey)?.push(line);
        expectElement = false;
      }
      inString = true;
      stringStart = i;
      continue;
    }
    if (c === '{' || c === '[') {
      if (depth === 1 && c === '[') {
        arrayKey = lastKey;
        lines.set(arrayKey, []);
        expectElement = true;
      } else if (depth === 2 && arrayKey && expectElement) {
        lines.get(arrayKey)?.push(line);
        expectElement = false;
      }
      depth += 1;
    } else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 1) arrayKey = null;
    } else if (c === ',' && depth === 2) {
      expectElement = true;
    } else if (depth === 2 && arrayKey && expectElement && !/\s/.test(c ?? '')) {
      lines.get(arrayKey)?.push(line);
      expectElement = false;
    }
  }
  return lines;
};

export const parseJsonFeed = (source: string): ParsedFeed => {
  const feed: ParsedFeed = { classifies: [], vendors: [], games: [], problems: [], fatal: false };
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const line = at ? source.slice(0, Number(at[1])).split('\n').length : 1;
    feed.problems.push({ line, record: 'feed', message: `not valid JSON: ${message}` });
    feed.fatal = true;
    return feed;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    feed.problems.push({
      line: 1,
      record: 'feed',
      message: 'expected an object with classifies, vendors and games',
    });
    feed.fatal = true;
    return feed;
  }
  const lines = elementLines(source);
  const record = doc as Record<string, unknown>;
  for (const part of ['classifies', 'vendors', 'games'] as const) {
    const items = record[part];
    if (items === undefined) continue;
    if (!Array.isArray(items)) {
      feed.problems.push({ line: 1, record: part, message: `${part} must be an array` });
      continue;
    }
    const at = lines.get(part) ?? [];
    items.forEach((value, i) => {
      feed[part].push({ line: at[i] ?? 1, value });
    });
  }
  const unknown = Object.keys(record).filter((k) => !['classifies', 'vendors', 'games'].includes(k));
  if (unknown.length > 0) {
    feed.problems.push({
      line: 1,
      record: 'feed',
      message: `unknown part(s) ignored: ${unknown.join(', ')}`,
    });
  }
  return feed;
};

// --- CSV -------------------------------------------------------------------------------------

/** RFC 4180 rows with the line each starts on (quoted fields may span lines). */
export const csvRows = (source: string) => {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const text = source.startsWith('\ufeff') ? source.slice(1) : source;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line += 1;
      rowLine = line;
    } else cell += c;
  }
  cells.push(cell);
  if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells });
  return rows;
};

export const parseCsvFeed = (source: string): ParsedFeed => {
  const feed: ParsedFeed = { classifies: [], vendors: [], games: [], problems: [], fatal: false };
  const rows = csvRows(source);
  const header = rows.shift();
  if (!header?.cells.includes('record')) {
    feed.problems.push({
      line: header?.line ?? 1,
      record: 'feed',
      message: 'the header row must name a `record` column',
    });
    feed.fatal = true;
    return feed;
  }
  const names = header.cells.map((h) => h.trim());
  for (const row of rows) {
    if (row.cells.length !== names.length) {
      feed.problems.push({
        line: row.line,
        record: 'row',
        message: `has ${row.cells.length} fields, the header ${names.length}`,
      });
      continue;
    }
    const raw = Object.fromEntries(names.map((n, i) => [n, row.cells[i] ?? '']));
    const kind = raw.record?.trim().toLowerCase();
    const displayName = Object.fromEntries(
      LANGS.map((l) => [l, raw[`name_${l}`] ?? '']).filter(([, v]) => v !== ''),
    );
    if (kind === 'classify') feed.classifies.push({ line: row.line, value: { ...raw, displayName } });
    else if (kind === 'vendor') feed.vendors.push({ line: row.line, value: raw });
    else if (kind === 'game') feed.games.push({ line: row.line, value: { ...raw, displayName } });
    else
      feed.problems.push({ line: row.line, record: 'row', message: `unknown record "${raw.record ?? ''}"` });
  }
  return feed;
};

export const parseFeed = (source: string, format: 'json' | 'csv') =>
  format === 'json' ? parseJsonFeed(source) : parseCsvFeed(source);

// --- Apply -----------------------------------------------------------------------------------

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
