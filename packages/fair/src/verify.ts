/**
 * Verification of a revealed round, in the browser or anywhere: the commitment must be
 * sha256(serverSeed) and the recorded outcome must be what the seeds give.
 */
import { spin } from './engine';
import { commitmentOf, FairError, isServerSeed } from './rng';
import { themeFor } from './themes';
import type { RecordedRound, SpinResult, VerifyInput, VerifyResult } from './types';

const sameStops = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const compare = (recorded: RecordedRound, result: SpinResult): string[] => {
  const mismatches: string[] = [];
  if (recorded.stops !== undefined && !sameStops(recorded.stops, result.stops)) mismatches.push('stops');
  if (recorded.winMinor !== undefined && recorded.winMinor !== result.winMinor) mismatches.push('winMinor');
  if (recorded.jackpotHit !== undefined && recorded.jackpotHit !== result.jackpotHit)
    mismatches.push('jackpotHit');
  if (recorded.freeSpinsAwarded !== undefined && recorded.freeSpinsAwarded !== result.freeSpinsAwarded)
    mismatches.push('freeSpinsAwarded');
  if (recorded.freeSpinsRemaining !== undefined && recorded.freeSpinsRemaining !== result.freeSpinsRemaining)
    mismatches.push('freeSpinsRemaining');
  return mismatches;
};

/** Recomputes the spin from the revealed seed and compares it with the record; never throws. */
export const verifyRound = (input: VerifyInput): VerifyResult => {
  const commitmentOk =
    isServerSeed(input.serverSeed) &&
    typeof input.serverSeedHash === 'string' &&
    commitmentOf(input.serverSeed) === input.serverSeedHash.trim().toLowerCase();
  try {
    const result = spin({
      serverSeed: input.serverSeed,
      clientSeed: input.clientSeed,
      nonce: input.nonce,
      theme: themeFor(input.theme),
      betMinor: input.betMinor,
      state: input.state,
      ...(input.jackpotOdds === undefined ? {} : { jackpotOdds: input.jackpotOdds }),
    });
    const mismatches = compare(input.recorded, result);
    const outcomeOk = mismatches.length === 0;
    return { commitmentOk, outcomeOk, ok: commitmentOk && outcomeOk, mismatches, result, error: null };
  } catch (error) {
    if (!(error instanceof FairError)) throw error;
    return { commitmentOk, outcomeOk: false, ok: false, mismatches: [], result: null, error: error.message };
  }
};
