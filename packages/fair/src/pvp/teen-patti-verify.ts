/**
 * Verification of a Teen Patti deal (ADR 060), in the browser or anywhere: the revealed server
 * seed must hash to the commitment shown before the hand, and `dealTeenPatti` from the server
 * seed, the client seed (`pvp-<table>`), the hand number (nonce) and the number of players dealt
 * in gives every player's three cards. Cards the player saw (their own, those shown at a show) can
 * be given per player (`null` for a hand never shown); each one given must equal the deal's.
 * Never throws on bad input: `error` says why the deal could not be replayed.
 */
import { commitmentOf, FairError, isServerSeed } from '../rng';
import { dealTeenPatti } from './teen-patti-hand';

/** Three cards each from one deck: at most 17 players. */
export const TEEN_PATTI_MAX_PLAYERS = 17;

export type TeenPattiDealInput = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  players: number;
  /** Per player in deal order, the cards seen (0..51), or null where they were never shown. */
  recorded?: { cards?: readonly (readonly number[] | null)[] } | null;
};

export type TeenPattiDealVerdict = {
  commitmentOk: boolean;
  outcomeOk: boolean;
  ok: boolean;
  /** `cards[i]` for each player whose recorded cards differ from the deal. */
  mismatches: string[];
  missing: string[];
  /** How many players' recorded cards were compared (0: nothing given to compare). */
  compared: number;
  hands: [number, number, number][] | null;
  error: string | null;
};

export const verifyTeenPattiDeal = (input: TeenPattiDealInput): TeenPattiDealVerdict => {
  const commitmentOk =
    isServerSeed(input.serverSeed) &&
    commitmentOf(input.serverSeed) === input.serverSeedHash.trim().toLowerCase();
  try {
    if (!Number.isInteger(input.players) || input.players < 2 || input.players > TEEN_PATTI_MAX_PLAYERS)
      throw new FairError('bad_range', `players must be an integer in 2..${TEEN_PATTI_MAX_PLAYERS}`);
    const hands = dealTeenPatti(input, input.players);
    const recorded = input.recorded?.cards ?? [];
    if (recorded.length > input.players)
      throw new FairError('bad_state', 'more recorded hands than players dealt in');
    const mismatches: string[] = [];
    let compared = 0;
    recorded.forEach((cards, i) => {
      if (cards === null || cards === undefined) return;
      compared++;
      const dealt = hands[i] ?? [];
      if (cards.length !== 3 || cards.some((c, k) => c !== dealt[k])) mismatches.push(`cards[${i}]`);
    });
    const outcomeOk = mismatches.length === 0;
    return {
      commitmentOk,
      outcomeOk,
      ok: commitmentOk && outcomeOk,
      mismatches,
      missing: [],
      compared,
      hands,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof FairError)) throw error;
    return {
      commitmentOk,
      outcomeOk: false,
      ok: false,
      mismatches: [],
      missing: [],
      compared: 0,
      hands: null,
      error: error.message,
    };
  }
};
