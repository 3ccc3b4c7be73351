import { GAME_TYPES } from '@khela/contract';
import { z } from 'zod';
import type { Localized } from '../../db/schema';

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

export const classifySchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'lower-case letters, digits and _'),
  displayName: localized,
  sort: int(-1_000_000, 1_000_000),
});

export const vendorSchema = z.object({
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

export const gameSchema = z.object({
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
