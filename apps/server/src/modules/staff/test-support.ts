import type { StaffRole } from '@khela/contract';
import type { InjectOptions } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../db/seed/demo-staff';
import { totpOf } from './accounts';

/** Test support for the back office: TOTP codes made with the library, as an authenticator app would. */

export const ROLES: readonly StaffRole[] = ['owner', 'finance', 'support', 'content', 'risk'];

export const secretOf = (username: string) => {
  const s = DEMO_STAFF.find((d) => d.username === username);
  if (!s) throw new Error(`no demo staff ${username}`);
  return s.totpSecret;
};

/** The code an authenticator shows at `at`. */
export const codeAt = (secret: string, username: string, at: Date) =>
  totpOf(secret, username).generate({ timestamp: at.getTime() });

type Clock = { now: () => Date; advance: (ms: number) => void };

/**
 * Signs a demo staff member in; moves the clock one TOTP period first so no code is replayed.
 * `ip`: the caller's address (staff logins are limited per address and minute).
 */
export const staffLogin = async (app: App, clock: Clock, username: string, ip?: string) => {
  clock.advance(30_000);
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/session/login',
    ...(ip ? { remoteAddress: ip } : {}),
    payload: {
      username,
      password: DEMO_STAFF_PASSWORD,
      totp: codeAt(secretOf(username), username, clock.now()),
    },
  });
  if (res.statusCode !== 200) throw new Error(`staff login ${username}: ${res.statusCode} ${res.body}`);
  return (res.json() as { value: { token: string } }).value.token;
};

export const bo = (app: App, token: string | null, options: InjectOptions & { url: string }) =>
  app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(token ? { authorization: token } : {}) },
  });

export const auditRows = (db: Kysely<DB>) => db.selectFrom('bo_audit').selectAll().orderBy('id').execute();

/**
 * The md5 of every row of each table (or of the given columns: `{ staff_session: 'token_hash' }`
 * leaves out what every call touches), in one query: equal before and after means nothing was written.
 */
export const tablesFingerprint = async (db: Kysely<DB>, tables: Record<string, string>) => {
  const parts = Object.entries(tables).map(
    ([table, columns]) =>
      sql`SELECT ${table}::text AS t, md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS h
        FROM (SELECT (${sql.raw(columns)})::text AS x FROM ${sql.table(table)} r) s`,
  );
  return (await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db)).rows;
};

export const memberIdOf = async (db: Kysely<DB>, username: string, merchant = 'khelabd') =>
  (
    await db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

/** A multipart/form-data body with one `file` part. */
export const multipartOf = (bytes: Buffer, filename: string, type: string) => {
  const boundary = '----khelatestboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The smallest thing the upload accepts as a PNG: the signature, then bytes. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('khela-test-image'),
]);

/** A real 4x4 JPEG (JFIF, encoded by Chromium's canvas), for uploads with a true header. */
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMC' +
    'AgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkF' +
    'BQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAEAAQDASIAAhEB' +
    'AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAgEAAABQMFAAAAAAAAAAAAAAAAAQIDBQQREgYUITFB/8QAFAEBAAAAAAAA' +
    'AAAAAAAAAAAACP/EABsRAQEBAAMBAQAAAAAAAAAAAAECAwARMUEh/9oADAMBAAIRAxEAPwCtwsLR6ejGY+PZ29Gzlg3kpVrq' +
    'NR8qMz7M/QAAGdNL2utdaaqntX9VfVfq8R2WUYxOWUkzIAB0AeAHgfDn/9k=',
  'base64',
);

/** A real 4x4 WebP (RIFF/WEBP VP8X, encoded by Chromium's canvas). */
export const WEBP_BYTES = Buffer.from(
  'UklGRk4CAABXRUJQVlA4WAoAAAAgAAAAAwAAAwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggYAAAAFAD' +
    'AJ0BKgQABAAAwBIlsAJ0ugH4AfoAggD9VfRVBy/9jrwAAP7inv+Wf/uR/2vdFUuh9huU3/27DyPei8ffow7RRvS0wA9x/3cT' +
    '/+CBJL9w+f/s5MoHxl9DX3v/JOAAAA==',
  'base64',
);
