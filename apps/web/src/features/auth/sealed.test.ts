import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setRefusalHandler } from '../../shared/api/client';
import { callSealed } from './sealed';

const envelope = (value: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, value }), { status });

describe('sealed request bodies (JWE) and refusals', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    setRefusalHandler(null);
  });

  it('seals the body to the published key; the server key opens it', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RSA-OAEP-256', use: 'enc' };
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        if (url.pathname === '/wps/system/encryptionKey')
          return envelope({ kid: 'k1', alg: 'RSA-OAEP-256', enc: 'A256GCM', jwk });
        sent.push(String(init?.body));
        return envelope({ token: 't' });
      }),
    );
    const body = { username: 'demo01', password: 'Demo1234', type: 'username' };
    await callSealed('login', { body });
    const wire = JSON.parse(sent[0] as string) as { jwe: string };
    expect(Object.keys(wire)).toEqual(['jwe']);
    expect(sent[0]).not.toContain('Demo1234');
    const { plaintext, protectedHeader } = await compactDecrypt(wire.jwe, privateKey);
    expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(body);
  });

  it('hands a signed-in refusal (trial account, password change) to the refusal handler', async () => {
    window.sessionStorage.setItem('token', 'a-token');
    const seen: string[] = [];
    setRefusalHandler((error) => seen.push(error.errorCode));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              errorCode: 'in_need_true_account',
              message: 'error.in_need_true_account',
            }),
            { status: 403 },
          ),
      ),
    );
    const { callApi } = await import('../../shared/api/client');
    await expect(callApi('addFavourite', { body: { gameId: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['in_need_true_account']);
  });
});
