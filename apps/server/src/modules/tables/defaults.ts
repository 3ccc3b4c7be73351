import type { LiveGame } from '@khela/fair';

/** The tables every merchant gets (ids prefixed with the merchant code); bet limits in major units. */
export const DEFAULT_TABLES: {
  key: string;
  game: LiveGame;
  name: string;
  minBet: number;
  maxBet: number;
  bettingMs: number;
  resultMs: number;
}[] = [
  {
    key: 'bac-a',
    game: 'baccarat',
    name: 'Baccarat A',
    minBet: 10,
    maxBet: 50_000,
    bettingMs: 15_000,
    resultMs: 7_000,
  },
  {
    key: 'bac-b',
    game: 'baccarat',
    name: 'Speed Baccarat B',
    minBet: 50,
    maxBet: 100_000,
    bettingMs: 10_000,
    resultMs: 6_000,
  },
  {
    key: 'dt-a',
    game: 'dragon-tiger',
    name: 'Dragon Tiger',
    minBet: 10,
    maxBet: 50_000,
    bettingMs: 12_000,
    resultMs: 5_000,
  },
  {
    key: 'rl-a',
    game: 'roulette',
    name: 'European Roulette',
    minBet: 10,
    maxBet: 20_000,
    bettingMs: 15_000,
    resultMs: 7_000,
  },
  {
    key: 'sb-a',
    game: 'sic-bo',
    name: 'Sic Bo',
    minBet: 10,
    maxBet: 20_000,
    bettingMs: 15_000,
    resultMs: 6_000,
  },
  {
    key: 'ab-a',
    game: 'andar-bahar',
    name: 'Andar Bahar',
    minBet: 10,
    maxBet: 50_000,
    bettingMs: 15_000,
    resultMs: 8_000,
  },
];
