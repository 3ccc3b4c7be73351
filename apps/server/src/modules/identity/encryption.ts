import type { EncryptionKey } from '@khela/contract';
import {
  calculateJwkThumbprint,
  compactDecrypt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as store from './store';

/** Key management and content encryption of request bodies (ARCHITECTURE §3; no legacy DES/RSA). */
export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';

export type PublishedKey = EncryptionKey;

type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * The server's JWE key pair: created on first use and kept in the database so every node
 * shares it; bodies are accepted under any key that is not retired (looked up by `kid`).
 * TLS stays the real protection; this keeps the platform's "encrypted body" contract.
 */
export const createBodyEncryption = ({
  db,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  now?: () => Date;
}) => {
  const privateKeys = new Map<string, PrivateKey>();
  let published: Promise<PublishedKey> | null = null;

  const loadOrCreate = async (): Promise<PublishedKey> => {
    let row = await store.readCurrentKey(db);
    if (!row) {
      const { publicKey, privateKey } = await generateKeyPair(JWE_ALG, {
        extractable: true,
        modulusLength: 3072,
      });
      const publicJwk = await exportJWK(publicKey);
      const privateJwk = await exportJWK(privateKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      // Two nodes may race here: both keys are stored and both stay valid; one is published.
      await store.insertKey(db, {
        kid,
        publicJwk: { ...publicJwk },
        privateJwk: { ...privateJwk },
        at: now(),
      });
      row = await store.readCurrentKey(db);
      if (!row) throw new Error('identity_key: the key just stored cannot be read back');
    }
    const { kty, n, e } = row.public_jwk as JWK;
    if (kty !== 'RSA' || !n || !e) throw new Error(`identity_key ${row.kid} is not an RSA public key`);
    return {
      kid: row.kid,
      alg: JWE_ALG,
      enc: JWE_ENC,
      jwk: { kty: 'RSA', n, e, kid: row.kid, alg: JWE_ALG, use: 'enc' },
    };
  };

  /** The public key browsers encrypt to. */
  const publicKey = () => {
    published ??= loadOrCreate().catch((error: unknown) => {
      published = null;
      throw error;
    });
    return published;
  };

  const privateKeyFor = async (kid: string | undefined) => {
    const id = kid ?? (await publicKey()).kid;
    const cached = privateKeys.get(id);
    if (cached) return cached;
    const row = await store.readPrivateKey(db, id);
    if (!row) throw new Error('unknown kid');
    const key = await importJWK(row.private_jwk as JWK, JWE_ALG);
    privateKeys.set(id, key);
    return key;
  };

  /** Opens a compact JWE and parses its JSON; anything wrong answers 400 `request_body_required`. */
  const decrypt = async (jwe: string): Promise<unknown> => {
    try {
      const { plaintext } = await compactDecrypt(jwe, (header) => privateKeyFor(header.kid), {
        keyManagementAlgorithms: [JWE_ALG],
        contentEncryptionAlgorithms: [JWE_ENC],
      });
      return JSON.parse(new TextDecoder().decode(plaintext));
    } catch {
      throw new AppError('request_body_required', { value: { reason: 'jwe' } });
    }
  };

  /** Is this body the encrypted form `{ jwe: "<compact JWE>" }`? */
  const isEncrypted = (body: unknown): body is { jwe: string } =>
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    typeof (body as { jwe?: unknown }).jwe === 'string';

  return { publicKey, decrypt, isEncrypted };
};

export type BodyEncryption = ReturnType<typeof createBodyEncryption>;
