/**
 * Crash: shared rounds for everyone in a lobby, decided in advance by a hash chain.
 *
 * Chain: the server draws a secret 64-hex seed h_N and computes h_{i−1} = sha256hex(h_i) (the hex
 * sha256 of the 64 ASCII characters, as `commitmentOf`) down to the terminal hash h_0, which it
 * publishes before round 1 together with the lobby's salt. Round r (1…N) is decided by h_r; when
 * the round ends the server reveals h_r, and anyone checks sha256hex(h_r) = h_{r−1} (the link
 * revealed the round before, or h_0). The rounds are fixed by the chain, so the server cannot
 * change one after seeing the bets, and the whole chain is committed by h_0.
 *
 * Crash point of a round: the byte stream with serverSeed = h_r, clientSeed = salt, nonce = 0; one
 * 32-bit draw u; C = floor(99 · 2^32 / (u + 1)) hundredths (the limbo mapping), shown clamped to
 * 1.00×…1,000,000×. A cash-out at m hundredths (auto target or manual, m ≥ 1.01×) wins m when
 * m ≤ C: RTP(m) = m · floor(99·2^32/m) / (100 · 2^32) ≤ 99 % for every m — the house edge is 1 %,
 * and 1 % of rounds crash at 1.00× (C < 100) before anyone can cash out.
 *
 * Timing: the multiplier climbs in ticks of CRASH_TICK_MS: m_0 = 100, m_{k+1} = m_k + max(1,
 * floor(m_k / 100)) (about 1 % a tick), integers only, so the server and every browser agree on the
 * multiplier of each tick. The round crashes at the first tick whose multiplier reaches C.
 */
import { commitmentOf, createByteStream, FairError, isServerSeed } from '../rng';
import { checkBet, checkInt, hundredths, type Multiplier, payoutOf, ZERO } from './common';
import { MAX_TARGET_X100, MIN_TARGET_X100, resultX100Of, shownX100 } from './limbo';

export const CRASH_TICK_MS = 100;

/** sha256hex of a link: the link before it in the chain. */
export const previousLink = (hash: string): string => commitmentOf(hash);

/**
 * The chain from a secret seed: element i is h_i, element 0 the terminal hash to publish and
 * element `length` the seed itself (server side; a browser checks links with `previousLink`).
 */
export const crashChain = (seed: string, length: number): string[] => {
  if (!isServerSeed(seed)) throw new FairError('bad_server_seed', 'a chain seed is 64 hex characters');
  checkInt(length, 1, 10_000_000, 'chain length');
  const links = new Array<string>(length + 1);
  links[length] = seed;
  for (let i = length; i > 0; i--) links[i - 1] = previousLink(links[i] as string);
  return links;
};

/** The crash point of the round decided by `hash` (hundredths, clamped to 100 … 100,000,000). */
export const crashPointX100 = (hash: string, salt: string): number =>
  shownX100(resultX100Of(createByteStream({ serverSeed: hash, clientSeed: salt, nonce: 0 }).nextUint32()));

let ticks: number[] | null = null;
const tickTable = (): number[] => {
  if (ticks) return ticks;
  const t = [100];
  while ((t[t.length - 1] as number) < MAX_TARGET_X100) {
    const m = t[t.length - 1] as number;
    t.push(m + Math.max(1, Math.floor(m / 100)));
  }
  ticks = t;
  return t;
};

/** The multiplier (hundredths) shown at tick k (k · CRASH_TICK_MS after the start). */
export const crashMultiplierAtTick = (tick: number): number => {
  const t = tickTable();
  checkInt(tick, 0, Number.MAX_SAFE_INTEGER, 'tick');
  return t[Math.min(tick, t.length - 1)] as number;
};

/** The tick at which a round with crash point C ends: the first tick whose multiplier is ≥ C. */
export const crashTickOf = (crashX100: number): number => {
  const t = tickTable();
  let lo = 0;
  let hi = t.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t[mid] as number) >= crashX100) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

export type CrashBetResult = {
  game: 'crash';
  crashX100: number;
  /** The multiplier the player cashed out at (auto target or manual), null if they did not. */
  cashoutX100: number | null;
  won: boolean;
  multiplier: Multiplier;
  stakeMinor: number;
  payoutMinor: number;
};

/** Settles one player's bet on a round: a cash-out at m wins m × bet when m ≤ the crash point. */
export const settleCrashBet = (input: {
  betMinor: number;
  cashoutX100: number | null;
  crashX100: number;
}): CrashBetResult => {
  const betMinor = checkBet(input.betMinor);
  const crashX100 = checkInt(input.crashX100, 100, MAX_TARGET_X100, 'crash point');
  const cashoutX100 =
    input.cashoutX100 === null
      ? null
      : checkInt(input.cashoutX100, MIN_TARGET_X100, MAX_TARGET_X100, 'cash-out');
  const won = cashoutX100 !== null && cashoutX100 <= crashX100;
  return {
    game: 'crash',
    crashX100,
    cashoutX100,
    won,
    multiplier: won ? hundredths(cashoutX100 as number) : ZERO,
    stakeMinor: betMinor,
    payoutMinor: won ? payoutOf(betMinor, hundredths(cashoutX100 as number)) : 0,
  };
};

export type CrashRoundCheck = {
  /** sha256hex(hash) equals the link revealed before it. */
  linkOk: boolean;
  /** The crash point recomputed from hash and salt. */
  crashX100: number | null;
  error: string | null;
};

/** Checks one revealed link against the previous one and recomputes its crash point. */
export const checkCrashLink = (hash: string, previousHash: string, salt: string): CrashRoundCheck => {
  if (!isServerSeed(hash))
    return { linkOk: false, crashX100: null, error: 'the round hash must be 64 hex characters' };
  const linkOk = typeof previousHash === 'string' && previousLink(hash) === previousHash.trim().toLowerCase();
  try {
    return { linkOk, crashX100: crashPointX100(hash, salt), error: null };
  } catch (error) {
    if (!(error instanceof FairError)) throw error;
    return { linkOk, crashX100: null, error: error.message };
  }
};

/** Whether `rounds` applications of sha256hex take `hash` (round r's link) to the terminal hash h_0. */
export const reachesTerminal = (hash: string, rounds: number, terminalHash: string): boolean => {
  if (!isServerSeed(hash) || !Number.isSafeInteger(rounds) || rounds < 1 || rounds > 10_000_000) return false;
  let h = hash;
  for (let i = 0; i < rounds; i++) h = previousLink(h);
  return h === terminalHash.trim().toLowerCase();
};
