import { createHash } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Secrets } from './secrets';
import * as store from './store';

/** A challenge must be solved and used within this time. */
export const HUMAN_CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const HUMAN_ALGORITHM = 'PBKDF2/SHA-256';
/** The solver tries this many counters on average before it finds the signed one. */
export const HUMAN_COUNTER_RANGE = [1000, 5000] as const;

type Payload = { challenge: Challenge; solution: Solution };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Decodes the ALTCHA payload: base64 (or plain) JSON `{ challenge, solution }`. */
export const decodePayload = (raw: string): Payload | null => {
  let parsed: unknown;
  try {
    const text = raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8');
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null;
  const { challenge, solution } = parsed;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== 'string') return null;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  return parsed as unknown as Payload;
};

/**
 * Self-hosted human verification (ALTCHA proof-of-work, no third party): challenges are
 * HMAC-signed with secrets kept in the database; a solved payload is accepted once.
 */
export const createHumanVerification = ({
  db,
  secrets,
  cost,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  secrets: Secrets;
  /** PBKDF2 iterations per try. */
  cost: number;
  now?: () => Date;
}) => {
  const keys = async () => ({
    hmacSignatureSecret: await secrets.get('altcha.signature'),
    hmacKeySignatureSecret: await secrets.get('altcha.key'),
  });

  /** A new signed challenge; it carries its own expiry (signed, checked against the server clock). */
  const challenge = async () => {
    const at = now();
    await store.purgeHumanVerifications(db, at);
    const created = await createChallenge({
      algorithm: HUMAN_ALGORITHM,
      cost,
      counter: randomInt(HUMAN_COUNTER_RANGE[0], HUMAN_COUNTER_RANGE[1]),
      deriveKey,
      data: { exp: at.getTime() + HUMAN_CHALLENGE_TTL_MS },
      ...(await keys()),
    });
    if (!created.signature) throw new Error('altcha: the challenge was not signed');
    return { parameters: created.parameters, signature: created.signature };
  };

  /** True once for a solved, signed, unexpired payload; false for anything else and for a replay. */
  const verify = async (raw: string | null | undefined): Promise<boolean> => {
    if (!raw) return false;
    const payload = decodePayload(raw);
    if (!payload) return false;
    const { parameters } = payload.challenge;
    if (parameters.algorithm !== HUMAN_ALGORITHM) return false;
    const exp = parameters.data?.exp;
    const at = now();
    if (typeof exp !== 'number' || exp <= at.getTime()) return false;
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...(await keys()),
      });
      verified = result.verified;
    } catch {
      return false;
    }
    if (!verified) return false;
    const signatureHash = createHash('sha256').update(String(payload.challenge.signature)).digest('hex');
    return store.spendHumanVerification(db, signatureHash, new Date(exp));
  };

  return { challenge, verify };
};

export type HumanVerification = ReturnType<typeof createHumanVerification>;
