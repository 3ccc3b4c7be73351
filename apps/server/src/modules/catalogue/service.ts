import {
  GAME_PAGE_SIZE_MAX,
  GAME_TYPES,
  type Game,
  type GameCard,
  type GameLane,
  type GameType,
  gameListValue,
  gameVendorValue,
  type Language,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { matchesTokens, queryTokens } from '../../shared/search-text';
import { clampPage, formatDecimal, mediaPath, pick } from './formatting';
import { createMemberGames } from './member-games';
import type { GameEntry, Snapshot, VendorEntry, VendorRow } from './snapshot';
import * as store from './store';

export { clampPage, formatDecimal, maskName } from './formatting';

/** Extra vendor codes a brand moves out of SPORTS (brand config `esportGames`, `cockfightGames`). */
export type BrandLanes = { esports: readonly string[]; cockfight: readonly string[] };

type Deps = {
  db: Kysely<DB>;
  now?: () => Date;
  /** How long a cached catalogue may be served before the stored version is checked. */
  cacheMs?: number;
  brandLanes?: (merchantCode: string) => BrandLanes;
  /**
   * The version of the settings `brandLanes` reads, or undefined when it is due for a check
   * (site.freshVersion): part of `listStamp`.
   */
  settingsVersion?: () => number | undefined;
  /**
   * The verticals a merchant's licence allows (protection's licence profile, ADR 045): lanes and
   * games of the others are left out of every list, so navigation and lobbies never offer them.
   */
  licence?: {
    allowed: (merchantCode: string) => Promise<{ version: number; products: readonly GameType[] }>;
    /** The version in force when known without a read; undefined when it is due for a check. */
    versionNow: (merchantCode: string) => number | undefined;
  };
};

/** Every vertical, for a catalogue composed without licence profiles. */
const ALL_ALLOWED = { version: 0, products: [...GAME_TYPES] as readonly GameType[] };

export type GameListFilter = {
  gameType?: GameType | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  minLineNum?: number | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
};

/** Category order of the navigation (spec §2); ESPORTS and COCKFIGHT are placed by the lane rules. */
const LANE_ORDER: readonly GameType[] = ['RNG', 'ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'PVP'];
const LIST_CACHE_MAX = 512;
const PAGE_CACHE_MAX = 4096;

/**
 * The game catalogue. It is read-mostly, so the whole of it (about 10,000 games) is held in
 * memory and answered from there; the stored catalogue version is checked at most every
 * `cacheMs` and a change (an import, an operator edit) reloads it. Favourites, recent plays and
 * wins are per member and read from the database.
 */
export const createCatalogueService = ({
  db,
  now = () => new Date(),
  cacheMs = 2000,
  brandLanes,
  settingsVersion,
  licence,
}: Deps) => {
  let snapshot: Snapshot | null = null;
  let checkedAt = 0;
  let loading: Promise<Snapshot> | null = null;

  const load = async (): Promise<Snapshot> => {
    const [version, vendorRows, classifies, gameRows] = await Promise.all([
      store.readVersion(db),
      store.readVendors(db),
      store.readClassifies(db),
      store.readGames(db),
    ]);
    const vendors = vendorRows
      .filter((v) => v.enabled)
      .map((row): VendorEntry => ({ row, gameCount: 0, classifyKeys: new Set(), cards: new Map() }));
    const vendorByKey = new Map(vendors.map((v) => [`${v.row.code}|${v.row.game_type}`, v]));
    const games: GameEntry[] = [];
    for (const row of gameRows) {
      if (!row.enabled) continue;
      const vendor = vendorByKey.get(`${row.vendor_code}|${row.game_type}`);
      if (!vendor) continue;
      vendor.gameCount += 1;
      for (const key of row.classify) vendor.classifyKeys.add(key);
      games.push({ row, vendor, minBet: formatDecimal(row.min_bet), wire: new Map() });
    }
    const hot = games
      .filter((g) => g.row.hot_rank !== null)
      .sort(
        (a, b) => (a.row.hot_rank ?? 0) - (b.row.hot_rank ?? 0) || a.row.node_id.localeCompare(b.row.node_id),
      );
    return {
      version,
      vendors,
      classifies,
      games,
      byNode: new Map(games.map((g) => [g.row.node_id, g])),
      hot,
      listCache: new Map(),
      pageCache: new Map(),
      laneCache: new Map(),
    };
  };

  /** Loads the catalogue; call once at start-up so the first request does not wait for it. */
  const refresh = async () => {
    loading ??= load().finally(() => {
      loading = null;
    });
    snapshot = await loading;
    checkedAt = Date.now();
    return snapshot;
  };

  const current = async () => {
    if (!snapshot) return refresh();
    if (Date.now() - checkedAt > cacheMs) {
      checkedAt = Date.now();
      const version = await store.readVersion(db);
      if (version !== snapshot.version) return refresh();
    }
    return snapshot;
  };

  /** The catalogue version `current()` would answer with, or undefined when it is due for a check. */
  const freshVersion = () =>
    snapshot !== null && !loading && Date.now() - checkedAt <= cacheMs ? snapshot.version : undefined;

  /**
   * Names everything a game-list page depends on besides its merchant, language and query: the
   * catalogue version and the settings version (a brand's esports and cockfight lanes). Undefined
   * when either is due for its check.
   */
  const listStamp = (merchantCode: string) => {
    const catalogueVersion = freshVersion();
    const settings = settingsVersion ? settingsVersion() : 0;
    const licenceVersion = licence ? licence.versionNow(merchantCode) : 0;
    return catalogueVersion === undefined || settings === undefined || licenceVersion === undefined
      ? undefined
      : `${catalogueVersion}.${settings}.${licenceVersion}`;
  };

  const allowedOf = async (merchantCode: string) => (licence ? licence.allowed(merchantCode) : ALL_ALLOWED);

  const extrasOf = (merchantCode: string) => {
    const lanes = brandLanes?.(merchantCode);
    return { esports: new Set(lanes?.esports ?? []), cockfight: new Set(lanes?.cockfight ?? []) };
  };

  /** The lane a vendor's card sits in: its own lane, or a brand's esports/cockfight list, or its type. */
  const laneOf = (vendor: VendorRow, extras: ReturnType<typeof extrasOf>): GameType => {
    if (vendor.lane) return vendor.lane;
    if (vendor.game_type === 'SPORTS') {
      if (extras.esports.has(vendor.code)) return 'ESPORTS';
      if (extras.cockfight.has(vendor.code)) return 'COCKFIGHT';
    }
    return vendor.game_type;
  };

  const cardOf = (vendor: VendorEntry, language: Language): GameCard => {
    let card = vendor.cards.get(language);
    if (!card) {
      const v = vendor.row;
      const icon = mediaPath(v.icon_media_id, v.icon_url);
      const logo = mediaPath(v.logo_media_id, v.logo_url) ?? icon;
      card = {
        vassalage: v.code,
        vendor: v.code,
        gameType: v.game_type,
        displayName: v.display_name,
        isHot: v.is_hot,
        accountTypeId: v.account_type_id,
        accountTypeName: v.account_type_name,
        isGame: v.is_game,
        gameCode: v.game_code,
        defaultPlayType: v.default_play_type,
        allowDemo: v.allow_demo,
        gameCount: vendor.gameCount,
        lagerIcon: logo,
        smallIcon: icon ?? logo,
        mobileSmallIcon: icon ?? logo,
        h5Icon: logo,
      };
      vendor.cards.set(language, card);
    }
    return card;
  };

  const gameOf = (entry: GameEntry, language: Language): Game => {
    let wire = entry.wire.get(language);
    if (!wire) {
      const g = entry.row;
      const name = pick(g.display_name, language);
      const icon = mediaPath(g.icon_media_id, g.icon_url);
      const launch = g.launch;
      wire = {
        nodeId: g.node_id,
        gameId: g.game_id,
        vassalage: g.vendor_code,
        vendor: g.vendor_code,
        gameType: g.game_type,
        displayName: name,
        gameName: name,
        showIcon: icon,
        iconUrl: icon,
        gameClassify: g.classify,
        minBet: entry.minBet,
        minLineNum: g.min_line_num,
        isHot: g.hot_rank !== null,
        hotRank: g.hot_rank,
        isNew: g.is_new,
        allowDemo: entry.vendor.row.allow_demo,
        isGame: 'GAME',
        gameCode: typeof launch.gameCode === 'string' ? launch.gameCode : g.game_id,
        defaultPlayType: typeof launch.defaultPlayType === 'string' ? launch.defaultPlayType : null,
      };
      entry.wire.set(language, wire);
    }
    return wire;
  };

  /**
   * The navigation lanes (spec §2, §4): categories in the navigation order, only those with
   * vendors; esports cards split out of SPORTS into ESPORTS (last); cockfight split out of
   * SPORTS into COCKFIGHT, placed two positions after SPORTS.
   */
  const buildLanes = (
    snap: Snapshot,
    merchantCode: string,
    language: Language,
    allowed: readonly GameType[],
  ): GameLane[] => {
    const extras = extrasOf(merchantCode);
    const byLane = new Map<GameType, VendorEntry[]>();
    for (const vendor of snap.vendors) {
      const lane = laneOf(vendor.row, extras);
      if (!allowed.includes(lane)) continue;
      const list = byLane.get(lane) ?? [];
      list.push(vendor);
      byLane.set(lane, list);
    }
    const titles: GameType[] = LANE_ORDER.filter((t) => t === 'SPORTS' || byLane.has(t));
    for (const t of byLane.keys()) {
      if (!titles.includes(t) && t !== 'ESPORTS' && t !== 'COCKFIGHT') titles.push(t);
    }
    if (byLane.has('COCKFIGHT')) titles.splice(titles.indexOf('SPORTS') + 2, 0, 'COCKFIGHT');
    if (byLane.has('ESPORTS')) titles.push('ESPORTS');
    const classifyOrder = snap.classifies;
    return titles
      .filter((t) => (byLane.get(t)?.length ?? 0) > 0)
      .map((title) => {
        const vendors = byLane.get(title) ?? [];
        const keys = new Set(vendors.map((v) => `${v.row.code}|${v.row.game_type}`));
        const counts = new Map<string, number>();
        for (const g of snap.games) {
          if (!keys.has(`${g.vendor.row.code}|${g.vendor.row.game_type}`)) continue;
          for (const key of g.row.classify) counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return {
          title,
          cards: vendors.map((v) => cardOf(v, language)),
          gameClassify: classifyOrder
            .filter((c) => counts.has(c.key))
            .map((c) => ({
              key: c.key,
              displayName: pick(c.display_name, language),
              gameCount: counts.get(c.key) ?? 0,
            })),
        };
      });
  };

  const getVendors = async (merchantCode: string, language: Language) => {
    const snap = await current();
    const allowed = await allowedOf(merchantCode);
    const lanesOfBrand = brandLanes?.(merchantCode);
    const key = `${merchantCode}|${language}|${lanesOfBrand?.esports.join(',') ?? ''}|${lanesOfBrand?.cockfight.join(',') ?? ''}|${allowed.version}`;
    let lanes = snap.laneCache.get(key);
    if (!lanes) {
      lanes = buildLanes(snap, merchantCode, language, allowed.products);
      snap.laneCache.set(key, lanes);
    }
    return { version: snap.version, data: { lanes } };
  };

  // The answer's JSON per lanes (a new catalogue snapshot builds new lanes, so this follows it).
  const vendorsJson = new WeakMap<object, string>();
  /** `getVendors` as the call serialises it (the page's first data, http/spa.ts), built once per lanes. */
  const getVendorsJson = async (merchantCode: string, language: Language) => {
    const answer = await getVendors(merchantCode, language);
    let json = vendorsJson.get(answer.data.lanes);
    if (json === undefined) {
      json = JSON.stringify(gameVendorValue.parse(answer));
      vendorsJson.set(answer.data.lanes, json);
    }
    return json;
  };

  const getVendorsByType = async (merchantCode: string) => {
    const snap = await current();
    const { products } = await allowedOf(merchantCode);
    const extras = extrasOf(merchantCode);
    const content: Record<string, Record<string, string[]>> = {};
    for (const vendor of snap.vendors) {
      const lane = laneOf(vendor.row, extras);
      if (!products.includes(lane)) continue;
      content[lane] ??= {};
      content[lane][vendor.row.code] = [...vendor.classifyKeys].sort();
    }
    return { content };
  };

  const matching = (
    snap: Snapshot,
    merchantCode: string,
    filter: GameListFilter,
    allowed: { version: number; products: readonly GameType[] },
  ) => {
    const tokens = queryTokens(filter.gameName);
    const lanesOfBrand = brandLanes?.(merchantCode);
    const key = [
      merchantCode,
      allowed.version,
      lanesOfBrand?.esports.join(',') ?? '',
      lanesOfBrand?.cockfight.join(',') ?? '',
      filter.gameType ?? '',
      filter.vassalage ?? '',
      filter.gameClassify ?? '',
      filter.minBet ?? '',
      filter.minLineNum ?? '',
      tokens.join(' '),
    ].join('|');
    const cached = snap.listCache.get(key);
    if (cached) return { key, list: cached };
    const extras = extrasOf(merchantCode);
    const laneByVendor = new Map<VendorEntry, GameType>();
    const vendorLane = (v: VendorEntry) => {
      let lane = laneByVendor.get(v);
      if (!lane) {
        lane = laneOf(v.row, extras);
        laneByVendor.set(v, lane);
      }
      return lane;
    };
    const vassalage = filter.vassalage?.toUpperCase();
    const list = snap.games.filter(
      (g) =>
        allowed.products.includes(vendorLane(g.vendor)) &&
        (!filter.gameType || vendorLane(g.vendor) === filter.gameType) &&
        (!vassalage || g.row.vendor_code === vassalage) &&
        (!filter.gameClassify || g.row.classify.includes(filter.gameClassify)) &&
        (!filter.minBet || g.minBet === filter.minBet) &&
        (filter.minLineNum === undefined || g.row.min_line_num === filter.minLineNum) &&
        (tokens.length === 0 || matchesTokens(g.row.search_text, tokens)),
    );
    if (snap.listCache.size >= LIST_CACHE_MAX) snap.listCache.clear();
    snap.listCache.set(key, list);
    return { key, list };
  };

  const pageOf = (list: GameEntry[], language: Language, filter: GameListFilter) => {
    const { size, totalPages, page, offset } = clampPage(
      list.length,
      filter.pageNo,
      filter.pageSize,
      GAME_PAGE_SIZE_MAX,
    );
    return {
      games: list.slice(offset, offset + size).map((g) => gameOf(g, language)),
      totalPages,
      totalCount: list.length,
      pageNo: page,
      pageSize: size,
    };
  };

  /** One page of games; the page is clamped to 1..totalPages and the page used is reported. */
  const listGames = async (merchantCode: string, language: Language, filter: GameListFilter) => {
    const snap = await current();
    const allowed = await allowedOf(merchantCode);
    return pageOf(matching(snap, merchantCode, filter, allowed).list, language, filter);
  };

  /**
   * The same page as JSON text, kept per snapshot: the lobby asks for the same pages again and
   * again, and serialising 15 games costs more than finding them. Checked against the contract
   * once, when the page is first built.
   */
  const listGamesJson = async (merchantCode: string, language: Language, filter: GameListFilter) => {
    const snap = await current();
    const { key, list } = matching(snap, merchantCode, filter, await allowedOf(merchantCode));
    const pageKey = `${key}|${filter.pageNo ?? ''}|${filter.pageSize ?? ''}|${language}`;
    let json = snap.pageCache.get(pageKey);
    if (json === undefined) {
      json = Buffer.from(JSON.stringify(gameListValue.parse(pageOf(list, language, filter))));
      if (snap.pageCache.size >= PAGE_CACHE_MAX) snap.pageCache.clear();
      snap.pageCache.set(pageKey, json);
    }
    return { json, cacheKey: `${snap.version}|${pageKey}` };
  };

  const hotGames = async (merchantCode: string, language: Language, vassalage?: string) => {
    const snap = await current();
    const { products } = await allowedOf(merchantCode);
    const extras = extrasOf(merchantCode);
    const code = vassalage?.toUpperCase();
    return {
      list: snap.hot
        .filter(
          (g) => (!code || g.row.vendor_code === code) && products.includes(laneOf(g.vendor.row, extras)),
        )
        .map((g) => gameOf(g, language)),
    };
  };

  const memberGames = createMemberGames({ db, now, current, gameOf });

  /** Counts of the loaded catalogue (enabled vendors and games). */
  const stats = async () => {
    const snap = await current();
    return { version: snap.version, vendors: snap.vendors.length, games: snap.games.length };
  };

  return {
    refresh,
    freshVersion,
    listStamp,
    getVendors,
    getVendorsJson,
    getVendorsByType,
    listGames,
    listGamesJson,
    hotGames,
    ...memberGames,
    stats,
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
