import { type Kysely, sql, type Transaction } from 'kysely';
import { searchTextOf } from '../../../shared/search-text';
import type { CatalogueGameType, DB, Localized } from '../../schema';
import { drawGameIcon, drawVendorLogo, ICON_DESIGNS, type MediaRow } from './icons';
import { DEMO_VENDORS, type DemoVendor } from './vendors';
import {
  ADJECTIVES,
  ARCADE_GAMES,
  CARD_GAMES,
  CLASSIFIES,
  FISH_GAMES,
  LIVE_PREFIXES,
  LOTTERY_GAMES,
  NOUNS,
  SUFFIXES,
  TABLE_GAMES,
  type Word,
} from './words';

/** A small deterministic PRNG (mulberry32): the same seed always gives the same catalogue. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Rand = ReturnType<typeof prng>;
const pickOf = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const weighted = <T>(rand: Rand, options: readonly (readonly [T, number])[]): T => {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, weight] of options) {
    r -= weight;
    if (r < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
};

/** Joins words of a name per language, skipping empty ones. */
const compose = (...words: Word[]): Localized => {
  const join = (i: 0 | 1 | 2) =>
    words
      .map((w) => w[i])
      .filter((t) => t.length > 0)
      .join(' ');
  return { en: join(0), bn: join(1), hi: join(2) };
};

/** Bangla digits for the Bangla name (০১২৩৪৫৬৭৮৯). */
const bnDigits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

const INDIAN = new Set(['Teen Patti', 'Andar Bahar', 'Jhandi Munda', 'Call Break']);
const CLASSIC = new Set(['Fruits', 'Cherry', 'Sevens', 'Bells']);
const LOTTERY_CODES = [
  'VNN',
  'VNS',
  'VNC',
  'KENO1',
  'KENO5',
  'L545',
  'L655',
  'Q3D',
  'F5D',
  'P4',
  'R10',
  'LWD',
];
const LIVE_TABLES = TABLE_GAMES.filter((t) => t[0] !== 'Video Poker');
const LINES = [1, 5, 9, 10, 20, 25, 30, 40, 50, 243, 1024] as const;

type NewGame = {
  nodeId: string;
  gameId: string;
  vendor: DemoVendor;
  name: Localized;
  classify: string[];
  minBet: string;
  minLineNum: number;
  isNew: boolean;
  hotRank: number | null;
  sort: number;
  icon: string;
};

/** Names, classify tags and bet sizes of one game of a vendor. */
const designGame = (rand: Rand, vendor: DemoVendor, index: number, taken: Set<string>) => {
  const unique = (make: () => { name: Localized; classify: string[] }) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const made = make();
      if (!taken.has(made.name.en ?? '')) {
        taken.add(made.name.en ?? '');
        return made;
      }
    }
    // The word lists ran out for this kind of game: number the name instead.
    const made = make();
    for (let n = 2; ; n++) {
      const name = compose(
        [made.name.en ?? '', made.name.bn ?? '', made.name.hi ?? ''],
        [String(n), bnDigits(String(n)), String(n)],
      );
      if (!taken.has(name.en ?? '')) {
        taken.add(name.en ?? '');
        return { ...made, name };
      }
    }
  };
  switch (vendor.gameType) {
    case 'RNG': {
      const kind = weighted(rand, [
        ['slot', 80],
        ['table', 8],
        ['arcade', 6],
        ['scratch', 3],
        ['keno', 3],
      ] as const);
      return unique(() => {
        if (kind === 'table') {
          const table = pickOf(rand, TABLE_GAMES);
          return {
            name: compose(pickOf(rand, ADJECTIVES), table),
            classify: INDIAN.has(table[0]) ? ['table', 'indian_games'] : ['table'],
          };
        }
        if (kind === 'arcade') {
          return {
            name: compose(pickOf(rand, ADJECTIVES), pickOf(rand, NOUNS), pickOf(rand, ARCADE_GAMES)),
            classify: ['arcade'],
          };
        }
        if (kind === 'scratch') {
          return {
            name: compose(pickOf(rand, ADJECTIVES), pickOf(rand, NOUNS), ['Scratch', 'স্ক্র্যাচ', 'स्क्रैच']),
            classify: ['scratch'],
          };
        }
        if (kind === 'keno') {
          return {
            name: compose(pickOf(rand, ADJECTIVES), pickOf(rand, NOUNS), ['Keno', 'কেনো', 'केनो']),
            classify: ['keno'],
          };
        }
        const noun = pickOf(rand, NOUNS);
        const suffix = pickOf(rand, SUFFIXES);
        const classify = [CLASSIC.has(noun[0]) ? 'classic_slot' : 'video_slot'];
        if (suffix[0] === 'Megaways') classify.push('megaways');
        if (suffix[0] === 'Jackpot' || suffix[0] === 'Hold & Win') classify.push('jackpot');
        return { name: compose(pickOf(rand, ADJECTIVES), noun, suffix), classify };
      });
    }
    case 'LIVE':
      return unique(() => {
        const prefix = pickOf(rand, LIVE_PREFIXES);
        const table = pickOf(rand, LIVE_TABLES);
        const letter = String(1 + Math.floor(rand() * 12));
        const classify = [table[0].toLowerCase().replace(' ', '_')].filter((k) =>
          ['baccarat', 'roulette', 'blackjack'].includes(k),
        );
        if (INDIAN.has(table[0])) classify.push('indian_games');
        if (classify.length === 0) classify.push('table');
        if (prefix[0] === 'Lightning') classify.push('game_show');
        return { name: compose(prefix, table, [letter, bnDigits(letter), letter]), classify };
      });
    case 'FISH':
      return unique(() => ({
        name: compose(pickOf(rand, ADJECTIVES), pickOf(rand, FISH_GAMES)),
        classify: ['fishing'],
      }));
    case 'PVP':
      return unique(() => {
        const game = pickOf(rand, CARD_GAMES);
        const classify = [game[0] === 'Ludo' ? 'board' : 'card'];
        if (INDIAN.has(game[0])) classify.push('indian_games');
        return { name: compose(pickOf(rand, ADJECTIVES), game), classify };
      });
    case 'ELOTT':
    case 'LOTT': {
      const game = LOTTERY_GAMES[index % LOTTERY_GAMES.length] as Word;
      return { name: compose(game), classify: [game[0].startsWith('Keno') ? 'keno' : 'lottery'] };
    }
    default: {
      const key =
        vendor.lane === 'ESPORTS' ? 'esports' : vendor.lane === 'COCKFIGHT' ? 'cockfight' : 'sportsbook';
      return { name: { en: vendor.name, bn: vendor.name, hi: vendor.name }, classify: [key] };
    }
  }
};

const minBetOf = (rand: Rand, type: CatalogueGameType) => {
  if (type === 'RNG' || type === 'FISH') {
    return weighted(rand, [
      ['0.01', 20],
      ['0.05', 25],
      ['0.1', 30],
      ['0.5', 15],
      ['0.75', 10],
    ] as const);
  }
  if (type === 'LIVE' || type === 'PVP')
    return weighted(rand, [
      ['0.5', 60],
      ['0.75', 40],
    ] as const);
  if (type === 'ELOTT' || type === 'LOTT')
    return weighted(rand, [
      ['0.1', 50],
      ['0.5', 50],
    ] as const);
  return '0.5';
};

/** The whole demo catalogue, generated (no database): media, vendors, games. */
export const generateDemoCatalogue = () => {
  const rand = prng(20_260_301);
  const media: MediaRow[] = [];
  const icons = new Map<CatalogueGameType, string[]>();
  for (const [type, count] of Object.entries(ICON_DESIGNS) as [CatalogueGameType, number][]) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const icon = drawGameIcon(type, i);
      media.push(icon);
      ids.push(icon.id);
    }
    icons.set(type, ids);
  }
  const accountIds = new Map<string, number>();
  const logos = new Map<DemoVendor, string>();
  DEMO_VENDORS.forEach((vendor, i) => {
    if (!accountIds.has(vendor.code)) accountIds.set(vendor.code, 101 + accountIds.size);
    const logo = drawVendorLogo(vendor.code, vendor.gameType, i);
    media.push(logo);
    logos.set(vendor, logo.id);
  });

  const taken = new Set<string>();
  const games: NewGame[] = [];
  for (const vendor of DEMO_VENDORS) {
    const iconIds = icons.get(vendor.gameType) ?? [];
    const slug = vendor.code.toLowerCase().replace(/_/g, '-');
    const typeSlug = vendor.gameType.toLowerCase();
    for (let i = 0; i < vendor.games; i++) {
      const design = designGame(rand, vendor, i, taken);
      const isLottery = vendor.gameType === 'ELOTT' || vendor.gameType === 'LOTT';
      const isLobby = vendor.isGame === 'GAME';
      games.push({
        nodeId: `${slug}-${typeSlug}-${String(i + 1).padStart(4, '0')}`,
        gameId: isLobby
          ? 'LOBBY'
          : isLottery
            ? (LOTTERY_CODES[i % LOTTERY_CODES.length] as string)
            : String(1001 + i),
        vendor,
        name: design.name,
        classify: design.classify,
        minBet: minBetOf(rand, vendor.gameType),
        minLineNum:
          vendor.gameType === 'RNG' && design.classify.includes('video_slot') ? pickOf(rand, LINES) : 1,
        isNew: rand() < 0.04,
        hotRank: null,
        sort: 1000 + Math.floor(rand() * 100_000),
        icon: iconIds[Math.floor(rand() * iconIds.length)] ?? '',
      });
    }
  }
  // Hot games: the first six of each hot vendor and about one in a hundred of the rest, ranked at random.
  const hot = games.filter((g, i) => {
    const nth = Number(g.nodeId.slice(-4));
    return (
      (g.vendor.hot === true && nth <= 6 && g.vendor.isGame !== 'GAME') ||
      (i % 97 === 13 && g.vendor.isGame !== 'GAME')
    );
  });
  const order = hot.map((g) => ({ g, r: rand() })).sort((a, b) => a.r - b.r);
  order.forEach(({ g }, i) => {
    g.hotRank = i + 1;
    g.sort = i + 1;
  });
  return { media, games, logos, accountIds };
};

const BATCH = 2500;

/** Writes the demo catalogue; classify tags always come with it. Runs inside the seed's transaction. */
export const seedDemoCatalogue = async (db: Kysely<DB> | Transaction<DB>) => {
  const { media, games, logos, accountIds } = generateDemoCatalogue();
  await db
    .insertInto('media')
    .values(media.map((m) => ({ id: m.id, mime: m.mime, bytes: m.bytes, sha256: m.sha256 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('game_classify')
    .values(
      CLASSIFIES.map((c, i) => ({
        key: c.key,
        display_name: JSON.stringify({ en: c.name[0], bn: c.name[1], hi: c.name[2] }),
        sort: (i + 1) * 10,
      })),
    )
    .execute();
  await db
    .insertInto('vendor')
    .values(
      DEMO_VENDORS.map((v, i) => ({
        code: v.code,
        game_type: v.gameType,
        display_name: v.name,
        lane: v.lane ?? null,
        is_hot: v.hot === true,
        account_type_id: accountIds.get(v.code) ?? 0,
        account_type_name: v.code,
        is_game: v.isGame ?? 'VASSALAGE',
        game_code: v.isGame === 'GAME' ? 'LOBBY' : null,
        default_play_type: null,
        logo_media_id: logos.get(v) ?? null,
        icon_media_id: logos.get(v) ?? null,
        logo_url: null,
        icon_url: null,
        sort: (i + 1) * 10,
        allow_demo: v.demo === true,
      })),
    )
    .execute();
  // Games go in as one JSON parameter per batch: far fewer bound parameters than a VALUES list,
  // which keeps a first start on PGlite quick.
  for (let i = 0; i < games.length; i += BATCH) {
    const rows = games.slice(i, i + BATCH).map((g) => ({
      node_id: g.nodeId,
      game_id: g.gameId,
      vendor_code: g.vendor.code,
      game_type: g.vendor.gameType,
      display_name: g.name,
      search_text: searchTextOf(g.name),
      classify: g.classify,
      min_bet: g.minBet,
      min_line_num: g.minLineNum,
      hot_rank: g.hotRank,
      is_new: g.isNew,
      icon_media_id: g.icon || null,
      sort: g.sort,
    }));
    await sql`
      INSERT INTO game (node_id, game_id, vendor_code, game_type, display_name, search_text, classify, min_bet,
        min_line_num, hot_rank, is_new, icon_media_id, sort)
      SELECT node_id, game_id, vendor_code, game_type, display_name, search_text, classify, min_bet,
        min_line_num, hot_rank, is_new, icon_media_id, sort
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        node_id text, game_id text, vendor_code text, game_type text, display_name jsonb, search_text text,
        classify jsonb, min_bet numeric, min_line_num integer, hot_rank integer, is_new boolean,
        icon_media_id text, sort integer)
    `.execute(db);
  }
  return { vendors: DEMO_VENDORS.length, games: games.length, media: media.length };
};
