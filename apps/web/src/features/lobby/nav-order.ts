import type { GameCard, GameLane, GameType } from '@khela/contract';

/*
 * The part of the navigation rules the header needs before any lobby code loads (kept small: it
 * is in the home page's first download).
 */

/** The navigation category of a catalogue lane: ELOTT and LOTT share the lottery entry. */
export type NavCode = 'RNG' | 'LOTT' | 'LIVE' | 'SPORTS' | 'FISH' | 'PVP' | 'ESPORTS' | 'COCKFIGHT';

export const navCodeOf = (lane: GameType): NavCode => (lane === 'ELOTT' ? 'LOTT' : lane);

export type NavCategory = { code: NavCode; cards: GameCard[] };

/**
 * The game categories of the navigation, in the server's lane order, only those with vendors
 * (spec §2); ELOTT and LOTT cards are merged into one lottery entry where the first of them sits.
 */
export const navCategories = (lanes: readonly GameLane[]): NavCategory[] => {
  const out: NavCategory[] = [];
  for (const lane of lanes) {
    if (lane.cards.length === 0) continue;
    const code = navCodeOf(lane.title);
    const existing = out.find((c) => c.code === code);
    if (existing) existing.cards = [...existing.cards, ...lane.cards];
    else out.push({ code, cards: [...lane.cards] });
  }
  return out;
};
