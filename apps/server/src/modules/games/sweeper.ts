import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { WalletService } from '../wallet';
import type { AdapterRegistry } from './adapters';
import { cashOutIdleRound } from './engine-steps';
import type { JackpotEvents } from './jackpot-events';
import type { GameSession } from './launch';
import { purgeLaunchTokens } from './launch';
import { cancelRound, findRound, type GameRound, settleRound, toRound } from './rounds';
import { playSpin } from './slot';
import { mainBalance } from './store';

/**
 * The round sweeper (docs/decisions/009-games-launch-rounds-jackpot.md): every round ends
 * settled or cancelled. A round still open after ROUND_IDLE_MS without a bet, win or state
 * change is reconciled:
 * - in-house rounds settle as they are (their outcome is already recorded);
 * - third-party rounds go to the vendor adapter's `reconcile` hook when it has one;
 * - otherwise the round is cancelled and its net stake (stake - payout, when positive) is
 *   refunded from the house to the member's main wallet, in one transaction, idempotent on the
 *   round (`round.cancel:<id>`).
 * In-house free spins left pending for ROUND_IDLE_MS (`feature_pending`) are played out: each
 * spin exactly as the player's next spin would be (the member's committed server seed, client
 * seed and next nonce, so the outcome is verifiable like any other round), credited through the
 * ledger, with the request id `sweep:<round the spin continues>` (a pass that dies half-way is
 * resumed by the next one without playing a spin twice).
 * Then the hooks provider modules registered (`adapters.onSweep`) run.
 * Safe on several nodes at once: each round is locked and re-checked before it changes.
 */

export const ROUND_IDLE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_BATCH = 200;
/** How often the scheduler runs it. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** A played-out feature never runs longer than this many spins in one pass (retriggers). */
export const MAX_FEATURE_SPINS = 1_000;

type Deps = {
  db: Kysely<DB>;
  wallet: Pick<WalletService, 'accountOf' | 'post' | 'events'>;
  adapters: AdapterRegistry;
  log: { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  now: () => Date;
  /** Told when a played-out free spin wins the jackpot. */
  jackpotEvents?: Pick<JackpotEvents, 'publish'>;
};

export type SweepReport = {
  settled: number;
  cancelled: number;
  reconciled: number;
  /** In-house free-spin features played out, and their spins. */
  features: number;
  featureSpins: number;
  /** Rounds closed by provider hooks (vendor rounds without a round record). */
  hooks: number;
  failed: number;
  purged: number;
};

const refundAndCancel = async (deps: Deps, round: GameRound) => {
  const { db, wallet } = deps;
  const now = deps.now();
  const memberId = round.memberId;
  const refund = round.stakeMinor - round.payoutMinor;
  const ids =
    memberId !== null && round.mode === 'real' && refund > 0n
      ? {
          houseId: await wallet.accountOf({
            merchantCode: round.merchantCode,
            currency: round.currency,
            kind: 'house',
          }),
          mainId: await wallet.accountOf({
            merchantCode: round.merchantCode,
            currency: round.currency,
            kind: 'member_main',
            memberId,
          }),
        }
      : null;
  const changed = await db.transaction().execute(async (trx) => {
    const current = await findRound(trx, round.id, true);
    if (current?.status !== 'open') return false;
    let balanceAfter: bigint | undefined;
    if (ids && memberId !== null) {
      const posted = await wallet.post(
        {
          merchantCode: round.merchantCode,
          idempotencyKey: `round.cancel:${round.id}`,
          kind: 'game.refund',
          lines: [
            { accountId: ids.houseId, amount: -refund },
            { accountId: ids.mainId, amount: refund },
          ],
          metadata: { memberId, roundId: round.id, reason: 'sweeper' },
        },
        trx,
      );
      balanceAfter = posted.lines.find((l) => l.accountId === ids.mainId)?.balanceAfter;
    } else if (memberId !== null && round.mode === 'real') {
      balanceAfter = await mainBalance(trx, round.merchantCode, round.currency, memberId);
    }
    await cancelRound(trx, {
      roundId: round.id,
      reason: `idle for 24 h: cancelled by the sweeper${refund > 0n ? `, ${refund} refunded` : ''}`,
      ...(balanceAfter !== undefined ? { balanceAfterMinor: balanceAfter } : {}),
      now,
    });
    return true;
  });
  if (changed && ids && memberId !== null) wallet.events.publish(memberId);
  return changed;
};

/** One pass over idle open rounds (and the launch-token purge). */
export const sweepRounds = async (deps: Deps): Promise<SweepReport> => {
  const { db, adapters } = deps;
  const now = deps.now();
  const report: SweepReport = {
    settled: 0,
    cancelled: 0,
    reconciled: 0,
    features: 0,
    featureSpins: 0,
    hooks: 0,
    failed: 0,
    purged: 0,
  };
  const idle = await db
    .selectFrom('game_round')
    .selectAll()
    .where('status', '=', 'open')
    .where('updated_at', '<=', new Date(now.getTime() - ROUND_IDLE_MS))
    .orderBy('updated_at')
    .limit(SWEEP_BATCH)
    .execute();
  for (const row of idle) {
    const round = toRound(row);
    try {
      if (row.server_seed_id !== null || row.external_round_id === null) {
        // A mines/tower round with safe picks is cashed out (its win is owed), through the ledger.
        if (row.server_seed_id !== null && (await cashOutIdleRound(deps, row))) {
          report.settled++;
          continue;
        }
        await db.transaction().execute(async (trx) => {
          const current = await findRound(trx, round.id, true);
          if (current?.status === 'open') await settleRound(trx, { roundId: round.id, now });
        });
        report.settled++;
        continue;
      }
      const adapter = adapters.get(round.vendorCode);
      if (adapter?.reconcile) {
        await adapter.reconcile(round);
        report.reconciled++;
        continue;
      }
      if (await refundAndCancel(deps, round)) report.cancelled++;
    } catch (error) {
      report.failed++;
      deps.log.error({ err: error, roundId: round.id }, 'games: sweeping a round failed');
    }
  }
  await playOutFeatures(deps, now, report);
  for (const [name, hook] of adapters.sweepHooks()) {
    try {
      report.hooks += await hook();
    } catch (error) {
      report.failed++;
      deps.log.error({ err: error, hook: name }, 'games: a sweep hook failed');
    }
  }
  report.purged = await purgeLaunchTokens(db, now);
  return report;
};

/** In-house free spins pending for ROUND_IDLE_MS (or a pass of ours that stopped half-way). */
const playOutFeatures = async (deps: Deps, now: Date, report: SweepReport) => {
  const { db } = deps;
  const pending = await db
    .selectFrom('game_round')
    .select([
      'id',
      'merchant_code',
      'member_id',
      'session_id',
      'game_node_id',
      'vendor_code',
      'game_type',
      'currency',
    ])
    .where('feature_pending', '=', true)
    .where('mode', '=', 'real')
    .where((eb) =>
      eb.or([
        eb('updated_at', '<=', new Date(now.getTime() - ROUND_IDLE_MS)),
        eb('request_id', 'like', 'sweep:%'),
      ]),
    )
    .orderBy('updated_at')
    .limit(SWEEP_BATCH)
    .execute();
  for (const row of pending) {
    if (row.member_id === null || row.game_node_id === null) continue;
    const session: GameSession = {
      id: row.session_id ?? row.id,
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      nodeId: row.game_node_id,
      vendorCode: row.vendor_code,
      gameType: row.game_type,
      mode: 'real',
      currency: row.currency,
      language: 'en',
      expiresAt: now,
    };
    try {
      let continues = row.id;
      let spins = 0;
      for (; spins < MAX_FEATURE_SPINS; spins++) {
        const outcome = await playSpin({ db, wallet: deps.wallet, now: deps.now }, session, {
          requestId: `sweep:${continues}`,
          betMinor: undefined,
          sweeper: true,
        });
        continues = outcome.round.roundId;
        if (!outcome.replayed && outcome.round.jackpotWinMinor !== '0')
          deps.jackpotEvents?.publish(row.merchant_code);
        const next = (outcome.round.result as { nextState?: { freeSpinsRemaining?: number } | null })
          .nextState;
        if (!next || (next.freeSpinsRemaining ?? 0) <= 0) break;
      }
      report.features++;
      report.featureSpins += spins + 1;
      deps.wallet.events.publish(row.member_id);
    } catch (error) {
      // Finished meanwhile (the player came back, or another node's pass): nothing to play.
      if (error instanceof AppError && error.code === 'game.bet.invalid') continue;
      report.failed++;
      deps.log.error({ err: error, roundId: row.id }, 'games: playing out free spins failed');
    }
  }
};
