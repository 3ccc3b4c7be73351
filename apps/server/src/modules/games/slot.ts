import { randomUUID } from 'node:crypto';
import { isTrialType } from '@khela/contract';
import { DEFAULT_JACKPOT_ODDS, FAIR_VERSION, type SlotState, type SpinResult, spin } from '@khela/fair';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable, isUniqueViolation } from '../../shared/db';
import { type PlayHooks, playProductOf } from '../activity';
import type { WalletService } from '../wallet';
import { type LineInput, MAX_ATTEMPTS } from '../wallet';
import { contributionOf, ensurePool } from './jackpot';
import type { GameSession } from './launch';
import { recordBigWin, toRound } from './rounds';
import { activeSeed, ensureSeed, ownerOf, seedInfoOf } from './seeds';
import { readGamesSettings } from './settings';
import { betLevelsOf, gameTheme } from './slot-offer';
import { mainBalance, memberStatus } from './store';

/**
 * The in-house provably fair slot (docs/decisions/009-games-launch-rounds-jackpot.md, ADR 008 for the maths):
 * seeds, spins, recall and proofs. Outcomes come from @khela/fair `spin()`; money moves through
 * the ledger, the stake and the win of a spin in ONE database transaction with the round row.
 */

type Wallet = Pick<WalletService, 'accountOf' | 'post'>;

// ---- rounds of the slot

type SlotBet = {
  /** @khela/fair outcome mapping the round was drawn with. */
  fairVersion: number;
  betMinor: number;
  jackpotOdds: number;
  themeName: string;
  stateBefore: SlotState | null;
};

const IN_HOUSE_COLUMNS = [
  'id',
  'merchant_code',
  'member_id',
  'mode',
  'vendor_code',
  'game_node_id',
  'game_type',
  'external_round_id',
  'status',
  'stake_minor',
  'payout_minor',
  'balance_before_minor',
  'balance_after_minor',
  'currency',
  'opened_at',
  'updated_at',
  'settled_at',
  'server_seed_id',
  'client_seed',
  'nonce',
  'bet',
  'result',
  'jackpot_win_minor',
  'request_id',
] as const;

type InHouseRow = {
  id: string;
  client_seed: string | null;
  nonce: string | null;
  bet: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  jackpot_win_minor: string;
  stake_minor: string;
  payout_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  opened_at: Date;
  server_seed_id: string | null;
};

/** The slot round as the game page sees it. */
export const slotRoundOf = (r: InHouseRow, commitment: string) => {
  const bet = (r.bet ?? {}) as Partial<SlotBet>;
  return {
    roundId: r.id,
    nonce: Number(r.nonce ?? 0),
    clientSeed: r.client_seed ?? '',
    commitment,
    stake: formatMinorString(r.stake_minor),
    stakeMinor: BigInt(r.stake_minor).toString(),
    payout: formatMinorString(r.payout_minor),
    payoutMinor: BigInt(r.payout_minor).toString(),
    jackpotWinMinor: BigInt(r.jackpot_win_minor).toString(),
    balanceBeforeMinor: r.balance_before_minor === null ? null : BigInt(r.balance_before_minor).toString(),
    balanceAfterMinor: r.balance_after_minor === null ? null : BigInt(r.balance_after_minor).toString(),
    stateBefore: (bet.stateBefore ?? null) as Record<string, unknown> | null,
    result: r.result ?? {},
    createdAt: new Date(r.opened_at).getTime(),
  };
};

export const formatMinorString = (value: string | bigint) => {
  const v = BigInt(value);
  const negative = v < 0n;
  const abs = negative ? -v : v;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

const commitmentsOf = async (db: Db, seedIds: string[]) => {
  if (seedIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('game_server_seed')
    .select(['id', 'commitment'])
    .where('id', 'in', [...new Set(seedIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.commitment]));
};

const ownerRounds = (db: Db, session: GameSession) => {
  let query = db.selectFrom('game_round').where('server_seed_id', 'is not', null);
  query =
    session.mode === 'real' && session.memberId !== null
      ? query.where('member_id', '=', session.memberId).where('mode', '=', 'real')
      : query.where('session_id', '=', session.id).where('mode', '=', 'demo');
  return query;
};

/** The feature state a next spin of this game continues from (null: the base game). */
const currentState = async (db: Db, session: GameSession): Promise<SlotState | null> => {
  const last = await ownerRounds(db, session)
    .select('result')
    .where('game_node_id', '=', session.nodeId)
    .orderBy('opened_at', 'desc')
    .orderBy('nonce', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = (last?.result as { nextState?: SlotState | null } | null)?.nextState ?? null;
  return next && next.freeSpinsRemaining > 0 ? next : null;
};

/** The last rounds of this game for recall, newest first. */
export const slotHistory = async (db: Db, session: GameSession, limit: number) => {
  const rows = await ownerRounds(db, session)
    .select(IN_HOUSE_COLUMNS)
    .where('game_node_id', '=', session.nodeId)
    .orderBy('opened_at', 'desc')
    .orderBy('nonce', 'desc')
    .limit(limit)
    .execute();
  const commitments = await commitmentsOf(
    db,
    rows.map((r) => r.server_seed_id).filter((id): id is string => id !== null),
  );
  return rows.map((r) => slotRoundOf(r, commitments.get(r.server_seed_id ?? '') ?? ''));
};

/** Balance of the session: the member's main wallet, or the play money of a free-play session. */
export const sessionBalance = async (db: Db, session: GameSession) => {
  if (session.mode === 'real' && session.memberId !== null)
    return mainBalance(db, session.merchantCode, session.currency, session.memberId);
  const row = await db
    .selectFrom('game_session')
    .select('demo_balance_minor')
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  return BigInt(row.demo_balance_minor ?? '0');
};

export type SpinDeps = {
  db: Kysely<DB>;
  wallet: Wallet;
  now: () => Date;
  /** The play hooks (ADR 035: protection, turnover, bonus wagering), run in the spin's transaction. */
  play?: PlayHooks | undefined;
};

export type SpinOutcome = {
  replayed: boolean;
  round: ReturnType<typeof slotRoundOf>;
  balanceMinor: bigint;
  memberId: number | null;
};

const conflict = () => new AppError('idempotency.conflict');

/**
 * One spin. Real money: the stake (bet entry: member -stake, house +stake -share, jackpot +share)
 * and the win (win entry: house -win, member +win; on a jackpot hit also the pool to the member and
 * the seed from the house back into the pool) post in the SAME transaction as the round row and
 * the nonce. A trial account's spins go through the ledger too, with no share and no jackpot
 * payout (the engine's draw is still recorded, so the round verifies). The active seed row is locked first, so one member's spins run one at a time.
 * A repeat of a requestId answers the first round (`replayed`), nothing new happens.
 */
export const playSpin = async (
  deps: SpinDeps,
  session: GameSession,
  input: {
    requestId: string;
    betMinor: bigint | undefined;
    /**
     * The sweeper playing out an abandoned feature (free spins are owed to the player): a
     * locked member's free spins are still played and credited.
     */
    sweeper?: boolean;
  },
): Promise<SpinOutcome> => {
  const { db, wallet } = deps;
  const now = deps.now();
  const real = session.mode === 'real' && session.memberId !== null;
  const memberId = real ? session.memberId : null;
  const status = memberId !== null ? await memberStatus(db, memberId) : null;
  if (memberId !== null && !input.sweeper) {
    if (!status) throw new AppError('game.session.invalid');
    if (status.status !== 'active') throw new AppError('account.locked');
  }
  // A trial (free-play) account plays on demo credit: it neither funds nor draws the real pool.
  const inJackpot = status === null || !isTrialType(status.type);
  const { theme, name, minBet } = await gameTheme(db, session.nodeId);
  const levels = betLevelsOf(minBet);
  const settings = await readGamesSettings(db, session.merchantCode);
  const jackpotOdds = settings.jackpotOdds ?? DEFAULT_JACKPOT_ODDS;
  const owner = ownerOf(session);
  await ensureSeed(db, session.merchantCode, owner, now);
  const accounts =
    memberId !== null
      ? {
          ...(await ensurePool(
            db,
            wallet,
            session.merchantCode,
            session.currency,
            settings.jackpotEnabled ? settings.jackpotSeedMinor : 0n,
          )),
          mainId: await wallet.accountOf({
            merchantCode: session.merchantCode,
            currency: session.currency,
            kind: 'member_main',
            memberId,
          }),
        }
      : null;

  const attempt = (trx: Transaction<DB>): Promise<SpinOutcome> =>
    (async () => {
      const seed = await activeSeed(trx, owner, true);
      // Rotated while this spin waited for the lock: make the next pair and try again.
      if (!seed) throw new SeedRotated();
      // A repeat of the request: the first answer (checked under the seed lock, so a concurrent
      // duplicate sees the committed first round).
      let repeat = trx
        .selectFrom('game_round')
        .select([...IN_HOUSE_COLUMNS, 'session_id'])
        .where('request_id', '=', input.requestId);
      repeat =
        memberId !== null
          ? repeat.where('member_id', '=', memberId).where('mode', '=', 'real')
          : repeat.where('session_id', '=', session.id).where('mode', '=', 'demo');
      const first = await repeat.executeTakeFirst();
      if (first) {
        const bet = (first.bet ?? {}) as Partial<SlotBet>;
        if (first.game_node_id !== session.nodeId) throw conflict();
        if (
          input.betMinor !== undefined &&
          bet.stateBefore == null &&
          BigInt(bet.betMinor ?? 0) !== input.betMinor
        )
          throw conflict();
        const commitment = (await commitmentsOf(trx, [first.server_seed_id ?? ''])).get(
          first.server_seed_id ?? '',
        );
        return {
          replayed: true,
          round: slotRoundOf(first, commitment ?? ''),
          balanceMinor: 0n,
          memberId,
        };
      }

      const state = await currentState(trx, session);
      let betMinor: number;
      if (state) {
        betMinor = state.betMinor;
      } else {
        // Nothing left to play out (another pass or the player finished it).
        if (input.sweeper) throw new AppError('game.bet.invalid');
        if (input.betMinor === undefined || !levels.includes(Number(input.betMinor)))
          throw new AppError('game.bet.invalid', { value: { betLevels: levels.map(String) } });
        betMinor = Number(input.betMinor);
      }
      const nonce = Number(seed.next_nonce);
      const result: SpinResult = spin({
        serverSeed: seed.server_seed,
        clientSeed: seed.client_seed,
        nonce,
        theme,
        betMinor,
        state,
        jackpotOdds,
      });
      const stake = BigInt(result.stakeMinor);
      const win = BigInt(result.winMinor);
      let contribution = 0n;
      let jackpotWin = 0n;
      let balanceBefore: bigint;
      let balanceAfter: bigint;
      let betEntryId: string | null = null;

      if (accounts && memberId !== null) {
        const { mainId, houseId, jackpotId } = accounts;
        const key = `slot:${memberId}:${input.requestId}`;
        const meta = { memberId, roundNonce: nonce, nodeId: session.nodeId };
        balanceBefore = await mainBalance(trx, session.merchantCode, session.currency, memberId);
        balanceAfter = balanceBefore;
        // Player protection (docs/decisions/030): the sweeper playing out a feature is no player.
        const played = {
          memberId,
          merchantCode: session.merchantCode,
          product: playProductOf(session.gameType),
          source: 'slot',
          ref: key,
        };
        if (stake > 0n && !input.sweeper) await deps.play?.stake(trx, { ...played, amount: stake });
        if (stake > 0n) {
          contribution =
            settings.jackpotEnabled && inJackpot ? contributionOf(stake, settings.jackpotShareBp) : 0n;
          const lines: LineInput[] = [
            { accountId: mainId, amount: -stake },
            { accountId: houseId, amount: stake - contribution },
            { accountId: jackpotId, amount: contribution },
          ].filter((l) => l.amount !== 0n);
          const posted = await wallet.post(
            {
              merchantCode: session.merchantCode,
              idempotencyKey: `${key}:bet`,
              kind: 'game.bet',
              lines,
              metadata: meta,
            },
            trx,
          );
          if (posted.replayed) throw conflict();
          betEntryId = posted.entryId;
          const mine = posted.lines.find((l) => l.accountId === mainId);
          if (!mine) throw new Error('bet entry without the member line');
          balanceBefore = mine.balanceAfter + stake;
          balanceAfter = mine.balanceAfter;
        }
        if (result.jackpotHit && settings.jackpotEnabled && inJackpot) {
          const pool = await trx
            .selectFrom('ledger_account')
            .select('balance')
            .where('id', '=', jackpotId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          jackpotWin = BigInt(pool.balance) > 0n ? BigInt(pool.balance) : 0n;
        }
        const credit = win + jackpotWin;
        if (credit > 0n) await deps.play?.payout(trx, { ...played, amount: credit });
        if (credit > 0n) {
          const reseed = jackpotWin > 0n ? settings.jackpotSeedMinor : 0n;
          const lines: LineInput[] = [
            { accountId: mainId, amount: credit },
            { accountId: houseId, amount: -win - reseed },
            { accountId: jackpotId, amount: -jackpotWin + reseed },
          ].filter((l) => l.amount !== 0n);
          const posted = await wallet.post(
            {
              merchantCode: session.merchantCode,
              idempotencyKey: `${key}:win`,
              kind: jackpotWin > 0n ? 'game.jackpot' : 'game.win',
              lines,
              metadata: { ...meta, winMinor: win.toString(), jackpotMinor: jackpotWin.toString() },
            },
            trx,
          );
          if (posted.replayed) throw conflict();
          betEntryId ??= posted.entryId;
          const mine = posted.lines.find((l) => l.accountId === mainId);
          if (!mine) throw new Error('win entry without the member line');
          balanceAfter = mine.balanceAfter;
        }
      } else {
        // Play money: the session row holds it, under a row lock.
        const row = await trx
          .selectFrom('game_session')
          .select('demo_balance_minor')
          .where('id', '=', session.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        balanceBefore = BigInt(row.demo_balance_minor ?? '0');
        if (balanceBefore < stake) throw new AppError('insufficient.balance');
        balanceAfter = balanceBefore - stake + win;
        await trx
          .updateTable('game_session')
          .set({ demo_balance_minor: balanceAfter })
          .where('id', '=', session.id)
          .execute();
      }

      // The member's pending feature of this game moves to the new round (or ends with it).
      const pending = real && (result.nextState?.freeSpinsRemaining ?? 0) > 0;
      if (memberId !== null)
        await trx
          .updateTable('game_round')
          .set({ feature_pending: false })
          .where('member_id', '=', memberId)
          .where('feature_pending', '=', true)
          .where('game_node_id', '=', session.nodeId)
          .execute();
      const bet: SlotBet = {
        fairVersion: FAIR_VERSION,
        betMinor,
        jackpotOdds,
        themeName: name,
        stateBefore: state,
      };
      const round = await trx
        .insertInto('game_round')
        .values({
          id: randomUUID(),
          merchant_code: session.merchantCode,
          member_id: session.memberId,
          mode: real ? 'real' : 'demo',
          vendor_code: session.vendorCode,
          game_node_id: session.nodeId,
          game_type: session.gameType,
          external_round_id: null,
          status: 'settled',
          stake_minor: stake,
          payout_minor: win + jackpotWin,
          balance_before_minor: balanceBefore,
          balance_after_minor: balanceAfter,
          currency: session.currency,
          opened_at: now,
          updated_at: now,
          settled_at: now,
          session_id: session.id,
          request_id: input.requestId,
          server_seed_id: seed.id,
          client_seed: seed.client_seed,
          nonce: String(nonce),
          bet: JSON.stringify(bet),
          result: JSON.stringify(result),
          jackpot_contribution_minor: contribution,
          jackpot_win_minor: jackpotWin,
          ledger_entry_id: betEntryId,
          feature_pending: pending,
        })
        .returning([...IN_HOUSE_COLUMNS])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('game_server_seed')
        .set({ next_nonce: sql`next_nonce + 1` })
        .where('id', '=', seed.id)
        .execute();
      if (real) await recordBigWin(trx, toRound(round), now);
      return {
        replayed: false,
        round: slotRoundOf(round, seed.commitment),
        balanceMinor: balanceAfter,
        memberId,
      };
    })();

  for (let attemptNo = 1; ; attemptNo++) {
    try {
      const outcome = await db.transaction().execute(attempt);
      if (outcome.replayed) outcome.balanceMinor = await sessionBalance(db, session);
      return outcome;
    } catch (error) {
      // A concurrent duplicate of the request won the unique index: answer its round.
      if (isUniqueViolation(error) && attemptNo < MAX_ATTEMPTS) continue;
      if (error instanceof SeedRotated && attemptNo < MAX_ATTEMPTS) {
        await ensureSeed(db, session.merchantCode, owner, deps.now());
        continue;
      }
      if (!isRetryable(error) || attemptNo >= MAX_ATTEMPTS) throw error;
    }
  }
};

class SeedRotated extends Error {}

/** What the game page shows on open. */
export const slotInit = async (db: Db, session: GameSession, now: Date) => {
  const { theme, minBet } = await gameTheme(db, session.nodeId);
  const levels = betLevelsOf(minBet);
  const seed = await ensureSeed(db, session.merchantCode, ownerOf(session), now);
  const state = await currentState(db, session);
  const balance = await sessionBalance(db, session);
  const settings = await readGamesSettings(db, session.merchantCode);
  return {
    theme,
    levels,
    seed: seedInfoOf(seed),
    state,
    balance,
    jackpotOdds: settings.jackpotOdds ?? DEFAULT_JACKPOT_ODDS,
    settings,
  };
};
