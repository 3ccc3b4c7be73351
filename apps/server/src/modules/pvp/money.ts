import type { Db } from '../../shared/db';
import type { PlayHooks } from '../activity';
import type { WalletService } from '../wallet';

/**
 * The PvP rooms' money paths (ADR 042), each one ledger entry with its idempotency key, inside
 * the caller's transaction:
 * - buy-in: main → the member's table balance (`member_table`), `pvp:buyin:<seat key>`;
 * - a chip into the pot: table balance → the merchant's pot account (`table_pot`), after the play
 *   hooks' `stake` (protection may refuse it; wagering counts it), `pvp:stake:<hand>:<step>:<seat>`;
 * - the hand's end: one entry `pvp:settle:<hand>` — the pot account gives the whole pot, each
 *   winner's table balance gets their share (with the `payout` hook) and the house gets the rake
 *   as its own line;
 * - cash-out: the table balance → main, `pvp:cashout:<seat key>`.
 */
export type PvpWallet = Pick<WalletService, 'accountOf' | 'post'>;

type Who = { merchantCode: string; currency: string; memberId: number };

const tableAccount = (wallet: PvpWallet, trx: Db, w: Who) =>
  wallet.accountOf(
    { merchantCode: w.merchantCode, currency: w.currency, kind: 'member_table', memberId: w.memberId },
    trx,
  );
const mainAccount = (wallet: PvpWallet, trx: Db, w: Who) =>
  wallet.accountOf(
    { merchantCode: w.merchantCode, currency: w.currency, kind: 'member_main', memberId: w.memberId },
    trx,
  );
const potAccount = (wallet: PvpWallet, trx: Db, merchantCode: string, currency: string) =>
  wallet.accountOf({ merchantCode, currency, kind: 'table_pot' }, trx);

/** Main → table balance (`out` = false) or back (`out` = true); answers the main balance after. */
export const moveTableBalance = async (
  wallet: PvpWallet,
  trx: Db,
  w: Who & { amountMinor: bigint; key: string; out: boolean; tableId: string },
) => {
  const main = await mainAccount(wallet, trx, w);
  const table = await tableAccount(wallet, trx, w);
  const toMain = w.out ? w.amountMinor : -w.amountMinor;
  const posted = await wallet.post(
    {
      merchantCode: w.merchantCode,
      idempotencyKey: `pvp:${w.out ? 'cashout' : 'buyin'}:${w.key}`,
      kind: w.out ? 'pvp.cashout' : 'pvp.buyin',
      lines: [
        { accountId: main, amount: toMain },
        { accountId: table, amount: -toMain },
      ],
      metadata: { tableId: w.tableId },
    },
    trx,
  );
  return posted.lines.find((l) => l.accountId === main)?.balanceAfter ?? 0n;
};

export type HandRef = {
  handId: string;
  tableId: string;
  handNo: number;
  merchantCode: string;
  currency: string;
};

/** A player's chips into the pot: the stake hook (may refuse), then table balance → pot. */
export const stakeIntoPot = async (
  deps: { wallet: PvpWallet; play: PlayHooks },
  trx: Db,
  hand: HandRef,
  p: { memberId: number; seatNo: number; amountMinor: bigint; step: number },
) => {
  await deps.play.stake(trx, {
    memberId: p.memberId,
    merchantCode: hand.merchantCode,
    product: 'PVP',
    amount: p.amountMinor,
    source: 'pvp',
    ref: `${hand.tableId}:${hand.handNo}:${p.seatNo}:${p.step}`,
    gameId: hand.tableId,
  });
  const table = await tableAccount(wallet(deps), trx, { ...hand, memberId: p.memberId });
  const pot = await potAccount(deps.wallet, trx, hand.merchantCode, hand.currency);
  await deps.wallet.post(
    {
      merchantCode: hand.merchantCode,
      idempotencyKey: `pvp:stake:${hand.handId}:${p.step}:${p.seatNo}`,
      kind: 'pvp.stake',
      lines: [
        { accountId: table, amount: -p.amountMinor },
        { accountId: pot, amount: p.amountMinor },
      ],
      metadata: { tableId: hand.tableId, handNo: hand.handNo, seatNo: p.seatNo },
    },
    trx,
  );
};

const wallet = (deps: { wallet: PvpWallet }) => deps.wallet;

/**
 * The hand's end in one entry: pot → winners' table balances and the rake to the house, each
 * an explicit line; the payout hook for each winner. Σ lines = 0, so pot = payouts + rake.
 */
export const settlePot = async (
  deps: { wallet: PvpWallet; play: PlayHooks },
  trx: Db,
  hand: HandRef,
  s: {
    potMinor: bigint;
    rakeMinor: bigint;
    payouts: { memberId: number; seatNo: number; amountMinor: bigint }[];
  },
) => {
  const lines: { accountId: string; amount: bigint }[] = [];
  lines.push({
    accountId: await potAccount(deps.wallet, trx, hand.merchantCode, hand.currency),
    amount: -s.potMinor,
  });
  for (const p of s.payouts) {
    if (p.amountMinor <= 0n) continue;
    await deps.play.payout(trx, {
      memberId: p.memberId,
      merchantCode: hand.merchantCode,
      product: 'PVP',
      amount: p.amountMinor,
      source: 'pvp',
      ref: `${hand.tableId}:${hand.handNo}:${p.seatNo}`,
      gameId: hand.tableId,
    });
    lines.push({
      accountId: await tableAccount(deps.wallet, trx, { ...hand, memberId: p.memberId }),
      amount: p.amountMinor,
    });
  }
  if (s.rakeMinor > 0n)
    lines.push({
      accountId: await deps.wallet.accountOf(
        { merchantCode: hand.merchantCode, currency: hand.currency, kind: 'house' },
        trx,
      ),
      amount: s.rakeMinor,
    });
  await deps.wallet.post(
    {
      merchantCode: hand.merchantCode,
      idempotencyKey: `pvp:settle:${hand.handId}`,
      kind: 'pvp.settle',
      lines,
      metadata: { tableId: hand.tableId, handNo: hand.handNo, rakeMinor: String(s.rakeMinor) },
    },
    trx,
  );
};
