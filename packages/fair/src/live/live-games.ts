/**
 * The live tables (issue 22): one outcome per round for everyone at the table, drawn from the
 * round's seeds (`serverSeed` committed by its hash when the round opens, revealed when it is
 * settled; `clientSeed` the table's, `nonce` the round number), and what each kind of bet returns.
 * Stakes are bigint minor units; a return includes the stake (0n: lost).
 *   baccarat     8-deck shoe, six cards dealt by partial Fisher–Yates (baccarat.ts)
 *   dragon-tiger dragon = uniform(416), tiger = uniform(415) over the rest (as tables/dragon-tiger.ts)
 *   roulette     pocket = uniform(37)
 *   sic-bo       three dice, uniform(6) + 1 each
 *   andar-bahar  one deck shuffled by partial Fisher–Yates, the first card is the joker
 */
import type { RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';
import { ROULETTE_RED } from '../tables/roulette';
import { type AndarBaharOutcome, andarBaharReturn, dealAndarBahar } from './andar-bahar';
import { type BaccaratOutcome, baccaratReturn, dealBaccarat } from './baccarat';
import { cardOf, type LiveCard } from './cards';

export const LIVE_GAMES = ['baccarat', 'dragon-tiger', 'roulette', 'sic-bo', 'andar-bahar'] as const;
export type LiveGame = (typeof LIVE_GAMES)[number];

export type DragonTigerOutcome = {
  game: 'dragon-tiger';
  dragon: LiveCard;
  tiger: LiveCard;
  winner: 'dragon' | 'tiger' | 'tie';
};
export type RouletteOutcome = { game: 'roulette'; pocket: number };
export type SicBoOutcome = { game: 'sic-bo'; dice: number[]; total: number; triple: boolean };
export type LiveOutcome =
  | BaccaratOutcome
  | DragonTigerOutcome
  | RouletteOutcome
  | SicBoOutcome
  | AndarBaharOutcome;

/** The bet kinds of each game; roulette straight-ups are `straight-0` … `straight-36`. */
export const LIVE_BET_KINDS: Readonly<Record<LiveGame, readonly string[]>> = {
  baccarat: ['player', 'banker', 'tie', 'player_pair', 'banker_pair'],
  'dragon-tiger': ['dragon', 'tiger', 'tie'],
  roulette: [
    'red',
    'black',
    'odd',
    'even',
    'low',
    'high',
    'dozen-1',
    'dozen-2',
    'dozen-3',
    ...Array.from({ length: 37 }, (_, n) => `straight-${n}`),
  ],
  'sic-bo': ['small', 'big', 'any_triple'],
  'andar-bahar': ['andar', 'bahar'],
};

export const isLiveGame = (game: unknown): game is LiveGame => LIVE_GAMES.includes(game as LiveGame);
export const isLiveBetKind = (game: LiveGame, kind: unknown) =>
  typeof kind === 'string' && LIVE_BET_KINDS[game].includes(kind);

export const dealDragonTiger = (seeds: RoundSeeds): DragonTigerOutcome => {
  const stream = createByteStream(seeds);
  const dragonAt = stream.uniformInt(416);
  const drawn = stream.uniformInt(415);
  const tigerAt = drawn >= dragonAt ? drawn + 1 : drawn;
  const dragon = cardOf(dragonAt % 52);
  const tiger = cardOf(tigerAt % 52);
  const winner = dragon.rank === tiger.rank ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger';
  return { game: 'dragon-tiger', dragon, tiger, winner };
};

export const dealLive = (game: LiveGame, seeds: RoundSeeds): LiveOutcome => {
  switch (game) {
    case 'baccarat':
      return dealBaccarat(seeds);
    case 'dragon-tiger':
      return dealDragonTiger(seeds);
    case 'roulette':
      return { game, pocket: createByteStream(seeds).uniformInt(37) };
    case 'sic-bo': {
      const stream = createByteStream(seeds);
      const dice = [0, 1, 2].map(() => stream.uniformInt(6) + 1);
      const total = dice.reduce((a, b) => a + b, 0);
      return { game, dice, total, triple: dice[0] === dice[1] && dice[1] === dice[2] };
    }
    case 'andar-bahar':
      return dealAndarBahar(seeds);
  }
};

const RED = new Set<number>(ROULETTE_RED);

const rouletteWins = (kind: string, pocket: number): { wins: boolean; times: bigint } => {
  if (kind.startsWith('straight-')) return { wins: Number(kind.slice(9)) === pocket, times: 36n };
  if (kind.startsWith('dozen-')) {
    const dozen = Number(kind.slice(6));
    return { wins: pocket > 0 && Math.ceil(pocket / 12) === dozen, times: 3n };
  }
  if (pocket === 0) return { wins: false, times: 2n };
  const wins =
    kind === 'red'
      ? RED.has(pocket)
      : kind === 'black'
        ? !RED.has(pocket)
        : kind === 'odd'
          ? pocket % 2 === 1
          : kind === 'even'
            ? pocket % 2 === 0
            : kind === 'low'
              ? pocket <= 18
              : pocket >= 19;
  return { wins, times: 2n };
};

/** What a bet of `stake` on `kind` returns for the outcome (stake included; 0n when lost). */
export const liveBetReturn = (kind: string, stake: bigint, o: LiveOutcome): bigint => {
  switch (o.game) {
    case 'baccarat':
      return baccaratReturn(kind as Parameters<typeof baccaratReturn>[0], stake, o);
    case 'andar-bahar':
      return andarBaharReturn(kind as Parameters<typeof andarBaharReturn>[0], stake, o);
    case 'dragon-tiger':
      if (kind === 'tie') return o.winner === 'tie' ? stake * 9n : 0n;
      return o.winner === 'tie' ? stake / 2n : o.winner === kind ? stake * 2n : 0n;
    case 'roulette': {
      const { wins, times } = rouletteWins(kind, o.pocket);
      return wins ? stake * times : 0n;
    }
    case 'sic-bo':
      if (kind === 'any_triple') return o.triple ? stake * 31n : 0n;
      if (o.triple) return 0n;
      return (kind === 'small' ? o.total <= 10 : o.total >= 11) ? stake * 2n : 0n;
  }
};

/** A short label of the outcome for the last-results strip and the roads. */
export const liveResultCode = (o: LiveOutcome): string => {
  switch (o.game) {
    case 'baccarat':
      return o.winner === 'player' ? 'P' : o.winner === 'banker' ? 'B' : 'T';
    case 'dragon-tiger':
      return o.winner === 'dragon' ? 'D' : o.winner === 'tiger' ? 'T' : '=';
    case 'roulette':
      return String(o.pocket);
    case 'sic-bo':
      return String(o.total);
    case 'andar-bahar':
      return o.winner === 'andar' ? 'A' : 'B';
  }
};

/** The outcome fields a live round's verification compares (everything the deal decides). */
export const LIVE_RECORDED_FIELDS: Readonly<Record<LiveGame, readonly string[]>> = {
  baccarat: ['player', 'banker', 'winner'],
  'dragon-tiger': ['dragon', 'tiger', 'winner'],
  roulette: ['pocket'],
  'sic-bo': ['dice'],
  'andar-bahar': ['joker', 'andar', 'bahar', 'winner'],
};

/**
 * Verifies a live table's round: the revealed seed hashes to the commitment published before the
 * round, and dealing from the seeds gives the recorded outcome (the round's `outcome`).
 */
export const verifyLiveRound = (
  input: Revealed & { game: string; recorded: Record<string, unknown> | null | undefined },
) => {
  const game = isLiveGame(input.game) ? input.game : null;
  return verifyReplay(input, input.recorded, game ? LIVE_RECORDED_FIELDS[game] : ['game'], () => {
    if (!game) throw new FairError('bad_state', 'not a live table game');
    return dealLive(game, input) as unknown as Record<string, unknown>;
  });
};
