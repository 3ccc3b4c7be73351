import type { CatalogueGameType } from '../../schema';

export type DemoVendor = {
  code: string;
  gameType: CatalogueGameType;
  name: string;
  /** Games generated for it (SPORTS-like vendors have one lobby game). */
  games: number;
  lane?: 'ESPORTS' | 'COCKFIGHT';
  hot?: boolean;
  isGame?: 'VASSALAGE' | 'GAME';
  demo?: boolean;
};

/**
 * The demo catalogue's vendors: 68 cards over every category. Esports (IMES, TF, IA) and
 * cockfight (SV3, WS168) vendors are SPORTS vendors that the lane rules split out. The RNG game
 * counts add up, with the other categories, to 10,000 games.
 */
export const DEMO_VENDORS: DemoVendor[] = [
  // Slots (RNG)
  { code: 'PG', gameType: 'RNG', name: 'PG Soft', games: 520, hot: true, demo: true },
  { code: 'JILI', gameType: 'RNG', name: 'JILI', games: 500, hot: true, demo: true },
  { code: 'PP', gameType: 'RNG', name: 'Pragmatic Play', games: 600, hot: true, demo: true },
  { code: 'JDB', gameType: 'RNG', name: 'JDB', games: 380, hot: true, demo: true },
  { code: 'FC', gameType: 'RNG', name: 'Fa Chai', games: 330, hot: true, demo: true },
  { code: 'CQ9', gameType: 'RNG', name: 'CQ9', games: 360, demo: true },
  { code: 'KA', gameType: 'RNG', name: 'KA Gaming', games: 400, demo: true },
  { code: 'SPADE', gameType: 'RNG', name: 'Spadegaming', games: 320, demo: true },
  { code: 'HABA', gameType: 'RNG', name: 'Habanero', games: 330, demo: true },
  { code: 'RT', gameType: 'RNG', name: 'Red Tiger', games: 350, demo: true },
  { code: 'NETENT', gameType: 'RNG', name: 'NetEnt', games: 360, demo: true },
  { code: 'PT', gameType: 'RNG', name: 'Playtech', games: 400, demo: true },
  { code: 'MG', gameType: 'RNG', name: 'Microgaming', games: 420, demo: true },
  { code: 'BNG', gameType: 'RNG', name: 'Booongo', games: 296, demo: true },
  { code: 'YGG', gameType: 'RNG', name: 'Yggdrasil', games: 260, demo: true },
  { code: 'NLC', gameType: 'RNG', name: 'Nolimit City', games: 200, demo: true },
  { code: 'HACKSAW', gameType: 'RNG', name: 'Hacksaw Gaming', games: 240, demo: true },
  { code: 'RELAX', gameType: 'RNG', name: 'Relax Gaming', games: 230, demo: true },
  { code: 'PLAYSON', gameType: 'RNG', name: 'Playson', games: 220, demo: true },
  { code: 'EVOPLAY', gameType: 'RNG', name: 'Evoplay', games: 250, demo: true },
  { code: 'BTG', gameType: 'RNG', name: 'Big Time Gaming', games: 180, demo: true },
  { code: 'QS', gameType: 'RNG', name: 'Quickspin', games: 200, demo: true },
  { code: 'TK', gameType: 'RNG', name: 'Thunderkick', games: 170, demo: true },
  { code: 'PNG', gameType: 'RNG', name: "Play'n GO", games: 380, demo: true },
  { code: 'BGAMING', gameType: 'RNG', name: 'BGaming', games: 210, demo: true },
  { code: 'SMARTSOFT', gameType: 'RNG', name: 'SmartSoft', games: 170, demo: true },
  { code: 'SPRIBE', gameType: 'RNG', name: 'Spribe', games: 120, demo: true },
  { code: 'ACEWIN', gameType: 'RNG', name: 'AceWin', games: 180, demo: true },
  { code: 'YB', gameType: 'RNG', name: 'Yellow Bat', games: 170 },
  { code: 'MP', gameType: 'RNG', name: 'Mini Play', games: 150 },
  { code: 'RICH88', gameType: 'RNG', name: 'Rich88', games: 160 },
  { code: 'WG', gameType: 'RNG', name: 'WG Slots', games: 115 },
  { code: 'NAGA', gameType: 'RNG', name: 'Naga Games', games: 150 },
  { code: 'FASTSPIN', gameType: 'RNG', name: 'FastSpin', games: 165 },
  // Live casino
  { code: 'EVO', gameType: 'LIVE', name: 'Evolution', games: 60, hot: true },
  { code: 'SEXY', gameType: 'LIVE', name: 'AE Sexy', games: 30 },
  { code: 'SA', gameType: 'LIVE', name: 'SA Gaming', games: 30 },
  { code: 'DG', gameType: 'LIVE', name: 'Dream Gaming', games: 25 },
  { code: 'PPLIVE', gameType: 'LIVE', name: 'Pragmatic Live', games: 40 },
  { code: 'EZUGI', gameType: 'LIVE', name: 'Ezugi', games: 30 },
  { code: 'AB', gameType: 'LIVE', name: 'Allbet', games: 25 },
  { code: 'WM', gameType: 'LIVE', name: 'WM Casino', games: 25 },
  // Fishing
  { code: 'JILI', gameType: 'FISH', name: 'JILI Fishing', games: 20, demo: true },
  { code: 'JDB', gameType: 'FISH', name: 'JDB Fishing', games: 16, demo: true },
  { code: 'CQ9', gameType: 'FISH', name: 'CQ9 Fishing', games: 14, demo: true },
  { code: 'FC', gameType: 'FISH', name: 'Fa Chai Fishing', games: 14, demo: true },
  { code: 'KA', gameType: 'FISH', name: 'KA Fishing', games: 12, demo: true },
  // Card games (PvP)
  { code: 'KM', gameType: 'PVP', name: 'Kingmaker', games: 30, hot: true },
  { code: 'V8', gameType: 'PVP', name: 'V8 Poker', games: 25 },
  { code: 'KY', gameType: 'PVP', name: 'Kaiyuan', games: 25 },
  { code: 'TP', gameType: 'PVP', name: 'TP Gaming', games: 20 },
  // Sports, with esports and cockfight vendors that the lane rules move to their own lanes
  { code: 'SABA', gameType: 'SPORTS', name: 'SABA Sports', games: 1, hot: true, isGame: 'GAME' },
  { code: 'BTI', gameType: 'SPORTS', name: 'BTi Sports', games: 1, isGame: 'GAME' },
  { code: 'CMD', gameType: 'SPORTS', name: 'CMD368', games: 1, isGame: 'GAME' },
  { code: 'SBO', gameType: 'SPORTS', name: 'SBOBET', games: 1, isGame: 'GAME' },
  { code: 'FB', gameType: 'SPORTS', name: 'FB Sports', games: 1, isGame: 'GAME' },
  { code: 'IMES', gameType: 'SPORTS', name: 'IM eSports', games: 1, lane: 'ESPORTS', isGame: 'GAME' },
  { code: 'TF', gameType: 'SPORTS', name: 'TF Gaming', games: 1, lane: 'ESPORTS', isGame: 'GAME' },
  { code: 'IA', gameType: 'SPORTS', name: 'IA eSports', games: 1, lane: 'ESPORTS', isGame: 'GAME' },
  { code: 'SV3', gameType: 'SPORTS', name: 'SV388', games: 1, lane: 'COCKFIGHT', isGame: 'GAME' },
  { code: 'WS168', gameType: 'SPORTS', name: 'WS168', games: 1, lane: 'COCKFIGHT', isGame: 'GAME' },
  // Electronic lottery and lottery
  { code: 'TCG_LOTTO_VN', gameType: 'ELOTT', name: 'TCG Lotto VN', games: 12 },
  { code: 'TCG_SEA', gameType: 'ELOTT', name: 'TCG SEA', games: 12 },
  { code: 'ELOTT', gameType: 'ELOTT', name: 'E-Lottery', games: 10 },
  { code: 'VR', gameType: 'ELOTT', name: 'VR Lottery', games: 10 },
  { code: 'LOTT', gameType: 'LOTT', name: 'Lottery', games: 10 },
  { code: 'GW', gameType: 'LOTT', name: 'GW Lotto', games: 9 },
];
