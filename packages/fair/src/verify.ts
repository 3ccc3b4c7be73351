/**
 * Verification of a revealed round, in the browser or anywhere: the commitment must be
 * sha256(serverSeed) and the recorded outcome must be what the seeds give. Strict: the round's
 * jackpot odds and the recorded stops, win and jackpot flag must all be given — a missing one fails
 * verification (listed in `missing`) and never counts as a match, so a form holding only the seeds
 * cannot say "fair". Recorded free-spin counts are compared when given.
 */
import { spin } from './engine';
import { commitmentOf, FairError, isServerSeed } from './rng';
import { themeFor } from './themes';
import type { RecordedRound, SpinResult, VerifyInput, VerifyResult } from './types';

/** Recorded fields every classic-slot round must give. */
export const REQUIRED_RECORDED_FIELDS = ['stops', 'winMinor', 'jackpotHit'] as const;

const blank = (value: unknown) => value === undefined || value === null || value === '';

const sameStops = (a: unknown, b: readonly number[]) =>
  Array.isArray(a) && a.length === b.length && a.every((v, i) => v === b[i]);

const compare = (recorded: RecordedRound | null | undefined, result: SpinResult) => {
  const mismatches: string[] = [];
  const missing: string[] = [];
  const r = (recorded ?? {}) as Record<string, unknown>;
  for (const field of REQUIRED_RECORDED_FIELDS) if (blank(r[field])) missing.push(field);
  if (!blank(r.stops) && !sameStops(r.stops, result.stops)) mismatches.push('stops');
  if (!blank(r.winMinor) && r.winMinor !== result.winMinor) mismatches.push('winMinor');
  if (!blank(r.jackpotHit) && r.jackpotHit !== result.jackpotHit) mismatches.push('jackpotHit');
  if (!blank(r.freeSpinsAwarded) && r.freeSpinsAwarded !== result.freeSpinsAwarded)
    mismatches.push('freeSpinsAwarded');
  if (!blank(r.freeSpinsRemaining) && r.freeSpinsRemaining !== result.freeSpinsRemaining)
    mismatches.push('freeSpinsRemaining');
  return { mismatches, missing };
};

/** Recomputes the spin from the revealed seed and compares it with the record; never throws. */
export const verifyRound = (input: VerifyInput): VerifyResult => {
  const commitmentOk =
    isServerSeed(input.serverSeed) &&
    typeof input.serverSeedHash === 'string' &&
    commitmentOf(input.serverSeed) === input.serverSeedHash.trim().toLowerCase();
  const oddsMissing = blank(input.jackpotOdds) ? ['jackpotOdds'] : [];
  try {
    const result = spin({
      serverSeed: input.serverSeed,
      clientSeed: input.clientSeed,
      nonce: input.nonce,
      theme: themeFor(input.theme),
      betMinor: input.betMinor,
      state: input.state,
      // A missing value fails below; the spin is still shown with the default odds.
      ...(input.jackpotOdds === null || oddsMissing.length > 0 ? {} : { jackpotOdds: input.jackpotOdds }),
    });
    const { mismatches, missing } = compare(input.recorded, result);
    missing.unshift(...oddsMissing);
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
      missing: oddsMissing,
      result: null,
      error: error.message,
    };
  }
};
