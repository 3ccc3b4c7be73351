import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema';

type ChannelSeed = {
  code: string;
  name: string;
  accountName: string;
  accountNumber: string;
  bankDetails?: string;
  qrPayload?: string;
  instructions: string;
  min: bigint;
  max: bigint;
};

/** Demo deposit channels: made-up accounts, clearly marked as demo. Amounts in minor units. */
const CHANNELS: Record<string, ChannelSeed[]> = {
  BDT: [
    {
      code: 'BKASH',
      name: 'bKash',
      accountName: 'Khela Demo (Agent)',
      accountNumber: '01700000001',
      instructions: 'Send Money to the number above, then enter the TrxID from the bKash SMS.',
      min: 20_000n,
      max: 2_500_000n,
    },
    {
      code: 'NAGAD',
      name: 'Nagad',
      accountName: 'Khela Demo (Agent)',
      accountNumber: '01800000002',
      instructions: 'Send Money to the number above, then enter the TxnID from the Nagad SMS.',
      min: 20_000n,
      max: 2_500_000n,
    },
    {
      code: 'ROCKET',
      name: 'Rocket',
      accountName: 'Khela Demo',
      accountNumber: '019000000031',
      instructions: 'Send Money to the Rocket account above, then enter the TxnId.',
      min: 20_000n,
      max: 2_500_000n,
    },
    {
      code: 'BANK',
      name: 'Bank transfer',
      accountName: 'Khela Demo Ltd',
      accountNumber: '1234567890001',
      bankDetails: 'Demo Bank PLC, Gulshan branch, routing 000000000',
      instructions: 'Transfer to the account above and enter the bank reference number.',
      min: 100_000n,
      max: 10_000_000n,
    },
  ],
  INR: [
    {
      code: 'UPI',
      name: 'UPI',
      accountName: 'Khela Demo',
      accountNumber: 'khela.demo@upi',
      qrPayload: 'upi://pay?pa=khela.demo@upi&pn=Khela%20Demo&cu=INR',
      instructions: 'Pay with any UPI app to the UPI id or QR code, then enter the 12-digit UTR.',
      min: 10_000n,
      max: 10_000_000n,
    },
    {
      code: 'IMPS',
      name: 'IMPS / NEFT',
      accountName: 'Khela Demo Pvt Ltd',
      accountNumber: '000111222333',
      bankDetails: 'Demo Bank, IFSC DEMO0000001',
      instructions: 'Transfer by IMPS or NEFT to the account above, then enter the UTR.',
      min: 50_000n,
      max: 20_000_000n,
    },
  ],
};

/** Deposit channels for each demo merchant, by its currency. Demo mode only. */
export const seedDemoCashier = async (
  db: Kysely<DB> | Transaction<DB>,
  merchantCodes: string[],
  mode: 'demo' | 'production',
  now = new Date(),
) => {
  if (mode !== 'demo') throw new Error('demo cashier channels are seeded in demo mode only');
  for (const merchantCode of merchantCodes) {
    const merchant = await db
      .selectFrom('merchant')
      .select('currency')
      .where('code', '=', merchantCode)
      .executeTakeFirstOrThrow();
    for (const [sort, c] of (CHANNELS[merchant.currency] ?? []).entries()) {
      await db
        .insertInto('cashier_channel')
        .values({
          merchant_code: merchantCode,
          code: c.code,
          name: c.name,
          kind: 'manual',
          gateway: null,
          account_name: c.accountName,
          account_number: c.accountNumber,
          bank_details: c.bankDetails ?? '',
          qr_payload: c.qrPayload ?? null,
          instructions: c.instructions,
          min_amount: c.min,
          max_amount: c.max,
          sort,
          enabled: true,
          updated_at: now,
        })
        .execute();
    }
  }
};
