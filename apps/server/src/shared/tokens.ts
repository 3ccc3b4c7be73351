import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits from the OS CSPRNG, base64url: 43 characters (member and staff sessions alike). */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** What the database keeps: the hex SHA-256 of the raw token. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Tokens we issue look like this; anything else is refused before touching the database. */
export const isWellFormedToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
