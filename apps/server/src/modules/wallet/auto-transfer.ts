import { randomUUID } from 'node:crypto';
import { MAIN_ACCOUNT_TYPE_ID, type WalletBalanceValue, type WalletTransferValue } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthMember } from '../identity';

/** A transfer between the main wallet and a vendor wallet (the service's `transfer`). */
type TransferInput = { fromAccountTypeId: number; toAccountTypeId: number; amount: bigint };

type Deps = {
  db: Kysely<DB>;
  now: () => Date;
  isSingle: (merchantCode: string) => boolean;
  balance: (member: AuthMember) => Promise<WalletBalanceValue>;
  transfer: (member: AuthMember, input: TransferInput, clientKey: string) => Promise<WalletTransferValue>;
};

/** What a vendor game's launch tells the page about the game's wallet (issue 24). */
export type LaunchWallet = {
  auto: boolean;
  accountTypeId: number;
  movedMinor: string;
  vendorBalanceMinor: string;
  mainBalanceMinor: string;
};

/**
 * Auto-transfer for transfer-wallet merchants (issue 24, docs/decisions/033): the member's choice
 * (on by default), the money of the main wallet and of every other vendor wallet moved into a
 * vendor's wallet when one of its games opens, and every vendor wallet collected back to the main
 * wallet when the player leaves. Each move is an ordinary wallet transfer through the ledger with
 * its own idempotency key; a wallet the vendor emptied meanwhile (`insufficient.balance`) is skipped.
 */
export const createAutoTransfer = (deps: Deps) => {
  const { db } = deps;

  const isOn = async (memberId: number) => {
    const row = await db
      .selectFrom('wallet_member_setting')
      .select('auto_transfer')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.auto_transfer ?? true;
  };

  const setOn = async (member: AuthMember, on: boolean) => {
    await db
      .insertInto('wallet_member_setting')
      .values({ member_id: member.id, auto_transfer: on, updated_at: deps.now() })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ auto_transfer: on, updated_at: deps.now() }))
      .execute();
    return { autoTransfer: on };
  };

  /** One transfer of what a wallet holds; false when the wallet no longer holds it. */
  const move = async (member: AuthMember, from: number, to: number, amount: bigint, key: string) => {
    if (amount <= 0n) return false;
    try {
      await deps.transfer(member, { fromAccountTypeId: from, toAccountTypeId: to, amount }, key);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient.balance') return false;
      throw error;
    }
  };

  /** Every vendor wallet back to the main wallet. */
  const collectAll = async (member: AuthMember) => {
    if (deps.isSingle(member.merchantCode)) throw new AppError('function.not.available');
    const batch = randomUUID();
    const before = await deps.balance(member);
    let collected = 0n;
    let wallets = 0;
    for (const item of before.balance) {
      if (item.accountTypeId === MAIN_ACCOUNT_TYPE_ID) continue;
      const amount = BigInt(item.availBalanceMinor);
      if (
        await move(
          member,
          item.accountTypeId,
          MAIN_ACCOUNT_TYPE_ID,
          amount,
          `collect:${batch}:${item.accountTypeId}`,
        )
      ) {
        collected += amount;
        wallets += 1;
      }
    }
    const after = await deps.balance(member);
    const main = after.balance.find((i) => i.accountTypeId === MAIN_ACCOUNT_TYPE_ID);
    return {
      collectedMinor: collected.toString(),
      wallets,
      mainBalanceMinor: main?.availBalanceMinor ?? '0',
    };
  };

  /**
   * At a real-money launch of a vendor's game: nothing for a single-wallet merchant, a trial
   * account or a vendor without a wallet of its own; with auto-transfer on, the other vendor
   * wallets and then the whole main wallet move into this vendor's wallet; either way the page
   * learns the game wallet's balance (to offer a transfer when it is empty and auto is off).
   */
  const prepareLaunch = async (member: AuthMember, vendorCode: string): Promise<LaunchWallet | undefined> => {
    if (deps.isSingle(member.merchantCode) || member.type === 4) return undefined;
    const before = await deps.balance(member);
    const target = before.balance.find(
      (i) => i.accountTypeId !== MAIN_ACCOUNT_TYPE_ID && i.accountTypeName === vendorCode,
    );
    if (!target) return undefined;
    const auto = await isOn(member.id);
    let moved = 0n;
    if (auto) {
      const batch = randomUUID();
      for (const item of before.balance) {
        if (item.accountTypeId === MAIN_ACCOUNT_TYPE_ID || item.accountTypeId === target.accountTypeId)
          continue;
        const amount = BigInt(item.availBalanceMinor);
        await move(
          member,
          item.accountTypeId,
          MAIN_ACCOUNT_TYPE_ID,
          amount,
          `auto:${batch}:out:${item.accountTypeId}`,
        );
      }
      const mid = await deps.balance(member);
      const main = BigInt(
        mid.balance.find((i) => i.accountTypeId === MAIN_ACCOUNT_TYPE_ID)?.availBalanceMinor ?? '0',
      );
      if (await move(member, MAIN_ACCOUNT_TYPE_ID, target.accountTypeId, main, `auto:${batch}:in`))
        moved = main;
    }
    const after = auto ? await deps.balance(member) : before;
    const minorOf = (typeId: number) =>
      after.balance.find((i) => i.accountTypeId === typeId)?.availBalanceMinor ?? '0';
    return {
      auto,
      accountTypeId: target.accountTypeId,
      movedMinor: moved.toString(),
      vendorBalanceMinor: minorOf(target.accountTypeId),
      mainBalanceMinor: minorOf(MAIN_ACCOUNT_TYPE_ID),
    };
  };

  return { isOn, setOn, collectAll, prepareLaunch };
};
