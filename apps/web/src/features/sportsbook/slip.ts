import {
  formatLine,
  type NamedSystem,
  namedSystemSizes,
  ODDS_SCALE,
  potentialPayoutOf,
  systemCombinations,
  systemPayoutOf,
} from '@khela/fair';

/** The bet slip's pure part: legs picked, the bet kinds they allow, and the exact return preview. */
export type SlipLeg = {
  selectionId: string;
  eventId: string;
  event: string;
  market: string;
  pick: string;
  odds: string;
  pariMutuel: boolean;
};

/** A multiple needs 2..10 legs of distinct events and no pari-mutuel side. */
export const canCombine = (legs: SlipLeg[]) =>
  legs.length >= 2 &&
  legs.length <= 10 &&
  new Set(legs.map((l) => l.eventId)).size === legs.length &&
  legs.every((l) => !l.pariMutuel);

/** The full-cover system (doubles and up) of 3..8 legs, by name. */
const SYSTEM_BY_LEGS: Record<number, NamedSystem> = {
  3: 'trixie',
  4: 'yankee',
  5: 'canadian',
  6: 'heinz',
  7: 'superHeinz',
  8: 'goliath',
};

/** The system the slip offers for its legs (null under 3 or over 8 legs, or not combinable). */
export const systemOf = (legs: SlipLeg[]) => {
  const name = SYSTEM_BY_LEGS[legs.length];
  if (!name || !canCombine(legs)) return null;
  const sizes = namedSystemSizes(name);
  return { name, sizes, count: systemCombinations(legs.length, sizes).length };
};

export type SlipKind = 'single' | 'multiple' | 'system';

/** What the slip debits: the stake per single, once for a multiple, unit × combinations for a system. */
export const totalStakeOf = (legs: SlipLeg[], stakeMinor: bigint, kind: SlipKind) =>
  kind === 'multiple'
    ? stakeMinor
    : kind === 'system'
      ? stakeMinor * BigInt(systemOf(legs)?.count ?? 0)
      : stakeMinor * BigInt(legs.length);

/** The potential return: of each single (summed), the multiple or the system; null with a pool price. */
export const previewReturn = (legs: SlipLeg[], stakeMinor: bigint, kind: SlipKind) => {
  if (legs.some((l) => l.pariMutuel) || stakeMinor <= 0n) return null;
  if (kind === 'system')
    return systemPayoutOf(
      stakeMinor,
      legs.map((l) => ({ outcome: 'win' as const, odds: BigInt(l.odds) })),
      systemOf(legs)?.sizes ?? [],
    );
  if (kind === 'multiple')
    return potentialPayoutOf(
      stakeMinor,
      legs.map((l) => BigInt(l.odds)),
    );
  return legs.reduce((sum, l) => sum + potentialPayoutOf(stakeMinor, [BigInt(l.odds)]), 0n);
};

/** Combined odds as text (4 decimals, truncated): shown only, never used to pay. */
export const combinedOdds = (legs: SlipLeg[]) => {
  let num = 1n;
  let den = 1n;
  for (const l of legs) {
    num *= BigInt(l.odds);
    den *= ODDS_SCALE;
  }
  const scaled = (num * ODDS_SCALE) / den;
  return `${scaled / ODDS_SCALE}.${(scaled % ODDS_SCALE).toString().padStart(4, '0').slice(0, 2)}`;
};

/** A line in quarters as the market shows it (home side signed; totals unsigned). */
export const lineText = (kind: string, lineQ: number | null, code: string) => {
  if (lineQ === null) return '';
  if (kind === 'total') return formatLine(lineQ, false);
  return formatLine(code === 'away' ? -lineQ : lineQ);
};
