import { createHash } from 'node:crypto';

export { type SignatureCheck, signBody, verifySignature } from '../../shared/signed-body';

/** The stored form of a vendor session token (hex SHA-256); the raw token is never stored. */
export const hashProviderToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
