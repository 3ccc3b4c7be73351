import { z } from 'zod';
import { minorAmount } from '../wallet/schemas';
import { decimal, json, minor } from './fields';
import { seedInfo } from './schemas';

/**
 * The in-house engines besides the classic 5×3 slot (docs/decisions/032-in-house-engines-play.md):
 * originals (dice, limbo, plinko, wheel, mines, tower) and the cluster / hold-and-win / megaways
 * slots. Same game session (`X-Game-Session`) and seed pair as the slot calls.
 */

export const IN_HOUSE_ENGINES = [
  'classic',
  'cluster',
  'holdwin',
  'megaways',
  'dice',
  'limbo',
  'plinko',
  'wheel',
  'mines',
  'tower',
  'fishing',
  'roulette',
  'dragon-tiger',
  'sic-bo',
  'baccarat',
  'blackjack',
  'keno',
  'video-poker',
  'scratch',
] as const;
export type InHouseEngine = (typeof IN_HOUSE_ENGINES)[number];
/** Engines whose round takes several steps (kept open server-side, settled once). */
export const MULTI_STEP_ENGINES: readonly InHouseEngine[] = ['mines', 'tower', 'blackjack', 'video-poker'];
/** Blackjack: a step's `pick` is the index of its action here (docs/decisions/043-table-games.md). */
export const BLACKJACK_STEP_ACTIONS = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'noInsurance',
] as const;

const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'game.request.id');

/** The game's parameters (checked by the engine: a bad one answers 400 `game.input.invalid`). */
export const engineParams = z
  .object({
    direction: z.enum(['under', 'over']),
    target: z.number().int(),
    targetX100: z.number().int(),
    rows: z.number().int(),
    risk: z.enum(['low', 'medium', 'high']),
    segments: z.number().int(),
    mines: z.number().int(),
    difficulty: z.enum(['easy', 'medium', 'hard', 'expert', 'master']),
    /** Fishing: the species of the fish the bullet hits (its capture chance and multipliers). */
    speciesId: z.number().int(),
    /** Keno: the numbers marked (1–10 of 1..80; checked by the engine). */
    spots: z.array(z.number().int()).max(10),
    /** Roulette, dragon tiger, sic bo: the round's bets (each `chips` × the chip `betMinor`; checked by the engine). */
    bets: z
      .array(
        z.object({
          kind: z.string().max(16),
          numbers: z.array(z.number().int()).max(6).optional(),
          at: z.number().int().optional(),
          chips: z.number().int().optional(),
        }),
      )
      .max(40),
  })
  .partial();

export const enginePlayBody = z.object({
  /** The client's id of this round request: a repeat returns the first answer. */
  requestId,
  /** One of betLevels. */
  betMinor: minorAmount,
  params: engineParams.default({}),
});

export const engineStepBody = z.object({
  roundId: z.uuid(),
  /**
   * Mines: the cell 0–24; tower: the tile of the next level; blackjack: the action
   * (BLACKJACK_STEP_ACTIONS index); video poker: the hold mask 0–31 (bit i holds card i).
   */
  pick: z.number().int().min(0).max(31),
  /**
   * How many picks the round had before this one (the step's index): a retried step is then
   * answered as it was. Without it a mines pick equal to the last one is taken as the retry.
   */
  index: z.number().int().min(0).max(63).optional(),
});

export const engineCashoutBody = z.object({ roundId: z.uuid() });

export const engineRound = z.object({
  roundId: z.string(),
  engine: z.enum(IN_HOUSE_ENGINES),
  status: z.enum(['open', 'settled', 'cancelled']),
  nonce: z.number().int(),
  clientSeed: z.string(),
  commitment: z.string(),
  stake: decimal,
  stakeMinor: minor,
  payout: decimal,
  payoutMinor: minor,
  balanceBeforeMinor: minor.nullable(),
  balanceAfterMinor: minor.nullable(),
  /** The bet's parameters (engine inputs besides the seeds and the bet). */
  params: json,
  /**
   * The @khela/fair result once settled; for an open mines/tower round only what the player
   * has seen: `{ picks, safeCount | climbed, multiplier }` (the board stays secret).
   */
  result: json,
  createdAt: z.number().int(),
});

export const enginePlayValue = engineRound.extend({
  /** True when this answers a repeated request (nothing new happened). */
  replayed: z.boolean(),
  balance: decimal,
  balanceMinor: minor,
});

export const engineInitValue = z.object({
  nodeId: z.string(),
  gameName: z.string(),
  engine: z.enum(IN_HOUSE_ENGINES),
  mode: z.enum(['real', 'demo']),
  currency: z.string(),
  currencySymbol: z.string(),
  balance: decimal,
  balanceMinor: minor,
  betLevels: z.array(minor),
  defaultBetMinor: minor,
  seed: seedInfo,
  /** The look of a slot engine (@khela/fair `SlotLook`), null for originals. */
  look: json.nullable(),
  /** The unfinished mines/tower round of this game, if any. */
  open: engineRound.nullable(),
});
