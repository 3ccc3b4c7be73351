/**
 * Dragon tiger: one card to the dragon and one to the tiger from a fresh shoe of 8 decks (416
 * cards) per round; the higher rank wins (ace low 1 … king 13, suits do not count). Bets:
 * dragon and tiger pay 1:1 (2× back) and, on a tie, return half their stake; tie pays 8:1 (9×
 * back). Draws: dragon = uniform(416), tiger = uniform(415) over the shoe without the dragon's
 * card (index ≥ the dragon's moves one up); shoe position i is card i mod 52, rank (card mod 13) + 1,
 * suit floor(card / 13). Exact RTP: P(tie) = 31/415, P(dragon) = P(tiger) = 192/415, so dragon or
 * tiger returns 2·192/415 + ½·31/415 = 799/830 (96.27 %) and tie 9·31/415 = 279/415 (67.23 %).
 * Half a stake is floor(stake / 2).
 */
import { checkBet, checkInt, checkOneOf, MAX_ROUND_BET_MINOR, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';

export const DRAGON_TIGER_SHOE = 416;
export const DRAGON_TIGER_BET_KINDS = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerBetKind = (typeof DRAGON_TIGER_BET_KINDS)[number];
export const DRAGON_TIGER_MAX_CHIPS = 100;

export type DragonTigerBet = { kind: DragonTigerBetKind; chips?: number };
export type DragonTigerCard = { card: number; rank: number; suit: number };
export type DragonTigerInput = RoundSeeds & { betMinor: number; bets: DragonTigerBet[] };
export type DragonTigerResult = {
  game: 'dragon-tiger';
  dragon: DragonTigerCard;
  tiger: DragonTigerCard;
  winner: 'dragon' | 'tiger' | 'tie';
  bets: { kind: DragonTigerBetKind; chips: number; payoutMinor: number }[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

const cardOf = (card: number): DragonTigerCard => ({
  card,
  rank: (card % 13) + 1,
  suit: Math.floor(card / 13),
});

/** The bets of a round: one to three bets (each kind once), 1..100 chips in all. */
export const dragonTigerBetsOf = (bets: unknown): { kind: DragonTigerBetKind; chips: number }[] => {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > DRAGON_TIGER_BET_KINDS.length)
    throw new FairError('bad_range', 'a round takes 1..3 bets');
  const checked = bets.map((bet: DragonTigerBet) => ({
    kind: checkOneOf(bet?.kind, DRAGON_TIGER_BET_KINDS, 'bet kind'),
    chips: checkInt(bet.chips ?? 1, 1, DRAGON_TIGER_MAX_CHIPS, 'chips'),
  }));
  if (new Set(checked.map((b) => b.kind)).size !== checked.length)
    throw new FairError('bad_range', 'each bet kind once a round');
  if (checked.reduce((sum, b) => sum + b.chips, 0) > DRAGON_TIGER_MAX_CHIPS)
    throw new FairError('bad_range', `a round takes at most ${DRAGON_TIGER_MAX_CHIPS} chips`);
  return checked;
};

/** The round's result for the two cards (0..51 each). */
export const settleDragonTiger = (
  betMinorIn: number,
  betsIn: DragonTigerBet[],
  dragonCard: number,
  tigerCard: number,
): DragonTigerResult => {
  const betMinor = checkBet(betMinorIn);
  const bets = dragonTigerBetsOf(betsIn);
  const stakeMinor = betMinor * bets.reduce((sum, b) => sum + b.chips, 0);
  if (stakeMinor > MAX_ROUND_BET_MINOR)
    throw new FairError('bad_bet', `a round stakes at most ${MAX_ROUND_BET_MINOR} minor units`);
  const dragon = cardOf(checkInt(dragonCard, 0, 51, 'card'));
  const tiger = cardOf(checkInt(tigerCard, 0, 51, 'card'));
  const winner = dragon.rank === tiger.rank ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger';
  const settled = bets.map((b) => {
    const stake = betMinor * b.chips;
    const payoutMinor =
      b.kind === 'tie'
        ? winner === 'tie'
          ? stake * 9
          : 0
        : winner === 'tie'
          ? Math.floor(stake / 2)
          : winner === b.kind
            ? stake * 2
            : 0;
    return { ...b, payoutMinor };
  });
  const payoutMinor = settled.reduce((sum, b) => sum + b.payoutMinor, 0);
  return {
    game: 'dragon-tiger',
    dragon,
    tiger,
    winner,
    bets: settled,
    won: payoutMinor > 0,
    stakeMinor,
    payoutMinor,
  };
};

export const playDragonTiger = (input: DragonTigerInput): DragonTigerResult => {
  checkBet(input.betMinor);
  dragonTigerBetsOf(input.bets);
  const stream = createByteStream(input);
  const dragonAt = stream.uniformInt(DRAGON_TIGER_SHOE);
  const drawn = stream.uniformInt(DRAGON_TIGER_SHOE - 1);
  const tigerAt = drawn >= dragonAt ? drawn + 1 : drawn;
  return settleDragonTiger(input.betMinor, input.bets, dragonAt % 52, tigerAt % 52);
};

export const DRAGON_TIGER_RECORDED_FIELDS = ['dragon', 'tiger', 'stakeMinor', 'payoutMinor'] as const;

export const verifyDragonTiger = (
  input: Revealed &
    Omit<DragonTigerInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, DRAGON_TIGER_RECORDED_FIELDS, () => playDragonTiger(input));
