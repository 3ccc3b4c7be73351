import { DEFAULT_JACKPOT_ODDS, FAIR_VERSION, type SpinResult } from '@khela/fair';
import type { Db } from '../../shared/db';
import { memberCreditOf } from '../wallet';
import type { EngineBet } from './engine-round';

/**
 * The proof of an in-house round (`GET /wps/game/round/proof`, the betting record's detail, the
 * back office): everything the @khela/fair verifier of its engine needs, the server seed once
 * revealed, the round's recorded payout and what the ledger credited the member for it (the
 * verify page checks one against the other; null for free play, which never touches the ledger).
 */
export const roundProof = async (db: Db, roundId: string) => {
  const row = await db
    .selectFrom('game_round as r')
    .innerJoin('game_server_seed as s', 's.id', 'r.server_seed_id')
    .select([
      'r.id',
      'r.game_node_id',
      'r.client_seed',
      'r.nonce',
      'r.bet',
      'r.result',
      'r.opened_at',
      'r.mode',
      'r.member_id',
      'r.request_id',
      'r.payout_minor',
      'r.jackpot_win_minor',
      's.commitment',
      's.server_seed',
      's.revealed_at',
    ])
    .where('r.id', '=', roundId)
    .executeTakeFirst();
  if (!row || row.game_node_id === null) return null;
  const bet = (row.bet ?? {}) as Partial<SlotBet & EngineBet>;
  const engine = bet.engine ?? 'classic';
  // The classic slot's recorded fields (the other engines' are in `engineRecorded`).
  const result = (engine === 'classic' ? (row.result ?? {}) : {}) as Partial<SpinResult>;
  // The win entry of the round: the slot keys it by member and request, the engines by round.
  const winKey =
    engine === 'classic' ? `slot:${row.member_id}:${row.request_id}:win` : `engine:${row.id}:win`;
  const ledgerPayoutMinor =
    row.mode === 'real' && row.member_id !== null ? await memberCreditOf(db, row.member_id, [winKey]) : null;
  return {
    roundId: row.id,
    engine,
    fairVersion: bet.fairVersion ?? FAIR_VERSION,
    nodeId: row.game_node_id,
    theme: { nodeId: row.game_node_id, name: bet.themeName ?? '' },
    commitment: row.commitment,
    serverSeed: row.revealed_at ? row.server_seed : null,
    clientSeed: row.client_seed ?? '',
    nonce: Number(row.nonce ?? 0),
    betMinor: bet.betMinor ?? 0,
    jackpotOdds: bet.jackpotOdds ?? DEFAULT_JACKPOT_ODDS,
    state: (bet.stateBefore ?? null) as Record<string, unknown> | null,
    recorded: {
      stops: result.stops ?? [],
      winMinor: result.winMinor ?? 0,
      jackpotHit: result.jackpotHit ?? false,
      freeSpinsAwarded: result.freeSpinsAwarded ?? 0,
      freeSpinsRemaining: result.freeSpinsRemaining ?? 0,
    },
    params: engine === 'classic' ? {} : (bet.params ?? {}),
    /** The engine's whole recorded result (null for the classic slot: `recorded` holds its fields). */
    engineRecorded: engine === 'classic' ? null : (row.result ?? {}),
    mode: row.mode,
    payoutMinor: BigInt(row.payout_minor).toString(),
    jackpotWinMinor: BigInt(row.jackpot_win_minor).toString(),
    ledgerPayoutMinor: ledgerPayoutMinor === null ? null : ledgerPayoutMinor.toString(),
    createdAt: new Date(row.opened_at).getTime(),
  };
};

type SlotBet = {
  fairVersion: number;
  betMinor: number;
  jackpotOdds: number;
  themeName: string;
  stateBefore: unknown;
};
