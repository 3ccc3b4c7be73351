import type { Product } from './feed';

/** The book's sports and competitions the demo offers (ensured at start, never deleted). */
export const SPORTS: { code: string; product: Product; sort: number }[] = [
  { code: 'cricket', product: 'SPORTS', sort: 1 },
  { code: 'football', product: 'SPORTS', sort: 2 },
  { code: 'kabaddi', product: 'SPORTS', sort: 3 },
  { code: 'cs2', product: 'ESPORTS', sort: 4 },
  { code: 'dota2', product: 'ESPORTS', sort: 5 },
  { code: 'cockfight', product: 'COCKFIGHT', sort: 6 },
];

export const COMPETITIONS: { id: string; sportCode: string; name: string; teams: string[] }[] = [
  {
    id: 'cricket-bpl',
    sportCode: 'cricket',
    name: 'Bangladesh Premier League',
    teams: [
      'Dhaka Capitals',
      'Rangpur Riders',
      'Comilla Victorians',
      'Sylhet Strikers',
      'Khulna Tigers',
      'Chattogram Kings',
    ],
  },
  {
    id: 'cricket-ipl',
    sportCode: 'cricket',
    name: 'Indian T20 League',
    teams: [
      'Mumbai Blue',
      'Chennai Yellow',
      'Kolkata Knights',
      'Delhi Capitals',
      'Punjab Lions',
      'Rajasthan Royals',
    ],
  },
  {
    id: 'football-bpl',
    sportCode: 'football',
    name: 'Bangladesh Football League',
    teams: ['Abahani', 'Mohammedan', 'Bashundhara Kings', 'Sheikh Russel', 'Fortis', 'Rahmatganj'],
  },
  {
    id: 'football-isl',
    sportCode: 'football',
    name: 'Indian Super League',
    teams: ['Mohun Bagan', 'East Bengal', 'Kerala Blasters', 'Bengaluru', 'Mumbai City', 'Goa'],
  },
  {
    id: 'kabaddi-pro',
    sportCode: 'kabaddi',
    name: 'Pro Kabaddi',
    teams: [
      'Patna Pirates',
      'Bengal Warriors',
      'Jaipur Panthers',
      'Puneri Paltan',
      'U Mumba',
      'Tamil Thalaivas',
    ],
  },
  {
    id: 'cs2-major',
    sportCode: 'cs2',
    name: 'CS2 Asia Masters',
    teams: ['Dhaka Wolves', 'Mumbai Vipers', 'Tigers Esports', 'Lotus Five', 'Neon Rising', 'Bay Gaming'],
  },
  {
    id: 'dota2-league',
    sportCode: 'dota2',
    name: 'Dota 2 South Asia League',
    teams: [
      'Ancient Kings',
      'Mid or Feed',
      'Roshan Hunters',
      'Bengal Ravens',
      'Indus Storm',
      'Himalaya Five',
    ],
  },
  {
    id: 'cockfight-arena',
    sportCode: 'cockfight',
    name: 'Khela Sabong Arena',
    teams: ['Meron', 'Wala'],
  },
];
