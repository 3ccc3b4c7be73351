import { createByteStream } from '@khela/fair';
import { COMPETITIONS } from './catalogue';
import type { EventResult, FeedEvent, Fixture, FixtureMarket, SportsFeed } from './feed';
import { balancedLine, pricedMarket, range } from './pricing';
import { drawScore, scoreModel, strengthOf } from './score-models';

/**
 * The demo feed (issue 21): a schedule that keeps going for every sport, prices from the score
 * models and results drawn from each event's seed (the CSPRNG seed the book stores with its
 * commitment: client seed = the feed key, nonce 0; the first draw is the strength, the next the
 * score). Cockfights every few minutes: Meron 46 %, Wala 46 %, Draw 5 %, cancelled 3 %.
 */

type Cadence = { sportCode: string; everyMs: number; offsetMs: number; lastsMs: number; marginBp: number };

const MINUTE = 60_000;
export const CADENCES: Cadence[] = [
  { sportCode: 'football', everyMs: 20 * MINUTE, offsetMs: 0, lastsMs: 8 * MINUTE, marginBp: 500 },
  { sportCode: 'cricket', everyMs: 30 * MINUTE, offsetMs: 5 * MINUTE, lastsMs: 12 * MINUTE, marginBp: 500 },
  { sportCode: 'kabaddi', everyMs: 20 * MINUTE, offsetMs: 10 * MINUTE, lastsMs: 8 * MINUTE, marginBp: 500 },
  { sportCode: 'cs2', everyMs: 15 * MINUTE, offsetMs: 2 * MINUTE, lastsMs: 6 * MINUTE, marginBp: 600 },
  { sportCode: 'dota2', everyMs: 15 * MINUTE, offsetMs: 7 * MINUTE, lastsMs: 6 * MINUTE, marginBp: 600 },
  { sportCode: 'cockfight', everyMs: 3 * MINUTE, offsetMs: 0, lastsMs: MINUTE, marginBp: 0 },
];

/** The simulator's stream of an event (client seed: the feed key). */
const streamOf = (e: { feedKey: string; serverSeed: string }) =>
  createByteStream({ serverSeed: e.serverSeed, clientSeed: e.feedKey, nonce: 0 });

const marketsOf = (sportCode: string, strength: number, marginBp: number): FixtureMarket[] => {
  if (sportCode === 'cockfight')
    return [
      {
        kind: 'cockfight',
        lineQ: null,
        pariMutuel: true,
        selections: [
          { code: 'meron', odds: 19_000n },
          { code: 'wala', odds: 19_000n },
          { code: 'draw', odds: 90_000n },
        ],
      },
    ];
  const model = scoreModel(sportCode, strength);
  const m = (
    kind: FixtureMarket['kind'],
    lineQ: number | null,
    codes: FixtureMarket['selections'][0]['code'][],
  ) => pricedMarket(model, kind, lineQ, codes, marginBp);
  switch (sportCode) {
    case 'football': {
      const handicap = balancedLine(model, 'handicap', range(-12, 12, 1));
      const total = balancedLine(model, 'total', range(2, 18, 1));
      return [
        m('1x2', null, ['home', 'draw', 'away']),
        m('handicap', handicap, ['home', 'away']),
        m('total', total, ['over', 'under']),
        ...(total === 10 ? [] : [m('total', 10, ['over', 'under'])]),
      ];
    }
    case 'cricket':
      return [
        m('winner', null, ['home', 'away']),
        m('total', balancedLine(model, 'total', range(4 * 240 + 2, 4 * 430 + 2, 32)), ['over', 'under']),
      ];
    case 'kabaddi':
      return [
        m('match_bet', null, ['home', 'away']),
        m('handicap', balancedLine(model, 'handicap', range(-4 * 20 + 2, 4 * 20 - 2, 4)), ['home', 'away']),
        m('total', balancedLine(model, 'total', range(4 * 40 + 2, 4 * 110 + 2, 4)), ['over', 'under']),
      ];
    default:
      return [
        m('winner', null, ['home', 'away']),
        m('map_handicap', strength >= 0 ? -6 : 6, ['home', 'away']),
      ];
  }
};

const teamsOf = (competition: (typeof COMPETITIONS)[number], slot: number) => {
  const teams = competition.teams;
  const n = teams.length;
  const home = slot % n;
  const away = (home + 1 + (Math.floor(slot / n) % (n - 1))) % n;
  return { home: teams[home] as string, away: teams[away] as string };
};

export const createFeedSimulator = (): SportsFeed => ({
  fixtures(from, to, seedOf) {
    const out: Fixture[] = [];
    for (const c of CADENCES) {
      const competitions = COMPETITIONS.filter((x) => x.sportCode === c.sportCode);
      const first = Math.ceil((from.getTime() - c.offsetMs) / c.everyMs);
      for (let slot = first; slot * c.everyMs + c.offsetMs < to.getTime(); slot += 1) {
        const startsAt = slot * c.everyMs + c.offsetMs;
        const competition = competitions[slot % competitions.length] as (typeof COMPETITIONS)[number];
        const feedKey = `${c.sportCode}-${startsAt}`;
        const strength =
          c.sportCode === 'cockfight' ? 0 : strengthOf(streamOf({ feedKey, serverSeed: seedOf(feedKey) }));
        const { home, away } = teamsOf(competition, slot);
        out.push({
          feedKey,
          sportCode: c.sportCode,
          competitionId: competition.id,
          home,
          away,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + c.lastsMs),
          markets: marketsOf(c.sportCode, strength, c.marginBp),
        });
      }
    }
    return out;
  },
  result(event: FeedEvent): EventResult {
    const stream = streamOf(event);
    if (event.sportCode === 'cockfight') {
      const r = stream.uniformInt(100);
      return { kind: 'fight', winner: r < 46 ? 'meron' : r < 92 ? 'wala' : r < 97 ? 'draw' : 'cancelled' };
    }
    const strength = strengthOf(stream);
    return { kind: 'score', ...drawScore(scoreModel(event.sportCode, strength), stream) };
  },
});
