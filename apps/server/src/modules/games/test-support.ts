import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { engineOfRow } from './engine-service';

/** Test support for the games module: launch, open a game session, spin. */

type Json = Record<string, unknown>;

/**
 * The node ids of some enabled RNG games of a vendor (PG offers demo) that play `engine` (the
 * classic 5×3 slot by default: the catalogue maps other entries to the other in-house engines).
 */
export const gamesOf = async (db: Kysely<DB>, vendor = 'PG', count = 3, engine = 'classic') =>
  (
    await db
      .selectFrom('game')
      .select(['node_id', 'display_name', 'classify'])
      .where('vendor_code', '=', vendor)
      .where('game_type', '=', 'RNG')
      .where('enabled', '=', true)
      .orderBy('node_id')
      .execute()
  )
    .filter((r) => engineOfRow(r) === engine)
    .slice(0, count)
    .map((r) => r.node_id);

export const launch = (app: App, token: string | null, query: Record<string, string | number>) =>
  app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?${new URLSearchParams(
      Object.entries({ launchMode: 'GLS', ...query }).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()}`,
    headers: token ? { authorization: token } : {},
  });

export const tokenOfUrl = (url: string) => new URL(url, 'http://x').searchParams.get('t') ?? '';

export const exchange = (app: App, launchToken: string) =>
  app.inject({ method: 'POST', url: '/wps/game/session', payload: { token: launchToken } });

/** Launches a game and exchanges the token: the game session token. */
export const openGame = async (app: App, memberToken: string | null, nodeId: string, accountType = 1) => {
  const res = await launch(app, memberToken, { nodeId, accountType });
  if (res.statusCode !== 200) throw new Error(`launch ${res.statusCode} ${res.body}`);
  const url = (res.json() as { value: { content: { game_url: string } } }).value.content.game_url;
  const opened = await exchange(app, tokenOfUrl(url));
  if (opened.statusCode !== 200) throw new Error(`session ${opened.statusCode} ${opened.body}`);
  return (opened.json() as { value: { sessionToken: string } }).value.sessionToken;
};

export const slot = (app: App, session: string, method: 'GET' | 'POST', path: string, payload?: Json) =>
  app.inject({
    method,
    url: `/wps/game/slot/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });

export const spinOnce = (
  app: App,
  session: string,
  betMinor: number | string | undefined,
  requestId: string = randomUUID(),
) =>
  slot(app, session, 'POST', 'spin', {
    requestId,
    ...(betMinor === undefined ? {} : { betMinor: String(betMinor) }),
  });

export type SpinValue = {
  roundId: string;
  replayed: boolean;
  stakeMinor: string;
  payoutMinor: string;
  jackpotWinMinor: string;
  balanceMinor: string;
  balanceBeforeMinor: string | null;
  balanceAfterMinor: string | null;
  nonce: number;
  result: { kind: string; winMinor: number; jackpotHit: boolean; freeSpinsRemaining: number };
  jackpot: { poolMinor: string };
};

export const spinValue = (res: { body: string }) => (JSON.parse(res.body) as { value: SpinValue }).value;
