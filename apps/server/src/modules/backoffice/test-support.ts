import type { StaffRole } from '@khela/contract';
import type { InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../db/seed/demo-staff';
import type { App } from '../../http/app';
import { totpOf } from './staff';

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

/** Signs a demo staff member in; moves the clock one TOTP period first so no code is replayed. */
export const staffLogin = async (app: App, clock: Clock, username: string) => {
  clock.advance(30_000);
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/session/login',
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
