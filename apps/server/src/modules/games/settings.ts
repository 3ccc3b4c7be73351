import type { Db } from '../../shared/db';

/**
 * Per-merchant game settings (`games_setting`); a merchant without a row uses the defaults
 * below until the back office saves one.
 */
export type GamesSettings = {
  /** Share of every in-house paid stake paid into the jackpot pool, basis points (100 = 1 %). */
  jackpotShareBp: number;
  /** What the house puts into the pool when it is created and after every payout, minor units. */
  jackpotSeedMinor: bigint;
  jackpotEnabled: boolean;
  /** Odds of the jackpot draw on a paid spin (1 in N); null: the engine's DEFAULT_JACKPOT_ODDS. */
  jackpotOdds: number | null;
  /** A settled round paying at least this much goes on the winner board, minor units. */
  bigWinMinMinor: bigint;
};

export const DEFAULT_GAMES_SETTINGS: GamesSettings = {
  jackpotShareBp: 100,
  jackpotSeedMinor: 100_000n,
  jackpotEnabled: true,
  jackpotOdds: null,
  bigWinMinMinor: 10_000n,
};

export const readGamesSettings = async (db: Db, merchantCode: string): Promise<GamesSettings> => {
  const row = await db
    .selectFrom('games_setting')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_GAMES_SETTINGS };
  return {
    jackpotShareBp: row.jackpot_share_bp,
    jackpotSeedMinor: BigInt(row.jackpot_seed_minor),
    jackpotEnabled: row.jackpot_enabled,
    jackpotOdds: row.jackpot_odds,
    bigWinMinMinor: BigInt(row.big_win_min_minor),
  };
};

export const writeGamesSettings = async (db: Db, merchantCode: string, s: GamesSettings, at: Date) => {
  const values = {
    jackpot_share_bp: s.jackpotShareBp,
    jackpot_seed_minor: s.jackpotSeedMinor.toString(),
    jackpot_enabled: s.jackpotEnabled,
    jackpot_odds: s.jackpotOdds,
    big_win_min_minor: s.bigWinMinMinor.toString(),
    updated_at: at,
  };
  await db
    .insertInto('games_setting')
    .values({ merchant_code: merchantCode, ...values })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
    .execute();
};
