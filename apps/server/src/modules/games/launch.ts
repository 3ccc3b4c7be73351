import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { LAUNCH_TOKEN_TTL_MS } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, GamePlayMode } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { DEMO_CREDIT_MINOR } from '../wallet';

/**
 * Launch tokens and game sessions (docs/decisions/009-games-launch-rounds-jackpot.md).
 * - A launch makes a random 256-bit token, keeps only its SHA-256, and answers a play URL with
 *   the token in it. The token opens ONE game session within LAUNCH_TOKEN_TTL_MS (60 s): the
 *   exchange is a single conditional UPDATE, so a second exchange (or a late one) is refused.
 * - A game session is bound to the member (none for a visitor's free play), the game and the
 *   mode; the game page sends its own token (`X-Game-Session`), never the member's.
 * - Free play (accountType 0) is a play-money session: its balance lives on the session row and
 *   never touches the ledger, the jackpot, the betting record or the winner board.
 */

/** How long a game session lasts after the exchange. */
export const GAME_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Play money of a free-play session. */
export const DEMO_SESSION_BALANCE_MINOR = DEMO_CREDIT_MINOR;

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** One launch host of the merchant's `launchGameCDNs`, at random ('' = this server). */
export const pickLaunchHost = (hosts: readonly string[]) => {
  const list = hosts.map((h) => h.trim().replace(/\/+$/, ''));
  if (list.length === 0) return '';
  return list[randomInt(list.length)] ?? '';
};

export type LaunchTokenInput = {
  merchantCode: string;
  memberId: number | null;
  nodeId: string;
  vendorCode: string;
  gameType: string;
  mode: GamePlayMode;
  language: string;
  platform: string;
  now: Date;
};

export const createLaunchToken = async (db: Db, input: LaunchTokenInput) => {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + LAUNCH_TOKEN_TTL_MS);
  await db
    .insertInto('game_launch_token')
    .values({
      token_hash: hashToken(token),
      merchant_code: input.merchantCode,
      member_id: input.memberId,
      node_id: input.nodeId,
      vendor_code: input.vendorCode,
      game_type: input.gameType,
      mode: input.mode,
      language: input.language,
      platform: input.platform.slice(0, 60),
      created_at: input.now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
};

export type GameSession = {
  id: string;
  merchantCode: string;
  memberId: number | null;
  nodeId: string;
  vendorCode: string;
  gameType: string;
  mode: GamePlayMode;
  currency: string;
  language: string;
  expiresAt: Date;
};

const toSession = (r: {
  id: string;
  merchant_code: string;
  member_id: number | null;
  node_id: string;
  vendor_code: string;
  game_type: string;
  mode: GamePlayMode;
  currency: string;
  language: string;
  expires_at: Date;
}): GameSession => ({
  id: r.id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  nodeId: r.node_id,
  vendorCode: r.vendor_code,
  gameType: r.game_type,
  mode: r.mode,
  currency: r.currency,
  language: r.language,
  expiresAt: new Date(r.expires_at),
});

/**
 * Exchanges a launch token for a game session, once. Unknown, expired or used tokens answer
 * 401 `game.token.invalid` and change nothing.
 */
export const exchangeLaunchToken = async (
  db: Kysely<DB>,
  token: string,
  currencyOf: (merchantCode: string) => string,
  now: Date,
) =>
  db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('game_launch_token')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) throw new AppError('game.token.invalid');
    const sessionToken = newToken();
    const row = {
      id: randomUUID(),
      token_hash: hashToken(sessionToken),
      merchant_code: claimed.merchant_code,
      member_id: claimed.member_id,
      node_id: claimed.node_id,
      vendor_code: claimed.vendor_code,
      game_type: claimed.game_type,
      mode: claimed.mode,
      currency: currencyOf(claimed.merchant_code),
      language: claimed.language,
      demo_balance_minor: claimed.mode === 'demo' ? DEMO_SESSION_BALANCE_MINOR : null,
      created_at: now,
      expires_at: new Date(now.getTime() + GAME_SESSION_TTL_MS),
    };
    await trx.insertInto('game_session').values(row).execute();
    await trx
      .updateTable('game_launch_token')
      .set({ session_id: row.id })
      .where('token_hash', '=', claimed.token_hash)
      .execute();
    return { sessionToken, session: toSession(row) };
  });

/** The live game session of a `X-Game-Session` token, else 401 `game.session.invalid`. */
export const findSession = async (db: Db, token: string | undefined, now: Date): Promise<GameSession> => {
  if (!token || token.length < 16 || token.length > 200) throw new AppError('game.session.invalid');
  const row = await db
    .selectFrom('game_session')
    .select([
      'id',
      'merchant_code',
      'member_id',
      'node_id',
      'vendor_code',
      'game_type',
      'mode',
      'currency',
      'language',
      'expires_at',
    ])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw new AppError('game.session.invalid');
  return toSession(row);
};

/** Drops launch tokens that expired more than an hour ago (used ones stay linked to their session). */
export const purgeLaunchTokens = async (db: Db, now: Date) => {
  const result = await db
    .deleteFrom('game_launch_token')
    .where('expires_at', '<', new Date(now.getTime() - 60 * 60 * 1000))
    .where('session_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
