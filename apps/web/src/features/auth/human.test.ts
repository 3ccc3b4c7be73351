import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { humanField, solveHumanChallenge, withHuman } from './human';

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

  it('a page that thought the flag off solves once when the server asks for it, then sends again', async () => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 50,
      counter: 7,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, value: challenge }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const refused = new ApiError(400, 'verification.required', 'error.verification.required');
    const fields: { altcha?: string }[] = [];
    const answer = await withHuman(false, async (field) => {
      fields.push(field);
      if (!field.altcha) throw refused;
      return 'signed in';
    });
    expect(answer).toBe('signed in');
    expect(fields).toHaveLength(2);
    expect(fields[0]).toEqual({});
    expect(JSON.parse(Buffer.from(fields[1]?.altcha ?? '', 'base64').toString('utf8')).solution.counter).toBe(
      7,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Other refusals, and a refusal of a proof already sent, are answered as they are.
    const wrong = new ApiError(401, 'login.failed', 'error.login.failed');
    await expect(withHuman(false, async () => Promise.reject(wrong))).rejects.toBe(wrong);
    const call = vi.fn(async () => Promise.reject(refused));
    await expect(withHuman(true, call)).rejects.toBe(refused);
    expect(call).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing when the brand has the flag off', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await humanField(false)).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
