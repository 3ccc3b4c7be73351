import type { GatewayWebhookBody } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { WalletService } from '../wallet';
import type { CashierService } from './service';

type Log = { warn: (obj: unknown, msg?: string) => void };

/**
 * Payment-gateway notifications: verified, then processed once per event id in one transaction
 * with the deposit they settle. A retry of an event that failed half-way finds nothing written
 * (the transaction rolled back) and runs again; a duplicate finds its event row and changes nothing.
 */
export const createCashierWebhooks = (deps: {
  cashier: CashierService;
  wallet: WalletService;
  log?: Log;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const receive = async (
    provider: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    parsed: GatewayWebhookBody,
  ) => {
    const gateway = deps.cashier.gateway(provider);
    if (!gateway) throw new AppError('not.found');
    if (!gateway.verify(rawBody, headers)) throw new AppError('gateway.signature.invalid');
    const event = gateway.parse(parsed);
    const result = await deps.cashier.tx(async (trx) => {
      const claimed = await trx
        .insertInto('cashier_gateway_event')
        .values({
          gateway: provider,
          event_id: event.eventId,
          deposit_id: event.orderId,
          outcome: 'pending',
          received_at: now(),
        })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!claimed) return { outcome: 'duplicate' as const, memberId: null };
      const deposit = await trx
        .selectFrom('cashier_deposit')
        .selectAll()
        .where('id', '=', event.orderId)
        .executeTakeFirst();
      let outcome: 'credited' | 'rejected' | 'duplicate' | 'ignored';
      let memberId: number | null = null;
      // A provider reference already settling another order: never credited twice for one payment
      // (and never a 500 the provider would retry for ever).
      const refTaken =
        deposit && event.status === 'paid'
          ? await trx
              .selectFrom('cashier_deposit')
              .select('id')
              .where('gateway', '=', provider)
              .where('gateway_ref', '=', event.providerRef)
              .where('id', '<>', deposit.id)
              .executeTakeFirst()
          : undefined;
      if (
        refTaken ||
        !deposit ||
        deposit.gateway !== provider ||
        deposit.currency !== event.currency ||
        String(deposit.amount) !== event.amountMinor
      ) {
        deps.log?.warn({ provider, event }, 'gateway notification does not match its deposit: ignored');
        outcome = 'ignored';
      } else if (event.status === 'paid') {
        const done = await deps.cashier.approveDepositIn(trx, deposit.id, `gateway:${provider}`);
        if (done.changed) {
          await trx
            .updateTable('cashier_deposit')
            .set({ gateway_ref: event.providerRef })
            .where('id', '=', deposit.id)
            .execute();
          memberId = deposit.member_id;
        }
        outcome = done.changed ? 'credited' : 'duplicate';
      } else {
        const done = await deps.cashier.rejectDepositIn(
          trx,
          deposit.id,
          'gateway: payment failed',
          `gateway:${provider}`,
        );
        if (done.changed) memberId = deposit.member_id;
        outcome = done.changed ? 'rejected' : 'duplicate';
      }
      await trx
        .updateTable('cashier_gateway_event')
        .set({ outcome })
        .where('gateway', '=', provider)
        .where('event_id', '=', event.eventId)
        .execute();
      return { outcome, memberId };
    });
    if (result.memberId !== null) deps.wallet.events.publish(result.memberId);
    return { outcome: result.outcome };
  };
  return { receive };
};

export type CashierWebhooks = ReturnType<typeof createCashierWebhooks>;
