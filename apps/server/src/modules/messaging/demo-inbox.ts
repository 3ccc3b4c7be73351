import { demoRoutes } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';

const WINDOW_MS = 30 * 60 * 1000;
const LIMIT = 5;

/**
 * Demo mode only (the caller registers it only then): the newest outbox messages of one mobile
 * number or email address of the calling merchant, from the last 30 minutes, so that SMS and
 * mail flows can be tried in a browser without a gateway. Never registered in production.
 * `parseMobile` (identity's, handed in by the composition root) turns a typed number into E.164.
 */
export const registerDemoInboxRoute = (
  app: FastifyInstance,
  gate: Gate,
  {
    db,
    now = () => new Date(),
    parseMobile,
  }: {
    db: Kysely<DB>;
    now?: () => Date;
    parseMobile: (raw: string, dialCode: string) => { e164: string } | null;
  },
) => {
  registerRoute(app, gate, demoRoutes.demoInbox, async (request) => {
    const { to, dialCode } = request.query;
    let recipient: string;
    if (to.includes('@')) {
      recipient = to.trim().toLowerCase();
    } else {
      const mobile = parseMobile(to, dialCode ?? request.merchant.dialCode);
      if (!mobile)
        throw new AppError('validation.failed', {
          value: { fields: { to: { key: 'invalid_mobile_number' } } },
        });
      recipient = mobile.e164;
    }
    const rows = await db
      .selectFrom('outbox')
      .select(['channel', 'subject', 'body', 'created_at'])
      .where(sql<string>`lower(recipient)`, '=', recipient.toLowerCase())
      .where('merchant_code', '=', request.merchant.code)
      .where('created_at', '>=', new Date(now().getTime() - WINDOW_MS))
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute();
    return {
      messages: rows.map((row) => ({
        channel: row.channel as 'sms' | 'email',
        subject: row.subject,
        text: row.body,
        createdAt: new Date(row.created_at).getTime(),
      })),
    };
  });
};
