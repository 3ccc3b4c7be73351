import { createHash } from 'node:crypto';
import {
  type ProviderAction,
  type ProviderAnswer,
  type ProviderRequest,
  providerActions,
  providerRequestSchemas,
} from '@khela/contract';
import { error, type ProviderReply, Refusal, replyOf } from './answers';
import { createProviderCallbacks } from './callbacks';
import { createProviderContext, type MoneyOutcome, type ProviderServiceDeps } from './context';
import { createProviderSessions } from './sessions';
import { verifySignature } from './signature';
import * as store from './store';
import { createProviderSweeper } from './sweeper';

export type { ProviderReply } from './answers';
export {
  ledgerKey,
  PROVIDER_ROUND_IDLE_MS,
  PROVIDER_SESSION_TTL_MS,
  type ProviderServiceDeps,
} from './context';

/**
 * The seamless-wallet provider API (docs/decisions/010-provider-api.md): signed callbacks of
 * third-party game vendors move money through the ledger, idempotent on the vendor's txId.
 */

const VENDOR_CODE = /^[A-Z0-9_]{1,40}$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What a call asks for, minus who carried it (merchant, token): a repeat must match it. */
const requestHash = (action: ProviderAction, request: Record<string, unknown>) => {
  const { merchant: _m, token: _t, ...data } = request;
  const sorted = Object.keys(data)
    .sort()
    .map((k) => [k, data[k]]);
  return sha256(JSON.stringify([action, sorted]));
};

/**
 * Built by part (context.ts holds what they share, answers.ts the vendor's answers and refusals):
 * callbacks.ts (bet, win, rollback, endRound), sessions.ts (launch tokens, authenticate, vendor
 * sessions), sweeper.ts (idle rounds); `handle` here checks and routes each signed callback.
 */
export const createProviderService = (deps: ProviderServiceDeps) => {
  const ctx = createProviderContext(deps);
  const { db, wallet, log, now, vendorConfig, contextOf, callContextOf, ok } = ctx;
  const callbacks = createProviderCallbacks(ctx);
  const { bet, win, rollback, endRound } = callbacks;
  const { authenticate, issueSession, issueLaunchToken, purgeSessions } = createProviderSessions(ctx);
  const { reconcileIdleRounds, reconcileRound } = createProviderSweeper(ctx, callbacks);

  /**
   * One signed callback: `POST /provider/<vendorCode>/<action>` with its raw body and headers.
   * Never throws for anything the vendor sent; an unexpected failure answers INTERNAL_ERROR
   * (nothing was applied: the transaction rolled back) and is logged without the body.
   */
  const handle = async (
    vendorCode: string,
    action: string,
    rawBody: Buffer,
    headers: { timestamp?: string | undefined; signature?: string | undefined },
  ): Promise<ProviderReply> => {
    if (!VENDOR_CODE.test(vendorCode) || !(providerActions as readonly string[]).includes(action))
      return error('BAD_REQUEST');
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return error('BAD_REQUEST');
    }
    const merchantCode =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { merchant?: unknown }).merchant === 'string'
        ? (body as { merchant: string }).merchant
        : undefined;
    if (!merchantCode) return error('BAD_REQUEST');
    const config = await vendorConfig(merchantCode, vendorCode);
    if (!config?.enabled) return error('INVALID_SIGNATURE');
    const check = verifySignature(
      config.secret,
      headers.timestamp,
      headers.signature,
      rawBody,
      now().getTime(),
    );
    if (check !== 'ok') return error(check);
    const act = action as ProviderAction;
    const parsed = providerRequestSchemas[act].safeParse(body);
    if (!parsed.success) return error('BAD_REQUEST');
    try {
      if (act === 'authenticate')
        return replyOf(
          await authenticate(merchantCode, vendorCode, parsed.data as ProviderRequest<'authenticate'>),
        );
      const request = parsed.data as ProviderRequest<'balance'>;
      const hash = act === 'balance' ? '' : requestHash(act, parsed.data as Record<string, unknown>);
      let outcome: MoneyOutcome;
      if (act === 'bet' || act === 'win' || act === 'endRound') {
        // One statement each (migration 0018): the database function reads the member, answers a
        // repeat of a txId from its record and applies a new one.
        const ctx = await callContextOf(merchantCode, vendorCode, request.playerId);
        if (act === 'bet') outcome = await bet(ctx, parsed.data as ProviderRequest<'bet'>, hash);
        else if (act === 'win') outcome = await win(ctx, parsed.data as ProviderRequest<'win'>, hash);
        else outcome = await endRound(ctx, parsed.data as ProviderRequest<'endRound'>, hash);
      } else {
        // The player, and the record of this txId when it was used: a repeat (a retry, a
        // duplicate) is answered from its committed record in this one read (the claim and the
        // final answer are written in one transaction, so a row seen here is final). Anything
        // else (a new txId, other data) takes the full path.
        const txId = act === 'balance' ? undefined : (parsed.data as ProviderRequest<'rollback'>).txId;
        const found = await store.readMemberWithTx(db, {
          merchantCode,
          memberId: Number(request.playerId),
          vendorCode,
          txId,
        });
        if (found?.tx && found.tx.request_hash === hash && found.tx.member_id === found.member.id)
          return replyOf(found.tx.answer as ProviderAnswer);
        const ctx = await contextOf(merchantCode, vendorCode, request.playerId, found?.member ?? null);
        if (act === 'balance') return replyOf(ok(ctx, await store.readBalance(db, ctx.walletId)));
        outcome = await rollback(ctx, parsed.data as ProviderRequest<'rollback'>, hash);
      }
      if (outcome.changedMember !== null) wallet.events.publish(outcome.changedMember);
      return replyOf(outcome.answer);
    } catch (caught) {
      if (caught instanceof Refusal) return error(caught.code);
      log.error({ err: caught, vendorCode, action }, 'provider callback failed');
      return error('INTERNAL_ERROR');
    }
  };

  return {
    handle,
    issueSession,
    issueLaunchToken,
    reconcileIdleRounds,
    reconcileRound,
    purgeSessions,
    vendorConfig,
  };
};

export type ProviderService = ReturnType<typeof createProviderService>;
