/**
 * Verification of a cluster, hold-and-win or megaways round from its recorded fields: the round is
 * replayed from the revealed seeds, the bet and the volatility, and every required recorded field
 * must be present and equal (a missing one fails verification, never counts as a match).
 */
import { type Revealed, verifyReplay } from '../originals/verify';
import { FairError } from '../rng';
import { spinCluster } from './cluster';
import type { EngineVolatility } from './common';
import { spinHoldWin } from './holdwin';
import { spinMegaways } from './megaways';

export const SLOT_RECORDED_FIELDS = {
  cluster: ['cells', 'payoutMinor'],
  holdwin: ['stops', 'cash', 'held', 'payoutMinor'],
  megaways: ['heights', 'stops', 'payoutMinor'],
} as const;

export type VerifySlotInput = Revealed & {
  game: 'cluster' | 'holdwin' | 'megaways';
  betMinor: number;
  volatility: EngineVolatility;
  recorded: Record<string, unknown> | null | undefined;
};

export const verifySlotRound = (input: VerifySlotInput) => {
  const required = SLOT_RECORDED_FIELDS[input.game] ?? ['payoutMinor'];
  return verifyReplay(input, input.recorded, required, () => {
    switch (input.game) {
      case 'cluster':
        return spinCluster(input);
      case 'holdwin':
        return spinHoldWin(input);
      case 'megaways':
        return spinMegaways(input);
      default:
        throw new FairError('bad_range', 'unknown game');
    }
  });
};
