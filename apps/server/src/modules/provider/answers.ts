import type { ProviderAnswer, ProviderErrorCode } from '@khela/contract';
import { providerErrorStatus } from '@khela/contract';
import { AppError } from '../../http/errors';

export type ProviderReply = { status: number; body: ProviderAnswer };

/** A refusal decided before anything is stored: the transaction rolls back, nothing is kept. */
export class Refusal extends Error {
  constructor(readonly code: ProviderErrorCode) {
    super(code);
  }
}

/** A protection refusal answers the vendor's code: a time-out or exclusion blocks the player, a limit the bet. */
export const protectionRefusal = (caught: unknown): Refusal | undefined => {
  if (!(caught instanceof AppError)) return undefined;
  if (
    caught.code === 'protection.timeout' ||
    caught.code === 'protection.excluded' ||
    caught.code === 'protection.closed' ||
    caught.code === 'protection.lift.required' ||
    caught.code === 'protection.play.money' ||
    caught.code === 'protection.vertical'
  )
    return new Refusal('PLAYER_BLOCKED');
  if (caught.code === 'protection.limit' || caught.code === 'protection.session.limit')
    return new Refusal('BET_LIMIT_EXCEEDED');
  return undefined;
};

/** The refusal a callback function raised (SQLSTATE KHP01, the code as message), if it was one. */
export const refusalOf = (caught: unknown): ProviderErrorCode | undefined => {
  if (typeof caught !== 'object' || caught === null) return undefined;
  const { code, message } = caught as { code?: unknown; message?: unknown };
  if (code !== 'KHP01' || typeof message !== 'string') return undefined;
  return message in providerErrorStatus ? (message as ProviderErrorCode) : undefined;
};

export const error = (code: ProviderErrorCode): ProviderReply => ({
  status: providerErrorStatus[code],
  body: { status: 'ERROR', code },
});

/** The answer with its keys in one order (jsonb gives stored answers back in its own order). */
const canonical = (answer: ProviderAnswer): ProviderAnswer => {
  if (answer.status === 'ERROR') return { status: 'ERROR', code: answer.code };
  return {
    status: 'OK',
    balance: answer.balance,
    currency: answer.currency,
    ...(answer.txId !== undefined ? { txId: answer.txId } : {}),
    ...(answer.playerId !== undefined ? { playerId: answer.playerId } : {}),
    ...(answer.nickname !== undefined ? { nickname: answer.nickname } : {}),
    ...(answer.token !== undefined ? { token: answer.token } : {}),
  };
};

export const replyOf = (answer: ProviderAnswer): ProviderReply =>
  answer.status === 'OK' ? { status: 200, body: canonical(answer) } : error(answer.code);
