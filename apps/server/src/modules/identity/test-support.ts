import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { readOutbox } from '../messaging';
import { CAPTCHA_COOKIE, hashCaptchaAnswer, hashCaptchaId } from './captcha';

/** Members and sessions written straight into the tables, for tests of other modules. */
export { findSession, insertMember, insertSession, revokeMemberSessions } from './store';

/** Test support: reads what the outbox adapter kept and solves captchas the way a person would. */

/** The newest 6-digit code sent to a number (E.164), after background deliveries finished. */
export const lastSmsCode = async (app: App, db: Kysely<DB>, e164: string) => {
  await app.services.identity.settled();
  const messages = await readOutbox(db, e164);
  const text = messages.at(-1)?.body ?? '';
  return /\b([0-9]{6})\b/.exec(text)?.[1] ?? null;
};

/** The captcha cookie a response set, as `name=value`. */
export const captchaCookieOf = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const found = cookies.find((c) => c.startsWith(`${CAPTCHA_COOKIE}=`));
  return found ? (found.split(';')[0] as string) : null;
};

/**
 * The digits of a captcha, read back from its stored hash (10 000 candidates): what a person
 * reads off the image.
 */
export const captchaAnswer = async (db: Kysely<DB>, cookie: string) => {
  const id = cookie.slice(CAPTCHA_COOKIE.length + 1);
  const row = await db
    .selectFrom('captcha')
    .select('answer_hash')
    .where('id_hash', '=', hashCaptchaId(id))
    .executeTakeFirst();
  if (!row) return null;
  for (let n = 0; n < 10_000; n += 1) {
    const answer = String(n).padStart(4, '0');
    if (hashCaptchaAnswer(id, answer) === row.answer_hash) return answer;
  }
  return null;
};

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  ip?: string;
  merchant?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

/** `app.inject` with the usual headers of a member call (token, merchant, cookie, IP). */
export const createCaller =
  (app: App, defaultIp = '10.9.0.1') =>
  ({ method, url, payload, token, ip, merchant, cookie, headers }: Call) =>
    app.inject({
      method,
      url,
      remoteAddress: ip ?? defaultIp,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(merchant ? { merchant } : {}),
        ...(cookie ? { cookie } : {}),
        'user-agent': 'vitest',
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

/** Status, error code and value of an error answer. */
export const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  return {
    status: res.statusCode,
    errorCode: body.errorCode as string,
    value: body.value as Record<string, unknown> | undefined,
  };
};
