import {
  MAIN_ACCOUNT_TYPE_ID,
  MEMBER_TRANSACTIONS_PAGE_SIZE,
  type MemberTransactionsValue,
  type MerchantWalletValue,
  type WalletBalanceItem,
  type WalletBalanceValue,
  type WalletTransferValue,
} from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import { PREPARED } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type AuthMember, sessionTimes } from '../identity';
import type { SiteService } from '../site';
import { createAutoTransfer } from './auto-transfer';
import { type BalanceEvents, createBalanceEvents } from './events';
import {
  type AccountRef,
  type Db,
  ensureAccount,
  PostDiverted,
  type PostInput,
  type PostResult,
  type PostStatement,
  post,
  reverse,
  verifyLedger,
} from './ledger';
import * as store from './store';

/**
 * A transfer's posting statement: `wallet_transfer` (modules/wallet/sql/wallet_transfer.sql) checks
 * the session when given one (the identity module's `session_member`, with its times), that
 * `vendorCode` is still the enabled vendor of the wallet type, then calls `ledger_post`, in one
 * round trip.
 */
const transferStatement =
  (vendorTypeId: number, vendorCode: string, member: AuthMember, session?: TransferSession): PostStatement =>
  (args, now) => {
    const times = sessionTimes(now);
    return sql<{ answer: unknown }>`${PREPARED}
    SELECT wallet_transfer(${session?.tokenHash ?? null}, ${times.idleAfter}, ${times.touchBefore},
      ${member.id}, ${member.type}, ${member.mustChangePassword}, ${member.passwordChangedAt},
      ${vendorTypeId}, ${vendorCode}, ${args.entryId}, ${args.merchantCode},
      ${args.key}, ${args.kind}, ${args.hash}, ${args.reverses}, ${args.metadata}::jsonb, ${now},
      ${args.accounts}::text[], ${args.amounts}::bigint[]) AS answer`;
  };

/**
 * The session of a transfer on the wallet route's fast path (routes.ts): the hash of the token
 * the call came with. The posting statement then reads the session itself, and posts nothing
 * unless it is live and of the member the transfer is built for, as that member was when the
 * route checked its rules on it (`TransferRefused`).
 */
export type TransferSession = { tokenHash: string };

/** The posting statement refused the session of a fast-path transfer: nothing was written. */
export class TransferRefused extends Error {}

/** The demo credit a demo account or a trial account starts with: 10,000.00 in minor units. */
export const DEMO_CREDIT_MINOR = 1_000_000n;

/** Minor units as a decimal string of the major unit with two decimals: 123450n -> "1234.50". */
export const formatMinor = (value: bigint) => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

const fieldError = (field: string, key: string) =>
  new AppError('validation.failed', { value: { fields: { [field]: key } } });

export type WalletServiceDeps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant' | 'isModuleEnabled'>;
  now?: (() => Date) | undefined;
  /** Balance push (events.ts); in-process when not given. */
  events?: BalanceEvents | undefined;
};

export type TransferInput = {
  fromAccountTypeId: number;
  toAccountTypeId: number;
  amount: bigint;
  currency?: string | undefined;
};

/** Wallet rules: balances, transfers between wallets, demo credit; every movement goes through the ledger. */
export const createWalletService = ({
  db,
  site,
  now = () => new Date(),
  events = createBalanceEvents(),
}: WalletServiceDeps) => {
  // Account ids never change once made: remember them and skip the look-up.
  const accountIds = new Map<string, string>();
  // Wallet type -> vendor code as last seen (vendors with a wallet only: a few dozen at most).
  const vendorOfType = new Map<number, string>();

  const merchantOf = (merchantCode: string) => {
    const merchant = site.findMerchant(merchantCode);
    if (!merchant) throw new Error(`unknown merchant ${merchantCode}`);
    return merchant;
  };

  /** The id of an account, created on first use (outside any posting transaction). */
  const accountOf = async (ref: AccountRef, within: Db = db) => {
    const key = JSON.stringify(ref);
    const known = accountIds.get(key);
    if (known) return known;
    const id = await ensureAccount(within, ref, now());
    // Inside a caller's transaction the row may still roll back: only cache committed ones.
    if (!within.isTransaction) accountIds.set(key, id);
    return id;
  };

  const isSingle = (merchantCode: string) => !site.isModuleEnabled(merchantCode, 'FUNDTRANS3');

  const merchantWallet = (merchantCode: string): MerchantWalletValue => ({
    isSingle: isSingle(merchantCode),
  });

  const balance = async (member: AuthMember, typeId?: number): Promise<WalletBalanceValue> => {
    const merchant = merchantOf(member.merchantCode);
    const accounts = await store.readMemberAccounts(db, member.id, merchant.currency);
    const main = BigInt(accounts.find((a) => a.kind === 'member_main')?.balance ?? '0');
    const vendorBalances = new Map(
      accounts.filter((a) => a.kind === 'member_vendor').map((a) => [a.vendor_code ?? '', BigInt(a.balance)]),
    );
    const item = (accountTypeId: number, name: string, value: bigint): WalletBalanceItem => ({
      accountTypeId,
      accountTypeName: name,
      availBalance: formatMinor(value),
      availBalanceMinor: value.toString(),
    });
    const items = [item(MAIN_ACCOUNT_TYPE_ID, 'MAIN', main)];
    if (!isSingle(member.merchantCode)) {
      for (const vendor of await store.readVendorWallets(db)) {
        items.push(
          item(vendor.accountTypeId, vendor.vendorCode, vendorBalances.get(vendor.vendorCode) ?? 0n),
        );
      }
    }
    // Funds in a wallet of a vendor that was since disabled still count towards the sum.
    const sum = [...vendorBalances.values()].reduce((a, b) => a + b, main);
    return {
      sumBalance: formatMinor(sum),
      sumBalanceMinor: sum.toString(),
      balance: typeId ? items.filter((i) => i.accountTypeId === typeId) : items,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
    };
  };

  const transfer = async (
    member: AuthMember,
    input: TransferInput,
    clientKey: string,
    session?: TransferSession,
  ): Promise<WalletTransferValue> => {
    if (member.type === 4) throw new AppError('in_need_true_account');
    if (isSingle(member.merchantCode)) throw new AppError('function.not.available');
    const merchant = merchantOf(member.merchantCode);
    if (input.currency !== undefined && input.currency !== merchant.currency)
      throw fieldError('currency', 'wallet.currency.mismatch');
    const { fromAccountTypeId: from, toAccountTypeId: to } = input;
    const vendorTypeId = from === MAIN_ACCOUNT_TYPE_ID ? to : to === MAIN_ACCOUNT_TYPE_ID ? from : null;
    if (vendorTypeId === null || vendorTypeId === MAIN_ACCOUNT_TYPE_ID)
      throw fieldError('toAccountTypeId', 'wallet.transfer.main.and.vendor');
    const vendorField = from === MAIN_ACCOUNT_TYPE_ID ? 'toAccountTypeId' : 'fromAccountTypeId';
    // The vendor of this wallet type as last seen: only a guess, checked by the posting statement
    // itself (`wallet_transfer`), which answers the current one when it differs.
    let vendorCode =
      vendorOfType.get(vendorTypeId) ?? (await store.findVendorByAccountType(db, vendorTypeId));
    let result: PostResult | undefined;
    let fromId = '';
    let toId = '';
    for (let attempt = 1; result === undefined; attempt++) {
      if (!vendorCode) {
        vendorOfType.delete(vendorTypeId);
        throw fieldError(vendorField, 'wallet.vendor.unknown');
      }
      vendorOfType.set(vendorTypeId, vendorCode);
      const base = { merchantCode: merchant.code, currency: merchant.currency };
      const mainId = await accountOf({ ...base, kind: 'member_main', memberId: member.id });
      const vendorId = await accountOf({ ...base, kind: 'member_vendor', memberId: member.id, vendorCode });
      [fromId, toId] = from === MAIN_ACCOUNT_TYPE_ID ? [mainId, vendorId] : [vendorId, mainId];
      try {
        result = await post(
          db,
          {
            merchantCode: merchant.code,
            // Per member: one member's key can never collide with (or reveal) another's.
            idempotencyKey: `transfer:${member.id}:${clientKey}`,
            kind: 'transfer',
            lines: [
              { accountId: fromId, amount: -input.amount },
              { accountId: toId, amount: input.amount },
            ],
            metadata: { memberId: member.id, fromAccountTypeId: from, toAccountTypeId: to, vendorCode },
          },
          { now: now(), statement: transferStatement(vendorTypeId, vendorCode, member, session) },
        );
      } catch (error) {
        if (error instanceof PostDiverted && error.answer.status === 'session')
          throw new TransferRefused('session not live');
        // The wallet type now belongs to another vendor, or to none: build the entry again.
        if (!(error instanceof PostDiverted) || error.answer.status !== 'vendor' || attempt >= 3) throw error;
        const current = error.answer.vendorCode;
        vendorCode = typeof current === 'string' ? current : null;
      }
    }
    if (!result.replayed) events.publish(member.id);
    const fromLine = result.lines.find((l) => l.accountId === fromId);
    const toLine = result.lines.find((l) => l.accountId === toId);
    if (!fromLine || !toLine) throw new Error('transfer entry without its lines');
    return {
      transactionId: result.entryId,
      replayed: result.replayed,
      fromAccountTypeId: from,
      toAccountTypeId: to,
      amount: formatMinor(toLine.amount),
      amountMinor: toLine.amount.toString(),
      fromBalance: formatMinor(fromLine.balanceAfter),
      fromBalanceMinor: fromLine.balanceAfter.toString(),
      toBalance: formatMinor(toLine.balanceAfter),
      toBalanceMinor: toLine.balanceAfter.toString(),
      createdAt: result.createdAt.getTime(),
    };
  };

  /** Account record: the member's wallet movements in a time range, newest first, 15 a page. */
  const records = async (
    member: AuthMember,
    query: {
      pageNo?: number | undefined;
      type?: string | undefined;
      startTime?: number | undefined;
      endTime?: number | undefined;
    },
  ): Promise<MemberTransactionsValue> => {
    const merchant = merchantOf(member.merchantCode);
    const endTime = query.endTime ?? now().getTime();
    const startTime = query.startTime ?? endTime - 7 * 24 * 60 * 60 * 1000;
    const pageNo = query.pageNo ?? 1;
    const pageSize = MEMBER_TRANSACTIONS_PAGE_SIZE;
    const { rows, total } = await store.readMemberLines(
      db,
      {
        memberId: member.id,
        currency: merchant.currency,
        from: new Date(startTime),
        to: new Date(endTime),
        kind: query.type,
      },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const typeIds = new Map((await store.readVendorWallets(db)).map((v) => [v.vendorCode, v.accountTypeId]));
    const list = rows.map((r) => {
      const amount = BigInt(r.amount);
      const after = BigInt(r.balance_after);
      const [accountTypeId, accountTypeName] =
        r.account_kind === 'member_vendor'
          ? [typeIds.get(r.vendor_code ?? '') ?? 0, r.vendor_code ?? '']
          : r.account_kind === 'member_main'
            ? [MAIN_ACCOUNT_TYPE_ID, 'MAIN']
            : [0, r.account_kind === 'pending_withdrawal' ? 'PENDING_WITHDRAWAL' : 'COMMISSION'];
      return {
        id: r.id,
        type: r.kind,
        accountTypeId,
        accountTypeName,
        amount: formatMinor(amount),
        amountMinor: amount.toString(),
        balanceAfter: formatMinor(after),
        balanceAfterMinor: after.toString(),
        createdAt: new Date(r.created_at).getTime(),
      };
    });
    return {
      list,
      pageNo,
      pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / pageSize),
      startTime,
      endTime,
    };
  };

  /**
   * Play money for a demo or trial account, from the house account. Once per member unless a
   * new `key` is given (a later top-up). Pass `within` to post inside the caller's transaction.
   */
  const grantDemoCredit = async (
    memberId: number,
    options: { amount?: bigint; key?: string; within?: Db } = {},
  ): Promise<PostResult> => {
    const within = options.within ?? db;
    const member = await store.readMember(within, memberId);
    if (!member) throw new Error(`no member ${memberId}`);
    const base = { merchantCode: member.merchant_code, currency: member.currency };
    const houseId = await accountOf({ ...base, kind: 'house' }, within);
    const mainId = await accountOf({ ...base, kind: 'member_main', memberId }, within);
    const amount = options.amount ?? DEMO_CREDIT_MINOR;
    const result = await post(
      within,
      {
        merchantCode: member.merchant_code,
        idempotencyKey: `demo-credit:${memberId}${options.key ? `:${options.key}` : ''}`,
        kind: 'demo.credit',
        lines: [
          { accountId: houseId, amount: -amount },
          { accountId: mainId, amount },
        ],
        metadata: { memberId },
      },
      { now: now() },
    );
    // Inside a caller's transaction the caller publishes once it has committed.
    if (!options.within && !result.replayed) events.publish(memberId);
    return result;
  };

  const autoTransfer = createAutoTransfer({
    db,
    now,
    isSingle,
    balance,
    transfer: (member, input, clientKey) => transfer(member, input, clientKey),
  });

  return {
    balance,
    merchantWallet,
    transfer,
    /** Auto-transfer of transfer-wallet merchants (issue 24): the choice, launch, collect all. */
    autoTransfer,
    records,
    grantDemoCredit,
    accountOf,
    /** The ledger's one write: for other modules' money movements (deposits, bets, ...). */
    post: (input: PostInput, within: Db = db) => post(within, input, { now: now() }),
    reverse: (
      entryId: string,
      options: { idempotencyKey?: string; metadata?: Record<string, unknown> } = {},
    ) => reverse(db, entryId, { ...options, now: now() }),
    verify: () => verifyLedger(db),
    /** Balance push: call `events.publish(memberId)` after a committed ledger post. */
    events,
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
