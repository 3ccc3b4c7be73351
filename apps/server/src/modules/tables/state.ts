import { LIVE_HISTORY_COUNT, type LiveRoundView, type LiveTableState } from '@khela/contract';
import type { Db } from '../../shared/db';
import { seatsOf } from './seats';
import * as store from './store';

/** What everyone at a table sees (the caller's own bets are added by `personalState`). */
export type SharedState = Omit<LiveTableState, 'mine' | 'serverTime'> & {
  roundId: string | null;
  lastId: string | null;
};

export const roundView = (r: store.RoundRow): LiveRoundView => ({
  roundNo: r.roundNo,
  state: r.state,
  opensAt: r.opensAt.getTime(),
  closesAt: r.closesAt.getTime(),
  commitment: r.commitment,
  clientSeed: r.clientSeed,
  serverSeed: r.state === 'betting' ? null : r.serverSeed,
  outcome: r.state === 'betting' ? null : r.outcome,
  resultCode: r.state === 'betting' ? null : r.resultCode,
});

export const tableView = (t: store.TableRow) => ({
  id: t.id,
  game: t.game,
  name: t.name,
  minBetMinor: String(t.minBetMinor),
  maxBetMinor: String(t.maxBetMinor),
  bettingMs: t.bettingMs,
  seats: t.seats,
});

export const sharedState = async (db: Db, table: store.TableRow): Promise<SharedState> => {
  const [round, [last], history, seats] = await Promise.all([
    store.openRound(db, table.id),
    store.finishedRounds(db, table.id, 1),
    store.historiesOf(db, [table.id], LIVE_HISTORY_COUNT),
    seatsOf(db, table.id),
  ]);
  const totals: Record<string, bigint> = {};
  const bettors = new Set<number>();
  if (round)
    for (const bet of await store.betsOfRound(db, round.id)) {
      totals[bet.kind] = (totals[bet.kind] ?? 0n) + bet.stakeMinor;
      bettors.add(bet.memberId);
    }
  return {
    table: tableView(table),
    round: round ? roundView(round) : null,
    last: last ? roundView(last) : null,
    history: history.get(table.id) ?? [],
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])),
    players: bettors.size,
    seats,
    roundId: round?.id ?? null,
    lastId: last?.id ?? null,
  };
};

/** The member's part: stakes on the open round, stake and payout of the last finished round. */
export const personalState = async (
  db: Db,
  shared: SharedState,
  memberId: number | null,
  now: Date,
): Promise<LiveTableState> => {
  const { roundId, lastId, ...rest } = shared;
  const mine: LiveTableState['mine'] = {
    open: {},
    lastRoundNo: null,
    lastStakeMinor: '0',
    lastPayoutMinor: '0',
  };
  if (memberId !== null) {
    const rows = await db
      .selectFrom('live_bet')
      .select(['round_id', 'kind', 'stake_minor', 'payout_minor'])
      .where('member_id', '=', memberId)
      .where('round_id', 'in', [roundId ?? '0', lastId ?? '0'])
      .execute();
    let stake = 0n;
    let payout = 0n;
    for (const r of rows) {
      if (String(r.round_id) === roundId)
        mine.open[r.kind] = String(BigInt(mine.open[r.kind] ?? '0') + BigInt(r.stake_minor));
      else {
        stake += BigInt(r.stake_minor);
        payout += BigInt(r.payout_minor ?? '0');
      }
    }
    if (lastId !== null && rows.some((r) => String(r.round_id) === lastId)) {
      mine.lastRoundNo = shared.last?.roundNo ?? null;
      mine.lastStakeMinor = String(stake);
      mine.lastPayoutMinor = String(payout);
    }
  }
  return { serverTime: now.getTime(), ...rest, mine };
};
