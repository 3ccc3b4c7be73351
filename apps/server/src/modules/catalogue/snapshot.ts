import type { Game, GameCard, GameLane, Language } from '@khela/contract';
import type * as store from './store';

/** The in-memory catalogue the service answers from (see service.ts). */
export type VendorRow = Awaited<ReturnType<typeof store.readVendors>>[number];
export type ClassifyRow = Awaited<ReturnType<typeof store.readClassifies>>[number];

export type VendorEntry = {
  row: VendorRow;
  gameCount: number;
  classifyKeys: Set<string>;
  /** Lazily built card per language. */
  cards: Map<Language, GameCard>;
};

export type GameEntry = {
  row: store.GameRow;
  vendor: VendorEntry;
  minBet: string;
  wire: Map<Language, Game>;
};

export type Snapshot = {
  version: number;
  vendors: VendorEntry[];
  classifies: ClassifyRow[];
  games: GameEntry[];
  byNode: Map<string, GameEntry>;
  hot: GameEntry[];
  listCache: Map<string, GameEntry[]>;
  /** Serialised game-list pages by list key, page, size and language (the lobby's hot answers). */
  pageCache: Map<string, Buffer>;
  laneCache: Map<string, GameLane[]>;
};
