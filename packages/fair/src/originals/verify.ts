/**
 * Verification of an original's round from its recorded fields, in the browser or anywhere: the
 * revealed server seed must hash to the commitment shown before play, and replaying the round from
 * the seeds and the bet's parameters must give every recorded field. A recorded field that is
 * missing (undefined, null or '') fails verification and is listed in `missing`; it never counts
 * as a match. Never throws on bad input: `error` says why the round could not be replayed.
 */
import { commitmentOf, FairError, isServerSeed } from '../rng';
import { compareRecorded, type RoundSeeds } from './common';
import { checkCrashLink, settleCrashBet } from './crash';
import { type DiceInput, playDice } from './dice';
import { type LimboInput, playLimbo } from './limbo';
import { type MinesInput, playMines } from './mines';
import { type PlinkoInput, playPlinko } from './plinko';
import { playTower, type TowerInput } from './tower';
import { playWheel, type WheelInput } from './wheel';

export type EngineVerifyResult<R> = {
  /** sha256(serverSeed) equals the commitment (crash: the link hashes to the previous link). */
  commitmentOk: boolean;
  /** Every required recorded field is present and equals the replayed one. */
  outcomeOk: boolean;
  ok: boolean;
  /** Recorded fields that differ from the replay. */
  mismatches: string[];
  /** Required recorded fields that were not given. */
  missing: string[];
  result: R | null;
  error: string | null;
};

export type Revealed = RoundSeeds & {
  /** The commitment published before play. */
  serverSeedHash: string;
};

const commitmentMatches = (serverSeed: unknown, hash: unknown) =>
  isServerSeed(serverSeed) &&
  typeof hash === 'string' &&
  commitmentOf(serverSeed) === hash.trim().toLowerCase();

/**
 * The shared verifier: replays with `play`, compares `required` recorded fields with the result's
 * fields of the same names. Used by the originals, fishing and the slot engines.
 */
export const verifyReplay = <R extends object>(
  revealed: { serverSeed: unknown; serverSeedHash: unknown },
  recorded: Record<string, unknown> | null | undefined,
  required: readonly string[],
  play: () => R,
): EngineVerifyResult<R> => {
  const commitmentOk = commitmentMatches(revealed.serverSeed, revealed.serverSeedHash);
  try {
    const result = play();
    const { mismatches, missing } = compareRecorded(recorded, result as Record<string, unknown>, required);
    const outcomeOk = mismatches.length === 0 && missing.length === 0;
    return {
      commitmentOk,
      outcomeOk,
      ok: commitmentOk && outcomeOk,
      mismatches,
      missing,
      result,
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
      result: null,
      error: error.message,
    };
  }
};

type Recorded<K extends string> = { recorded: Partial<Record<K, unknown>> | null | undefined };

/** What the page passes per game: the revealed seeds, the bet's parameters and the recorded outcome. */
export type VerifyOriginalInput =
  | (Revealed & Omit<DiceInput, keyof RoundSeeds> & { game: 'dice' } & Recorded<'roll' | 'payoutMinor'>)
  | (Revealed &
      Omit<LimboInput, keyof RoundSeeds> & { game: 'limbo' } & Recorded<'resultX100' | 'payoutMinor'>)
  | (Revealed & Omit<PlinkoInput, keyof RoundSeeds> & { game: 'plinko' } & Recorded<'bucket' | 'payoutMinor'>)
  | (Revealed &
      Omit<MinesInput, keyof RoundSeeds> & { game: 'mines' } & Recorded<'mineCells' | 'payoutMinor'>)
  | (Revealed & Omit<WheelInput, keyof RoundSeeds> & { game: 'wheel' } & Recorded<'segment' | 'payoutMinor'>)
  | (Revealed & Omit<TowerInput, keyof RoundSeeds> & { game: 'tower' } & Recorded<'traps' | 'payoutMinor'>);

/** The recorded fields each game must give. */
export const ORIGINALS_RECORDED_FIELDS = {
  dice: ['roll', 'payoutMinor'],
  limbo: ['resultX100', 'payoutMinor'],
  plinko: ['bucket', 'payoutMinor'],
  mines: ['mineCells', 'payoutMinor'],
  wheel: ['segment', 'payoutMinor'],
  tower: ['traps', 'payoutMinor'],
} as const;

export const verifyOriginal = (input: VerifyOriginalInput) => {
  const required = ORIGINALS_RECORDED_FIELDS[input.game] ?? ['payoutMinor'];
  const play = () => {
    switch (input.game) {
      case 'dice':
        return playDice(input);
      case 'limbo':
        return playLimbo(input);
      case 'plinko':
        return playPlinko(input);
      case 'mines':
        return playMines(input);
      case 'wheel':
        return playWheel(input);
      case 'tower':
        return playTower(input);
      default:
        throw new FairError('bad_range', 'unknown game');
    }
  };
  return verifyReplay(input, input.recorded, required, play);
};

export type VerifyCrashInput = {
  /** The round's revealed link h_r. */
  hash: string;
  /** The link revealed the round before (h_{r−1}; the published terminal hash for round 1). */
  previousHash: string;
  salt: string;
  recorded: { crashX100?: unknown } | null | undefined;
  /** A player's bet on the round, to check its payout too. */
  bet?: {
    betMinor: number;
    cashoutX100: number | null;
    recorded: { payoutMinor?: unknown } | null | undefined;
  };
};

/** Checks a crash round: the link, the crash point and, if given, a bet's payout. */
export const verifyCrash = (input: VerifyCrashInput) => {
  const link = checkCrashLink(input.hash, input.previousHash, input.salt);
  const missing: string[] = [];
  const mismatches: string[] = [];
  const crash = input.recorded?.crashX100;
  if (crash === undefined || crash === null || crash === '') missing.push('crashX100');
  else if (crash !== link.crashX100) mismatches.push('crashX100');
  let bet: ReturnType<typeof settleCrashBet> | null = null;
  let error = link.error;
  if (input.bet && link.crashX100 !== null) {
    try {
      bet = settleCrashBet({ ...input.bet, crashX100: link.crashX100 });
      const c = compareRecorded(input.bet.recorded, bet as Record<string, unknown>, ['payoutMinor']);
      missing.push(...c.missing);
      mismatches.push(...c.mismatches);
    } catch (e) {
      if (!(e instanceof FairError)) throw e;
      error = e.message;
    }
  }
  const outcomeOk =
    error === null && link.crashX100 !== null && missing.length === 0 && mismatches.length === 0;
  return {
    commitmentOk: link.linkOk,
    outcomeOk,
    ok: link.linkOk && outcomeOk,
    mismatches,
    missing,
    result: link.crashX100 === null ? null : { crashX100: link.crashX100, bet },
    error,
  };
};
