import { type Actor, assertCan } from '../staff';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** What the owning modules report per UTC day and merchant (minor units). */
export type MoneySources = {
  cashier: (
    from: Date,
    merchant?: string,
  ) => Promise<{ day: string; merchant: string; deposits: bigint; withdrawals: bigint }[]>;
  play: (
    from: Date,
    merchant?: string,
  ) => Promise<{
    days: { day: string; merchant: string; bets: bigint; wins: bigint; players: number }[];
    playersPerMerchant: Map<string, number>;
  }>;
  bonus: (from: Date, merchant?: string) => Promise<{ day: string; merchant: string; bonusCost: bigint }[]>;
};

type Sums = {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  wins: bigint;
  bonusCost: bigint;
  players: number;
};
const zero = (): Sums => ({ deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonusCost: 0n, players: 0 });

/** The figures as the contract shows them: minor units as decimal strings, net and GGR derived. */
const shown = (s: Sums) => ({
  deposits: s.deposits.toString(),
  withdrawals: s.withdrawals.toString(),
  netDeposits: (s.deposits - s.withdrawals).toString(),
  bets: s.bets.toString(),
  wins: s.wins.toString(),
  ggr: (s.bets - s.wins).toString(),
  bonusCost: s.bonusCost.toString(),
  activePlayers: s.players,
});

/**
 * The back office's money dashboard: deposits, withdrawals, net deposits, bets, wins, GGR
 * (bets − wins), bonus cost and active players per UTC day (the last `days`, today included)
 * and per merchant over the window. Each figure comes from the module owning it.
 */
export const createMoneyDashboard = ({ sources, now }: { sources: MoneySources; now: () => Date }) => ({
  figures: async (actor: Actor, merchant: string | undefined, days: number) => {
    assertCan(actor, 'dashboard.read');
    const today = new Date(`${dayKey(now())}T00:00:00Z`);
    const from = new Date(today.getTime() - (days - 1) * DAY_MS);
    const [cashier, play, bonus] = await Promise.all([
      sources.cashier(from, merchant),
      sources.play(from, merchant),
      sources.bonus(from, merchant),
    ]);
    const perDay = new Map<string, Sums>();
    const perMerchant = new Map<string, Sums>();
    const sumsOf = (map: Map<string, Sums>, key: string) => {
      let sums = map.get(key);
      if (!sums) {
        sums = zero();
        map.set(key, sums);
      }
      return sums;
    };
    const add = (day: string, code: string, change: (s: Sums) => void) => {
      change(sumsOf(perDay, day));
      change(sumsOf(perMerchant, code));
    };
    for (const r of cashier)
      add(r.day, r.merchant, (s) => {
        s.deposits += r.deposits;
        s.withdrawals += r.withdrawals;
      });
    for (const r of play.days) {
      add(r.day, r.merchant, (s) => {
        s.bets += r.bets;
        s.wins += r.wins;
      });
      // Players of a day: distinct per merchant, and no member plays for two merchants.
      sumsOf(perDay, r.day).players += r.players;
    }
    for (const r of bonus)
      add(r.day, r.merchant, (s) => {
        s.bonusCost += r.bonusCost;
      });
    for (const [code, players] of play.playersPerMerchant) sumsOf(perMerchant, code).players = players;
    const series = Array.from({ length: days }, (_, i) => {
      const day = dayKey(new Date(from.getTime() + i * DAY_MS));
      return { day, ...shown(perDay.get(day) ?? zero()) };
    });
    const merchants = [...perMerchant.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, sums]) => ({ merchant: code, ...shown(sums) }));
    const total = zero();
    for (const sums of perMerchant.values()) {
      total.deposits += sums.deposits;
      total.withdrawals += sums.withdrawals;
      total.bets += sums.bets;
      total.wins += sums.wins;
      total.bonusCost += sums.bonusCost;
      total.players += sums.players;
    }
    return { days: series, merchants, total: shown(total) };
  },
});

export type MoneyDashboard = ReturnType<typeof createMoneyDashboard>;
