import { randomBytes } from 'node:crypto';
import { LAUNCH_TOKEN_TTL_MS, type ProviderRequest } from '@khela/contract';
import type { Db } from '../../shared/db';
import { Refusal } from './answers';
import { PROVIDER_SESSION_TTL_MS, type ProviderContext } from './context';
import { hashProviderToken } from './signature';
import * as store from './store';

const isBlocked = (status: string) => status !== 'active';

/** The vendor's sessions: launch tokens, their exchange (`authenticate`) for a session, the purge. */
export const createProviderSessions = ({ db, now, inTransaction, contextOf, ok }: ProviderContext) => {
  /**
   * The vendor's first call: exchanges the single-use launch token of the launch URL (60 s) for
   * the 12-hour vendor session, once. The answer carries the session `token` the vendor sends
   * with every bet; a second exchange of the same launch token, or one after 60 s, is refused
   * INVALID_TOKEN. A refusal (blocked player) leaves the launch token unused.
   */
  const authenticate = async (
    merchantCode: string,
    vendorCode: string,
    req: ProviderRequest<'authenticate'>,
  ) => {
    const at = now();
    const tokenHash = hashProviderToken(req.token);
    const launch = await store.readLaunchToken(db, tokenHash);
    if (!launch || launch.merchant_code !== merchantCode || launch.vendor_code !== vendorCode)
      throw new Refusal('INVALID_TOKEN');
    const ctx = await contextOf(merchantCode, vendorCode, String(launch.member_id));
    if (isBlocked(ctx.member.status)) throw new Refusal('PLAYER_BLOCKED');
    const session = await inTransaction(async (trx) => {
      const claimed = await store.claimLaunchToken(trx, { tokenHash, merchantCode, vendorCode, now: at });
      if (!claimed) throw new Refusal('INVALID_TOKEN');
      return issueSession(
        { merchantCode, vendorCode, memberId: claimed.member_id, gameNodeId: claimed.game_node_id },
        trx,
      );
    });
    const balance = await store.readBalance(db, ctx.walletId);
    return ok(ctx, balance, {
      playerId: String(ctx.member.id),
      nickname: ctx.member.nickname,
      token: session.token,
    });
  };

  /**
   * The 12-hour vendor session: what `authenticate` hands the vendor in exchange for a launch
   * token, sent with each bet. Only its hash is stored.
   */
  const issueSession = async (
    input: {
      merchantCode: string;
      vendorCode: string;
      memberId: number;
      gameNodeId: string;
    },
    within: Db = db,
  ) => {
    const token = randomBytes(24).toString('base64url');
    const at = now();
    await store.insertSession(within, {
      token_hash: hashProviderToken(token),
      merchant_code: input.merchantCode,
      vendor_code: input.vendorCode,
      member_id: input.memberId,
      game_node_id: input.gameNodeId,
      created_at: at,
      expires_at: new Date(at.getTime() + PROVIDER_SESSION_TTL_MS),
    });
    return { token, expiresAt: new Date(at.getTime() + PROVIDER_SESSION_TTL_MS) };
  };

  /**
   * The token a launch URL carries (launch adapter): single-use, valid LAUNCH_TOKEN_TTL_MS (60 s),
   * exchanged by the vendor's `authenticate` for the vendor session. Only its hash is stored.
   */
  const issueLaunchToken = async (input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    gameNodeId: string;
  }) => {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const expiresAt = new Date(at.getTime() + LAUNCH_TOKEN_TTL_MS);
    await store.insertLaunchToken(db, {
      token_hash: hashProviderToken(token),
      merchant_code: input.merchantCode,
      vendor_code: input.vendorCode,
      member_id: input.memberId,
      game_node_id: input.gameNodeId,
      created_at: at,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  };

  /** Deletes sessions and launch tokens that expired more than a day ago. */
  const purgeSessions = async () => {
    const before = new Date(now().getTime() - 24 * 60 * 60 * 1000);
    const sessions = await store.deleteExpiredSessions(db, before);
    const launches = await store.deleteExpiredLaunchTokens(db, before);
    return Number(sessions.numDeletedRows) + Number(launches.numDeletedRows);
  };

  return { authenticate, issueSession, issueLaunchToken, purgeSessions };
};
