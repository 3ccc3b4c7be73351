import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CashierChannelCode,
  PAYMENT_PASSWORD_LOCK_AFTER,
  PAYMENT_PASSWORD_LOCK_MS,
  PAYOUT_CHANNELS_BY_CURRENCY,
} from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { AuthMember } from '../identity';
import { type CashierContext, fieldError, maskNumber } from './context';

/** How long a payment-password try past the threshold waits for the tries being checked (ADR 029). */
const PAYMENT_PASSWORD_BURST_WAIT_MS = 5_000;
const PAYMENT_PASSWORD_BURST_POLL_MS = 20;

/** The payment password (checked before money leaves) and the payout account it guards. */
export const createPaymentPassword = ({
  db,
  hasher,
  now,
  merchantOf,
  assertReal,
  cashierMember,
  ensureCashierMember,
}: CashierContext) => {
  // ------------------------------------------------------------ payment password

  /**
   * Checks the payment password: 409 `payment.password.not.set`, 423 `payment.password.locked`
   * (after 5 wrong in a row, for 15 minutes), 400 `payment.password.wrong`. A right one resets the count.
   */
  const verifyPaymentPassword = async (memberId: number, password: string | undefined) => {
    if (password === undefined || password === '') throw fieldError('paymentPassword', 'required');
    const row = await cashierMember(memberId);
    if (!row?.pay_password_hash) throw new AppError('payment.password.not.set');
    const at = now();
    const locked = (until: Date) =>
      new AppError('payment.password.locked', { value: { lockedUntil: until.getTime() } });
    let ordinal = 0;
    // The try takes its place in the count before the check (ADR 029): simultaneous guesses
    // cannot all see the old count. A locked account takes no place.
    const reserve = (at: Date) =>
      db
        .updateTable('cashier_member')
        // (an expired lock is cleared on the way)
        .set({ pay_failures: sql`pay_failures + 1`, pay_locked_until: null })
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('pay_locked_until', 'is', null), eb('pay_locked_until', '<=', at)]))
        .returning(['pay_failures'])
        .executeTakeFirst();
    const giveBack = () =>
      db
        .updateTable('cashier_member')
        .set({ pay_failures: sql`GREATEST(pay_failures - 1, 0)` })
        .where('member_id', '=', memberId)
        .where('pay_locked_until', 'is', null)
        .execute();
    // A try past the threshold while others are still being checked waits for them (they end
    // in a reset or a lock) instead of being checked: at most the threshold is ever checked
    // before a lock, and a burst of right passwords (one member's tabs) all get through.
    const waitUntil = Date.now() + PAYMENT_PASSWORD_BURST_WAIT_MS;
    for (;;) {
      const reserved = await reserve(at);
      if (!reserved) {
        const current = await cashierMember(memberId);
        throw locked(current?.pay_locked_until ?? new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS));
      }
      if (reserved.pay_failures <= PAYMENT_PASSWORD_LOCK_AFTER) {
        ordinal = reserved.pay_failures;
        break;
      }
      await giveBack();
      if (Date.now() >= waitUntil) throw locked(new Date(at.getTime() + PAYMENT_PASSWORD_BURST_WAIT_MS));
      await sleep(PAYMENT_PASSWORD_BURST_POLL_MS);
    }
    let ok: boolean;
    try {
      ok = await hasher.verify(row.pay_password_hash, password);
    } catch (error) {
      await giveBack();
      throw error;
    }
    if (ok) {
      // A right one resets the count, but never lifts a lock a burst engaged meanwhile.
      await db
        .updateTable('cashier_member')
        .set({ pay_failures: 0 })
        .where('member_id', '=', memberId)
        .where('pay_locked_until', 'is', null)
        .execute();
      return;
    }
    if (ordinal >= PAYMENT_PASSWORD_LOCK_AFTER) {
      const lockUntil = new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS);
      await db
        .updateTable('cashier_member')
        .set({ pay_failures: 0, pay_locked_until: lockUntil })
        .where('member_id', '=', memberId)
        .execute();
      throw locked(lockUntil);
    }
    throw new AppError('payment.password.wrong');
  };

  const setPaymentPassword = async (
    member: AuthMember,
    input: { oldPassword?: string | undefined; newPassword: string },
  ) => {
    assertReal(member);
    const row = await cashierMember(member.id);
    if (row?.pay_password_hash) {
      if (input.oldPassword === undefined) throw fieldError('oldPassword', 'required');
      await verifyPaymentPassword(member.id, input.oldPassword);
    }
    const hash = await hasher.hash(input.newPassword);
    await ensureCashierMember(member.id);
    await db
      .updateTable('cashier_member')
      .set({ pay_password_hash: hash, pay_password_set_at: now(), pay_failures: 0, pay_locked_until: null })
      .where('member_id', '=', member.id)
      .execute();
    return { ok: true as const };
  };

  // ------------------------------------------------------------ payout account

  const payoutView = (row: NonNullable<Awaited<ReturnType<typeof cashierMember>>>) =>
    row.payee_name && row.payout_channel && row.payout_number && row.payout_updated_at
      ? {
          payeeName: row.payee_name,
          channel: row.payout_channel as CashierChannelCode,
          numberMasked: maskNumber(row.payout_number),
          updatedAt: row.payout_updated_at.getTime(),
        }
      : null;

  const bindPayoutAccount = async (
    member: AuthMember,
    input: {
      payeeName: string;
      channel: CashierChannelCode;
      number: string;
      paymentPassword?: string | undefined;
    },
  ) => {
    assertReal(member);
    const merchant = merchantOf(member.merchantCode);
    if (!(PAYOUT_CHANNELS_BY_CURRENCY[merchant.currency] ?? []).includes(input.channel))
      throw fieldError('channel', 'payout.channel.unavailable');
    const row = await cashierMember(member.id);
    // Changing a bound account needs the payment password; so does a first binding once one is set.
    if ((row && payoutView(row)) || row?.pay_password_hash)
      await verifyPaymentPassword(member.id, input.paymentPassword);
    await ensureCashierMember(member.id);
    const updated = await db
      .updateTable('cashier_member')
      .set({
        payee_name: input.payeeName,
        payout_channel: input.channel,
        payout_number: input.number,
        payout_updated_at: now(),
      })
      .where('member_id', '=', member.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = payoutView(updated);
    if (!view) throw new Error('payout account not stored');
    return { payoutAccount: view };
  };

  /**
   * The holder name of the member's bound payout account, or null when none is bound. A read for
   * the identity module (new-IP verification by bank account name); never changes anything.
   */
  const payoutHolderName = async (memberId: number) => {
    const row = await cashierMember(memberId);
    return row && payoutView(row) ? row.payee_name : null;
  };

  return { verifyPaymentPassword, setPaymentPassword, payoutView, bindPayoutAccount, payoutHolderName };
};

export type PaymentPassword = ReturnType<typeof createPaymentPassword>;
