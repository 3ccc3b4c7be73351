import type { SlotState } from '@khela/fair';

/**
 * The verify page's query: everything `verifyRound` needs, so a round from the game's recall or
 * the betting record opens the page prefilled. The server seed is only known once it has been
 * rotated (revealed); without it the page asks for it.
 */
export type VerifyFields = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  nodeId: string;
  name: string;
  betMinor: string;
  /** The round's jackpot odds (1 in N on a paid spin), as recorded. */
  jackpotOdds: string;
  /** JSON of the SlotState before the spin, or '' for a paid spin. */
  state: string;
  /** Recorded outcome: stops as `a,b,c,d,e`, win in minor units, jackpot hit. */
  stops: string;
  winMinor: string;
  jackpotHit: string;
  roundId: string;
  /** The engine (`classic` or empty: the 5×3 slot; else dice, mines, cluster…). */
  engine: string;
  /** JSON of the engine's parameters (dice target, mines count, volatility…). */
  params: string;
  /** JSON of the engine's recorded result. */
  recorded: string;
  /** `real` (the ledger must show the payout) or `demo` (free play, no ledger). */
  mode: string;
  /** The round's recorded payout and what the ledger credited for it (minor units). */
  payoutMinor: string;
  ledgerPayoutMinor: string;
};

export const VERIFY_FIELDS: (keyof VerifyFields)[] = [
  'roundId',
  'nodeId',
  'name',
  'serverSeedHash',
  'serverSeed',
  'clientSeed',
  'nonce',
  'betMinor',
  'jackpotOdds',
  'state',
  'stops',
  'winMinor',
  'jackpotHit',
  'engine',
  'params',
  'recorded',
  'mode',
  'payoutMinor',
  'ledgerPayoutMinor',
];

export type VerifySource = {
  roundId?: string | null;
  nodeId: string;
  name: string;
  serverSeed?: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  betMinor: number;
  jackpotOdds?: number | null;
  state?: SlotState | null;
  stops?: readonly number[] | null;
  winMinor?: number | null;
  jackpotHit?: boolean | null;
  mode?: 'real' | 'demo' | null;
  payoutMinor?: number | string | null;
  ledgerPayoutMinor?: number | string | null;
};

export const verifyQuery = (round: VerifySource) => {
  const params = new URLSearchParams();
  if (round.roundId) params.set('roundId', round.roundId);
  params.set('nodeId', round.nodeId);
  params.set('name', round.name);
  params.set('serverSeedHash', round.serverSeedHash);
  if (round.serverSeed) params.set('serverSeed', round.serverSeed);
  params.set('clientSeed', round.clientSeed);
  params.set('nonce', String(round.nonce));
  params.set('betMinor', String(round.betMinor));
  if (round.jackpotOdds !== null && round.jackpotOdds !== undefined)
    params.set('jackpotOdds', String(round.jackpotOdds));
  if (round.state) params.set('state', JSON.stringify(round.state));
  if (round.stops) params.set('stops', round.stops.join(','));
  if (round.winMinor !== null && round.winMinor !== undefined) params.set('winMinor', String(round.winMinor));
  if (round.jackpotHit !== null && round.jackpotHit !== undefined)
    params.set('jackpotHit', String(round.jackpotHit));
  if (round.mode) params.set('mode', round.mode);
  if (round.payoutMinor !== null && round.payoutMinor !== undefined)
    params.set('payoutMinor', String(round.payoutMinor));
  if (round.ledgerPayoutMinor !== null && round.ledgerPayoutMinor !== undefined)
    params.set('ledgerPayoutMinor', String(round.ledgerPayoutMinor));
  return params;
};

export const verifyHref = (round: VerifySource) => `/verify?${verifyQuery(round).toString()}`;

export const fieldsFromQuery = (params: URLSearchParams): VerifyFields => {
  const fields = {} as VerifyFields;
  for (const key of VERIFY_FIELDS) fields[key] = params.get(key) ?? '';
  return fields;
};
