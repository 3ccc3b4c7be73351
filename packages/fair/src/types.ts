/**
 * Types of the provably fair slot package. Money is always an integer number of minor units
 * (a JavaScript safe integer: the server converts with `BigInt(...)` for the ledger).
 */

/** Paylines (20 fixed lines, one coin per line) or 243 ways (every left-to-right path pays). */
export type Layout = 'lines' | 'ways';
export type Volatility = 'low' | 'medium' | 'high';
/** The symbol families a theme draws its glyphs from. */
export type SymbolFamily = 'fruits' | 'gems' | 'jungle' | 'egypt' | 'asian' | 'ocean' | 'space' | 'festival';

export type SymbolKind = 'wild' | 'scatter' | 'high' | 'low';

/**
 * One reel symbol. Symbol ids are fixed for every theme: 0 wild, 1 scatter, 2–5 high (2 pays
 * most), 6–9 low (6 pays most). The browser renders `glyph` (an emoji or a short text such as
 * "A") on a tile of `color`; `key` is stable (`wild`, `scatter`, `h1`…`h4`, `l1`…`l4`) and can
 * name a translation or an SVG.
 */
export type SlotSymbol = {
  id: number;
  key: string;
  kind: SymbolKind;
  glyph: string;
  /** English label for screen readers and the paytable screen. */
  label: string;
  /** Tile colour, `#rrggbb`. */
  color: string;
};

/** Colours of a game's screen, each `#rrggbb`. */
export type ThemeColors = {
  background: string;
  reels: string;
  frame: string;
  accent: string;
  text: string;
};

/**
 * Reel strips and pays of one paytable. Every amount is in coins; one coin is `betMinor / 20`
 * (`BET_COINS`): a paylines game stakes one coin on each of its 20 lines, a ways game stakes
 * 20 coins on all 243 ways.
 */
export type Paytable = {
  /** `${layout}-${volatility}-${family}`: themes with the same key share this paytable. */
  key: string;
  layout: Layout;
  volatility: Volatility;
  family: SymbolFamily;
  /** Five reel strips (symbol ids), read top to bottom; a stop shows strip[stop], [stop+1], [stop+2]. */
  reels: number[][];
  /**
   * pays[symbolId][count] coins for `count` (3–5) of a kind from the leftmost reel: per line
   * (lines) or per way (ways). Wild and scatter rows are all zero (the wild only substitutes).
   */
  pays: number[][];
  /** scatterPays[count] coins for `count` scatters anywhere (index 0–5; 15 possible cells cap at 5). */
  scatterPays: number[];
  /** freeSpins[count] free spins awarded for `count` scatters (0 below 3). */
  freeSpins: number[];
  /** Every win of a free spin is multiplied by this. */
  freeSpinMultiplier: number;
  /** Lines: 20 lines, each the row (0 top … 2 bottom) on reels 1–5. Ways: null. */
  lines: number[][] | null;
};

/** A game's look and maths, derived deterministically from its catalogue node id and name. */
export type Theme = {
  nodeId: string;
  name: string;
  family: SymbolFamily;
  layout: Layout;
  volatility: Volatility;
  colors: ThemeColors;
  /** Indexed by symbol id (0–9). */
  symbols: SlotSymbol[];
  /** The jackpot glyph (shown by the jackpot banner; it is not a reel symbol). */
  jackpotGlyph: string;
  paytable: Paytable;
};

/** What a theme is derived from. `name` is the game's English display name (`display_name.en`). */
export type ThemeInput = { nodeId: string; name: string };

/**
 * The free-spin feature between spins. `null` (or `freeSpinsRemaining: 0`) means the base game.
 * The server keeps it with the player's session of the game and passes it to the next spin.
 */
export type SlotState = {
  /** Free spins left to play (> 0 while in the feature). */
  freeSpinsRemaining: number;
  /** Free spins of this feature already played. */
  freeSpinsPlayed: number;
  /** The multiplier of the feature's wins. */
  multiplier: number;
  /** The bet of the paid spin that triggered the feature: free spins play at this bet. */
  betMinor: number;
  /** Sum of the feature's wins so far, the triggering paid spin's win included. */
  featureWinMinor: number;
};

export type SpinInput = {
  /** 64 lowercase hex characters (32 bytes). */
  serverSeed: string;
  /** 1–64 printable ASCII characters, no spaces (`CLIENT_SEED_PATTERN`). */
  clientSeed: string;
  /** Non-negative safe integer, one per spin. */
  nonce: number;
  theme: Theme;
  /** Total stake of a paid spin in minor units: a positive multiple of `BET_COINS` (20). */
  betMinor: number;
  /** null for a paid spin; the previous spin's `nextState` for a free spin. */
  state: SlotState | null;
  /** The jackpot hits when a uniform draw in [0, jackpotOdds) is 0, on paid spins only. Default `DEFAULT_JACKPOT_ODDS`. */
  jackpotOdds?: number;
};

/** [reel 0–4, row 0–2] of a grid cell. */
export type Cell = [reel: number, row: number];

export type SlotWin = {
  kind: 'line' | 'ways' | 'scatter';
  /** Line index 0–19 (lines only), else null. */
  line: number | null;
  symbol: number;
  /** Symbols in a row from the left (line/ways) or scatters on the grid. */
  count: number;
  /** Ways counted (ways), 1 otherwise. */
  ways: number;
  /** Cells that make up the win, for highlighting. */
  cells: Cell[];
  /** Coins before the multiplier. */
  coins: number;
  /** coins × coin value × multiplier. */
  winMinor: number;
};

export type SpinResult = {
  kind: 'paid' | 'free';
  /** Stake taken by this spin: betMinor for a paid spin, 0 for a free spin. */
  stakeMinor: number;
  /** The bet the spin played at. */
  betMinor: number;
  /** betMinor / BET_COINS. */
  coinMinor: number;
  /** Reel stops: reel i shows strip[stop], strip[stop+1], strip[stop+2] (wrapping). */
  stops: number[];
  /** grid[reel][row] symbol ids, 5 reels × 3 rows, row 0 on top. */
  grid: number[][];
  /** 1 on a paid spin, the feature's multiplier on a free spin. */
  multiplier: number;
  /** Line or ways wins, then the scatter win if any. */
  wins: SlotWin[];
  scatterCount: number;
  freeSpinsAwarded: number;
  /** Free spins left after this spin. */
  freeSpinsRemaining: number;
  /** The progressive jackpot was won (paid spins only; paid by the server from its pool). */
  jackpotHit: boolean;
  /** This spin's win in minor units (all wins, multiplier applied; the jackpot not included). */
  winMinor: number;
  /** The feature's total so far, this spin included (free spins and the triggering spin), else winMinor. */
  featureWinMinor: number;
  /** Pass this as `state` to the next spin (null: back to the base game). */
  nextState: SlotState | null;
};

/** An exact fraction (numerator/denominator, both positive bigint) and its float for display. */
export type Ratio = { numerator: bigint; denominator: bigint; value: number };

export type RtpReport = {
  key: string;
  /** Total theoretical RTP, base game plus free spins, jackpot excluded. */
  rtp: Ratio;
  /** Line or ways wins of one base spin per unit of bet. */
  baseLines: Ratio;
  /** Scatter pays of one base spin per unit of bet. */
  baseScatter: Ratio;
  /** Expected free-spin wins per paid spin per unit of bet (retriggers included). */
  freeSpins: Ratio;
  /** Probability that a spin triggers free spins (3+ scatters). */
  triggerProbability: Ratio;
  /** Expected free spins awarded by one spin (r); the feature is finite on average because r < 1. */
  freeSpinsPerSpin: Ratio;
  /** Product of the strip lengths (the number of equally likely stop combinations). */
  combinations: bigint;
};

export type RecordedRound = {
  stops?: number[];
  winMinor?: number;
  jackpotHit?: boolean;
  freeSpinsAwarded?: number;
  freeSpinsRemaining?: number;
};

export type VerifyInput = {
  /** The revealed server seed. */
  serverSeed: string;
  /** The commitment published before play: sha256 of the server seed (hex). */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  theme: ThemeInput;
  betMinor: number;
  /** The feature state before the spin (null for a paid spin). */
  state: SlotState | null;
  /**
   * The jackpot odds the round was played with (recorded with the round). Required: a missing value
   * fails verification, since a jackpot at non-default odds only verifies with its own odds; a form
   * without it passes null (and is told what is missing).
   */
  jackpotOdds: number | null;
  /** What the server recorded: stops, winMinor and jackpotHit are required, free-spin counts compared when given. */
  recorded: RecordedRound;
};

export type VerifyResult = {
  /** sha256(serverSeed) equals the commitment. */
  commitmentOk: boolean;
  /** Every required recorded field is given and equals the recomputed one (and the jackpot odds are given). */
  outcomeOk: boolean;
  /** Both. */
  ok: boolean;
  /** Names of the recorded fields that differ. */
  mismatches: string[];
  /** Required inputs or recorded fields that were not given (verification then fails). */
  missing: string[];
  /** The recomputed spin (null when the inputs were invalid). */
  result: SpinResult | null;
  /** Why the inputs could not be used (bad seed, bad bet…), else null. */
  error: string | null;
};
