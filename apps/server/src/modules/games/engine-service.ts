import type { InHouseEngine } from '@khela/contract';
import { slotLookFor } from '@khela/fair';
import { AppError } from '../../http/errors';
import { playEngine } from './engine-play';
import { type EngineDeps, type EngineOutcome, openEngineRound } from './engine-round';
import { stepEngine } from './engine-steps';
import { type EngineGame, type EngineParams, engineOf, isMultiStep } from './engines';
import type { GameSession } from './launch';
import { ensureSeed, ownerOf, seedInfoOf } from './seeds';
import { formatMinorString, sessionBalance } from './slot';
import { betLevelsOf } from './slot-offer';
import { findGameByNode, type GameRow, nameIn } from './store';

/** The engine of a catalogue row. */
export const engineOfRow = (game: Pick<GameRow, 'node_id' | 'display_name' | 'classify'>): InHouseEngine =>
  engineOf({ nodeId: game.node_id, name: nameIn(game.display_name, 'en'), classify: game.classify ?? [] });

type Deps = EngineDeps & {
  /** The in-house game session of a `X-Game-Session` token (404 for another provider's game). */
  sessionOf: (token: string | undefined) => Promise<GameSession>;
  merchantOf: (code: string) => { currency: string; currencySymbol: string };
  /** After a commit that moved a member's money. */
  published: (memberId: number) => void;
};

/** The game page's engine calls: init, play, step, cash-out (docs/decisions/032-in-house-engines-play.md). */
export const createEngineCalls = (deps: Deps) => {
  const { db } = deps;

  const gameOf = async (session: GameSession) => {
    const row = await findGameByNode(db, session.nodeId);
    if (!row) throw new AppError('game.unavailable');
    const game: EngineGame = {
      nodeId: row.node_id,
      name: nameIn(row.display_name, 'en'),
      classify: row.classify ?? [],
    };
    return { ...game, engine: engineOf(game), minBet: row.min_bet, row };
  };

  /** An engine session: the classic slot has its own calls (`/wps/game/slot/*`). */
  const engineSession = async (token: string | undefined) => {
    const session = await deps.sessionOf(token);
    const game = await gameOf(session);
    if (game.engine === 'classic') throw new AppError('game.unavailable');
    return { session, game };
  };

  const answer = (outcome: EngineOutcome) => {
    if (!outcome.replayed && outcome.memberId !== null) deps.published(outcome.memberId);
    return {
      ...outcome.round,
      replayed: outcome.replayed,
      balance: formatMinorString(outcome.balanceMinor),
      balanceMinor: outcome.balanceMinor.toString(),
    };
  };

  const init = async (token: string | undefined) => {
    const { session, game } = await engineSession(token);
    const merchant = deps.merchantOf(session.merchantCode);
    const levels = betLevelsOf(game.minBet);
    const seed = await ensureSeed(db, session.merchantCode, ownerOf(session), deps.now());
    const balance = await sessionBalance(db, session);
    const slotEngine = ['cluster', 'holdwin', 'megaways'].includes(game.engine);
    return {
      nodeId: session.nodeId,
      gameName: nameIn(game.row.display_name, session.language) || game.name,
      engine: game.engine,
      mode: session.mode,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      balance: formatMinorString(balance),
      balanceMinor: balance.toString(),
      betLevels: levels.map(String),
      defaultBetMinor: String(levels.find((l) => l >= 100) ?? levels[0] ?? 20),
      seed: seedInfoOf(seed),
      look: slotEngine ? (slotLookFor(game) as unknown as Record<string, unknown>) : null,
      open: isMultiStep(game.engine) ? await openEngineRound(db, session) : null,
    };
  };

  const play = async (
    token: string | undefined,
    body: { requestId: string; betMinor: bigint; params: EngineParams },
  ) => {
    const { session, game } = await engineSession(token);
    return answer(await playEngine(deps, session, game, body));
  };

  const step = async (
    token: string | undefined,
    body: { roundId: string; pick: number; index?: number | undefined },
  ) => {
    const { session, game } = await engineSession(token);
    return answer(await stepEngine(deps, session, game.engine, body));
  };

  const cashout = async (token: string | undefined, body: { roundId: string }) => {
    const { session, game } = await engineSession(token);
    return answer(await stepEngine(deps, session, game.engine, { roundId: body.roundId, pick: null }));
  };

  return { init, play, step, cashout, engineOfSession: async (s: GameSession) => (await gameOf(s)).engine };
};

export type EngineCalls = ReturnType<typeof createEngineCalls>;
