import {
  verifyBaccarat,
  verifyBlackjack,
  verifyDragonTiger,
  verifyFishShot,
  verifyKeno,
  verifyOriginal,
  verifyRoulette,
  verifyScratch,
  verifySicBo,
  verifySlotRound,
  verifyVideoPoker,
} from '@khela/fair';

/**
 * The @khela/fair verifier of each in-house engine besides the classic slot, run on the form's
 * seeds, parameters and recorded result (every required recorded field must be there: a missing
 * one is listed and never counts as a match). Null for an engine the page does not know.
 */

const SLOT_ENGINES = ['cluster', 'holdwin', 'megaways'];
const ORIGINALS = ['dice', 'limbo', 'plinko', 'wheel', 'mines', 'tower'];

type Seeds = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  betMinor: number;
};
type Json = Record<string, unknown> | null;

export const verifyEngine = (engine: string, seeds: Seeds, params: Json, recorded: Json) => {
  switch (engine) {
    case 'keno':
      return verifyKeno({ ...seeds, spots: params?.spots as never, recorded });
    case 'baccarat':
      return verifyBaccarat({ ...seeds, bets: params?.bets as never, recorded });
    case 'blackjack':
      // Blackjack replays the actions the round recorded (ADR 043).
      return verifyBlackjack({ ...seeds, actions: recorded?.actions as never, recorded });
    case 'video-poker':
      // Video poker replays the hold the round recorded (ADR 049).
      return verifyVideoPoker({ ...seeds, recorded });
    case 'scratch':
      return verifyScratch({ ...seeds, recorded });
    case 'roulette':
      return verifyRoulette({ ...seeds, bets: params?.bets as never, recorded });
    case 'dragon-tiger':
      return verifyDragonTiger({ ...seeds, bets: params?.bets as never, recorded });
    case 'sic-bo':
      return verifySicBo({ ...seeds, bets: params?.bets as never, recorded });
    case 'fishing':
      return verifyFishShot({
        ...seeds,
        bulletMinor: seeds.betMinor,
        speciesId: params?.speciesId as number,
        rtpBp: params?.rtpBp as number,
        recorded,
      });
    default:
      if (SLOT_ENGINES.includes(engine))
        return verifySlotRound({
          ...seeds,
          game: engine as 'cluster',
          volatility: params?.volatility as 'low',
          recorded,
        });
      if (ORIGINALS.includes(engine))
        return verifyOriginal({
          ...seeds,
          ...(params ?? {}),
          // Mines and tower replay the picks the round recorded.
          picks: recorded?.picks,
          game: engine,
          recorded,
        } as never);
      return null;
  }
};
