/**
 * Provably fair lottery draws (issue 17): one issue of an in-house lottery is drawn from the byte
 * stream of `rng.ts` with the issue's server seed, the client seed `${gameCode}-${issueNo}` and
 * nonce 0. The server publishes `commitmentOf(serverSeed)` before the issue opens and reveals the
 * seed after the draw; each draw is linked to the one before it of the same game (`chainLink`).
 *
 * Kinds (what a draw is):
 * - `keno`: 20 distinct numbers of 1..80, in draw order;
 * - `digits3` / `digits4` / `digits5`: 3, 4 or 5 digits 0..9, position 1 first;
 * - `racing10`: the finishing order of cars 1..10 (first place first);
 * - `lotto545` / `lotto655`: 5 of 1..45 / 6 of 1..55, distinct, in draw order.
 * Distinct numbers are a partial Fisher–Yates shuffle of 1..N, each swap index drawn uniformly
 * (`uniformInt`, rejection sampling): numbers[i] = pool[i + uniformInt(N − i)] after swapping.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { commitmentOf, createByteStream, FairError, isServerSeed } from '../rng';

/** Version of the lottery draw mapping. */
export const LOTTERY_FAIR_VERSION = 1;

export const LOTTERY_KINDS = [
  'keno',
  'digits3',
  'digits4',
  'digits5',
  'racing10',
  'lotto545',
  'lotto655',
] as const;
export type LotteryKind = (typeof LOTTERY_KINDS)[number];

/** The shape of each kind's draw: how many numbers, from which range, distinct or not. */
export const KIND_SHAPES: Record<
  LotteryKind,
  { count: number; min: number; max: number; distinct: boolean }
> = {
  keno: { count: 20, min: 1, max: 80, distinct: true },
  digits3: { count: 3, min: 0, max: 9, distinct: false },
  digits4: { count: 4, min: 0, max: 9, distinct: false },
  digits5: { count: 5, min: 0, max: 9, distinct: false },
  racing10: { count: 10, min: 1, max: 10, distinct: true },
  lotto545: { count: 5, min: 1, max: 45, distinct: true },
  lotto655: { count: 6, min: 1, max: 55, distinct: true },
};

export const isLotteryKind = (kind: unknown): kind is LotteryKind =>
  typeof kind === 'string' && (LOTTERY_KINDS as readonly string[]).includes(kind);

/** The client seed of an issue: `${gameCode}-${issueNo}` (printable ASCII, no spaces, ≤ 64). */
export const issueClientSeed = (gameCode: string, issueNo: string) => {
  const seed = `${gameCode}-${issueNo}`;
  if (!/^[!-~]{1,64}$/.test(seed))
    throw new FairError('bad_client_seed', 'game code and issue make a bad seed');
  return seed;
};

/** The numbers of one issue's draw (deterministic in the seeds). */
export const drawNumbers = (kind: LotteryKind, serverSeed: string, clientSeed: string): number[] => {
  const shape = KIND_SHAPES[kind];
  if (!shape) throw new FairError('bad_range', `unknown lottery kind ${String(kind)}`);
  const stream = createByteStream({ serverSeed, clientSeed, nonce: 0 });
  const size = shape.max - shape.min + 1;
  if (!shape.distinct) {
    return Array.from({ length: shape.count }, () => shape.min + stream.uniformInt(size));
  }
  const pool = Array.from({ length: size }, (_, i) => shape.min + i);
  for (let i = 0; i < shape.count; i++) {
    const j = i + stream.uniformInt(size - i);
    const picked = pool[j] as number;
    pool[j] = pool[i] as number;
    pool[i] = picked;
  }
  return pool.slice(0, shape.count);
};

/** The first link of every game's chain. */
export const GENESIS_LINK = '0'.repeat(64);

/**
 * The hash chain of a game's draws: link = hex sha256 of
 * `${previousLink}|${gameCode}|${issueNo}|${serverSeed}|${numbers joined by ','}`.
 * A draw rewritten later would change its link and every link after it.
 */
export const chainLink = (input: {
  previousLink: string;
  gameCode: string;
  issueNo: string;
  serverSeed: string;
  numbers: readonly number[];
}) =>
  bytesToHex(
    sha256(
      utf8ToBytes(
        `${input.previousLink}|${input.gameCode}|${input.issueNo}|${input.serverSeed}|${input.numbers.join(',')}`,
      ),
    ),
  );

export type DrawProof = {
  kind: LotteryKind;
  gameCode: string;
  issueNo: string;
  serverSeed: string;
  /** Published before the issue opened. */
  commitment: string;
  numbers: readonly number[];
  previousLink: string;
  link: string;
};

export type DrawVerification = {
  ok: boolean;
  commitmentMatches: boolean;
  numbersMatch: boolean;
  linkMatches: boolean;
  /** The numbers recomputed from the seeds. */
  numbers: number[];
};

/** Recomputes a draw from its revealed seed: the commitment, the numbers and the chain link. */
export const verifyDraw = (proof: DrawProof): DrawVerification => {
  if (!isServerSeed(proof.serverSeed)) {
    return { ok: false, commitmentMatches: false, numbersMatch: false, linkMatches: false, numbers: [] };
  }
  const commitmentMatches = commitmentOf(proof.serverSeed) === proof.commitment;
  const numbers = drawNumbers(proof.kind, proof.serverSeed, issueClientSeed(proof.gameCode, proof.issueNo));
  const numbersMatch =
    numbers.length === proof.numbers.length && numbers.every((n, i) => n === proof.numbers[i]);
  const linkMatches =
    chainLink({
      previousLink: proof.previousLink,
      gameCode: proof.gameCode,
      issueNo: proof.issueNo,
      serverSeed: proof.serverSeed,
      numbers: proof.numbers,
    }) === proof.link;
  return {
    ok: commitmentMatches && numbersMatch && linkMatches,
    commitmentMatches,
    numbersMatch,
    linkMatches,
    numbers,
  };
};
