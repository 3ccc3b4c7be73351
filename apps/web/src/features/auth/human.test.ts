import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { humanField, solveHumanChallenge } from './human';

const SECRET = 'test-signature-secret';

describe('human verification (ALTCHA proof-of-work, HUMANVERIF3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("solves the server's signed challenge into a payload the server accepts", async () => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 50,
      counter: 40,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, value: challenge }), { status: 200 })),
    );
    const payload = await solveHumanChallenge();
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    expect(decoded.solution.counter).toBe(40);
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    expect(result.verified).toBe(true);
  });

  it('asks nothing when the brand has the flag off', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await humanField(false)).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
