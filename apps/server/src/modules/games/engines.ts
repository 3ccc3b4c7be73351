import type { InHouseEngine } from '@khela/contract';
import {
  type BaccaratBet,
  BLACKJACK_ACTIONS,
  type BlackjackAction,
  blackjackView,
  type DragonTigerBet,
  type EngineVolatility,
  FairError,
  FISH_DEFAULT_RTP_BP,
  fishShot,
  gameEngineFor,
  MINES_CELLS,
  minesLayout,
  minesMultiplier,
  playBaccarat,
  playBlackjack,
  playDice,
  playDragonTiger,
  playKeno,
  playLimbo,
  playMines,
  playPlinko,
  playRoulette,
  playScratch,
  playSicBo,
  playTower,
  playVideoPoker,
  playWheel,
  type RouletteBet,
  type RoundSeeds,
  type SicBoBet,
  slotLookFor,
  spinCluster,
  spinHoldWin,
  spinMegaways,
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  type TowerDifficulty,
  towerLayout,
  towerMultiplier,
} from '@khela/fair';
import { AppError } from '../../http/errors';

/**
 * Which in-house engine a catalogue game plays, and the pure part of playing it
 * (docs/decisions/032-in-house-engines-play.md). Outcomes come from @khela/fair only; this file
 * maps the catalogue to an engine, fills in and checks the bet's parameters, and shapes what the
 * player may see of an unfinished mines/tower round.
 */

export type EngineGame = { nodeId: string; name: string; classify: readonly string[] };

/**
 * The engine of a game (@khela/fair `gameEngineFor`): an original when its name says one (crash
 * plays limbo until shared crash rounds are served); else a slot engine from the catalogue's
 * classify tags and name (megaways, cluster, hold-and-win or the classic 5×3). Roulette, dragon tiger and
 * sic bo, baccarat, blackjack and keno by their names (ADR 034, 043), video poker ("… Poker", "Jacks or
 * Better") and scratch cards (ADR 049); other table games keep the classic slot until their engines
 * are served.
 */
export const engineOf = (game: EngineGame): InHouseEngine =>
  game.classify.includes('fishing')
    ? 'fishing'
    : game.classify.includes('scratch')
      ? 'scratch'
      : gameEngineFor(game);

/** Engines whose round stays open between the player's steps (mines, tower, blackjack, video poker). */
export const isMultiStep = (
  engine: InHouseEngine,
): engine is 'mines' | 'tower' | 'blackjack' | 'video-poker' =>
  engine === 'mines' || engine === 'tower' || engine === 'blackjack' || engine === 'video-poker';

/** The card rounds kept open between decisions: their state is a pure function of the picks. */
export type CardRoundEngine = 'blackjack' | 'video-poker';
export const isCardRound = (engine: InHouseEngine): engine is CardRoundEngine =>
  engine === 'blackjack' || engine === 'video-poker';

/** Blackjack's actions from a round's picks (each the index of its action). */
export const blackjackActionsOf = (picks: readonly number[]): BlackjackAction[] =>
  picks.map((p) => {
    const action = BLACKJACK_ACTIONS[p];
    if (!action) throw new AppError('game.input.invalid', { value: { reason: 'not a blackjack action' } });
    return action;
  });

/** The picks that finish an idle blackjack round: no insurance, then stand on every hand left. */
export const blackjackFinishing = (seeds: RoundSeeds, betMinor: number, picks: readonly number[]) => {
  const next = [...picks];
  for (let at = blackjackAt(seeds, betMinor, next); !at.settled; at = blackjackAt(seeds, betMinor, next))
    next.push(BLACKJACK_ACTIONS.indexOf(at.state.phase === 'insurance' ? 'noInsurance' : 'stand'));
  return next;
};

/**
 * Blackjack after `picks`: the whole state (server side), what the player may see of it, and
 * whether it is settled. A refused action is a 400, nothing written.
 */
export const blackjackAt = (seeds: RoundSeeds, betMinor: number, picks: readonly number[]) =>
  fairInput(() => {
    const state = playBlackjack({ ...seeds, betMinor, actions: blackjackActionsOf(picks) });
    return {
      state,
      settled: state.phase === 'settled',
      view: blackjackView(state) as unknown as Record<string, unknown>,
    };
  });

/**
 * Video poker after `picks` (ADR 049): none, the deal; one, the hold mask and the draw. The open
 * round hides nothing (the deck order is never in the state). A second hold is a 400.
 */
export const videoPokerAt = (seeds: RoundSeeds, betMinor: number, picks: readonly number[]) =>
  fairInput(() => {
    const state = playVideoPoker({ ...seeds, betMinor, holds: picks });
    return {
      state,
      settled: state.phase === 'settled',
      view: state as unknown as Record<string, unknown>,
    };
  });

/** An idle video poker round is finished by holding every card (the dealt hand is paid). */
export const videoPokerFinishing = (_seeds: RoundSeeds, _betMinor: number, picks: readonly number[]) =>
  picks.length === 0 ? [31] : [...picks];

/** The state, view and finishing picks of a card round, by engine. */
export const cardRoundOf = (engine: CardRoundEngine) =>
  engine === 'blackjack'
    ? { at: blackjackAt, finishing: blackjackFinishing }
    : { at: videoPokerAt, finishing: videoPokerFinishing };

export type EngineParams = {
  direction?: 'under' | 'over' | undefined;
  target?: number | undefined;
  targetX100?: number | undefined;
  rows?: number | undefined;
  risk?: 'low' | 'medium' | 'high' | undefined;
  segments?: number | undefined;
  mines?: number | undefined;
  difficulty?: TowerDifficulty | undefined;
  speciesId?: number | undefined;
  spots?: number[] | undefined;
  bets?:
    | { kind: string; numbers?: number[] | undefined; at?: number | undefined; chips?: number | undefined }[]
    | undefined;
};

/** The parameters a round records: the player's, with the defaults of what they left out. */
export const paramsOf = (engine: InHouseEngine, p: EngineParams, game: EngineGame) => {
  switch (engine) {
    case 'dice':
      return { direction: p.direction ?? 'under', target: p.target ?? 5_000 };
    case 'limbo':
      return { targetX100: p.targetX100 ?? 200 };
    case 'plinko':
      return { rows: p.rows ?? 8, risk: p.risk ?? 'low' };
    case 'wheel':
      return { segments: p.segments ?? 10, risk: p.risk ?? 'low' };
    case 'mines':
      return { mines: p.mines ?? 3 };
    case 'tower':
      return { difficulty: p.difficulty ?? 'easy' };
    case 'keno':
      return { spots: p.spots ?? [] };
    case 'blackjack':
    case 'video-poker':
    case 'scratch':
      // The actions (blackjack) or the hold (video poker) are the round's picks; the rules and
      // paytables are the engine's (ADR 043, 049).
      return {};
    case 'roulette':
    case 'dragon-tiger':
    case 'sic-bo':
    case 'baccarat':
      // The bets as given (the engine checks them); `betMinor` is the chip.
      return { bets: p.bets ?? [] };
    case 'fishing':
      // The bullet's RTP is the room's (the default), never the player's choice.
      return { speciesId: p.speciesId ?? 0, rtpBp: FISH_DEFAULT_RTP_BP };
    default:
      // Slot engines: the volatility is the game's (its look), never the player's choice.
      return { volatility: slotLookFor(game).volatility as EngineVolatility };
  }
};

/** A @khela/fair refusal of the player's parameters or step: 400, nothing written. */
export const fairInput = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof FairError)
      throw new AppError('game.input.invalid', { value: { reason: error.message } });
    throw error;
  }
};

type Params = Record<string, unknown>;
const num = (v: unknown) => v as number;

/**
 * One settled round of a one-step engine (dice, limbo, plinko, wheel, roulette and the slot
 * engines). Its stake is the result's `stakeMinor` (roulette: the chip × the chips of its bets).
 */
export const playInstant = (engine: InHouseEngine, seeds: RoundSeeds, betMinor: number, params: Params) =>
  fairInput((): { payoutMinor: number } & Record<string, unknown> => {
    switch (engine) {
      case 'dice':
        return playDice({
          ...seeds,
          betMinor,
          direction: params.direction as 'under' | 'over',
          target: num(params.target),
        });
      case 'limbo':
        return playLimbo({ ...seeds, betMinor, targetX100: num(params.targetX100) });
      case 'plinko':
        return playPlinko({
          ...seeds,
          betMinor,
          rows: num(params.rows),
          risk: params.risk as 'low',
        });
      case 'wheel':
        return playWheel({ ...seeds, betMinor, segments: num(params.segments), risk: params.risk as 'low' });
      case 'roulette':
        return playRoulette({ ...seeds, betMinor, bets: params.bets as RouletteBet[] });
      case 'dragon-tiger':
        return playDragonTiger({ ...seeds, betMinor, bets: params.bets as DragonTigerBet[] });
      case 'sic-bo':
        return playSicBo({ ...seeds, betMinor, bets: params.bets as SicBoBet[] });
      case 'keno':
        return playKeno({ ...seeds, betMinor, spots: params.spots as number[] });
      case 'baccarat':
        return playBaccarat({ ...seeds, betMinor, bets: params.bets as BaccaratBet[] });
      case 'scratch':
        return playScratch({ ...seeds, betMinor });
      case 'cluster':
        return spinCluster({ ...seeds, betMinor, volatility: params.volatility as EngineVolatility });
      case 'holdwin':
        return spinHoldWin({ ...seeds, betMinor, volatility: params.volatility as EngineVolatility });
      case 'megaways':
        return spinMegaways({ ...seeds, betMinor, volatility: params.volatility as EngineVolatility });
      case 'fishing':
        // Each shot is one round: the bullet is the stake.
        return fishShot({
          ...seeds,
          bulletMinor: betMinor,
          speciesId: num(params.speciesId),
          rtpBp: num(params.rtpBp),
        });
      default:
        throw new FairError('bad_range', `${engine} is not a one-step engine`);
    }
  });

/** Checks a multi-step round's parameters before anything is written (the layout is drawn later). */
export const checkMultiStepParams = (engine: 'mines' | 'tower', seeds: RoundSeeds, params: Params) =>
  fairInput(() =>
    engine === 'mines'
      ? minesLayout({ ...seeds, mines: num(params.mines) })
      : towerLayout({ ...seeds, difficulty: params.difficulty as TowerDifficulty }),
  );

/** Where a mines/tower round stands after `picks`. */
export type StepState = {
  /** Safe cells / levels cleared. */
  safe: number;
  lost: boolean;
  /** Nothing left to reveal: the round cashes out by itself. */
  complete: boolean;
};

export const stepState = (
  engine: 'mines' | 'tower',
  seeds: RoundSeeds,
  params: Params,
  picks: readonly number[],
): StepState => {
  if (engine === 'mines') {
    const mines = num(params.mines);
    const layout = minesLayout({ ...seeds, mines });
    const lost = picks.some((c) => layout.includes(c));
    const safe = picks.filter((c) => !layout.includes(c)).length;
    return { safe, lost, complete: !lost && safe === MINES_CELLS - mines };
  }
  const traps = towerLayout({ ...seeds, difficulty: params.difficulty as TowerDifficulty });
  const lost = picks.some((tile, level) => (traps[level] ?? []).includes(tile));
  const safe = lost ? picks.length - 1 : picks.length;
  return { safe, lost, complete: !lost && safe === TOWER_LEVELS };
};

/** Refuses a pick the game does not allow (a cell revealed twice, a tile off the level). */
export const checkPick = (
  engine: 'mines' | 'tower',
  params: Params,
  picks: readonly number[],
  pick: number,
) => {
  if (engine === 'mines') {
    if (pick >= MINES_CELLS || picks.includes(pick))
      throw new AppError('game.input.invalid', { value: { reason: 'a cell of the board, once' } });
    return;
  }
  const level = TOWER_DIFFICULTIES[params.difficulty as TowerDifficulty];
  if (!level || pick >= level.tiles || picks.length >= TOWER_LEVELS)
    throw new AppError('game.input.invalid', { value: { reason: 'a tile of the next level' } });
};

/** The settled result of a finished mines/tower round (the whole board, for verification). */
export const settleMultiStep = (
  engine: 'mines' | 'tower',
  seeds: RoundSeeds,
  betMinor: number,
  params: Params,
  picks: number[],
) =>
  fairInput((): { payoutMinor: number } & Record<string, unknown> =>
    engine === 'mines'
      ? playMines({ ...seeds, betMinor, mines: num(params.mines), picks })
      : playTower({ ...seeds, betMinor, difficulty: params.difficulty as TowerDifficulty, picks }),
  );

/** What the player sees of an open round: the picks and the cash-out multiplier, never the board. */
export const openView = (engine: 'mines' | 'tower', params: Params, picks: number[], safe: number) => ({
  game: engine,
  picks,
  safeCount: safe,
  multiplier:
    safe === 0
      ? null
      : engine === 'mines'
        ? minesMultiplier(num(params.mines), safe)
        : towerMultiplier(params.difficulty as TowerDifficulty, safe),
});
