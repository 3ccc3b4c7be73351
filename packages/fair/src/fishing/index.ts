/** Fishing: shots as provably fair rounds, and the room's deterministic fish schedule. */
import type { Revealed } from '../originals/verify';
import { verifyReplay } from '../originals/verify';
import { type FishShotInput, fishShot } from './shot';

export {
  captureChance,
  FISH_DEFAULT_RTP_BP,
  FISH_MAX_RTP_BP,
  FISH_MIN_RTP_BP,
  FISH_SPECIES,
  type FishShotInput,
  type FishShotResult,
  type FishSpecies,
  fishRtp,
  fishShot,
  settleShots,
  speciesOf,
} from './shot';
export { FISH_WINDOW_MS, type Fish, fishAliveAt, fishBetween, fishPositionAt, fishSpawns } from './spawn';

/** The recorded fields of a shot the verifier requires. */
export const FISH_RECORDED_FIELDS = ['captured', 'multiplier', 'payoutMinor'] as const;

export type VerifyFishShotInput = Revealed &
  Omit<FishShotInput, 'serverSeed' | 'clientSeed' | 'nonce'> & {
    recorded: Partial<Record<(typeof FISH_RECORDED_FIELDS)[number], unknown>> | null | undefined;
  };

/** Replays one shot from its seeds, species, bullet and RTP; every recorded field must match. */
export const verifyFishShot = (input: VerifyFishShotInput) =>
  verifyReplay(input, input.recorded, FISH_RECORDED_FIELDS, () => fishShot(input));
