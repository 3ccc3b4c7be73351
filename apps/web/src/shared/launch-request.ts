import { callApi } from './api/client';

/**
 * What a launch needs (API-FACTS §2.4 `/wps/game/launchGame`): a catalogue game by node id, or a
 * vendor's game by vassalage and gameId. The `/game` page carries it in its query, so a reload
 * (the play URL is single-use) launches again.
 */
export type LaunchParams = {
  gameType: string;
  vassalage: string;
  nodeId?: string | undefined;
  gameId?: string | undefined;
  name: string;
  /** Free play (accountType 0). */
  demo?: boolean | undefined;
  /** The catalogue says the vendor offers free play (the page offers it to visitors). */
  allowDemo?: boolean | undefined;
};

export const gamePageHref = (params: LaunchParams) => {
  const query = new URLSearchParams();
  query.set('gameType', params.gameType);
  query.set('vassalage', params.vassalage);
  if (params.nodeId) query.set('nodeId', params.nodeId);
  if (params.gameId) query.set('gameId', params.gameId);
  query.set('name', params.name);
  if (params.demo) query.set('demo', '1');
  if (params.allowDemo) query.set('free', '1');
  return `/game?${query.toString()}`;
};

export const launchParamsFromQuery = (query: URLSearchParams): LaunchParams | null => {
  const gameType = query.get('gameType') ?? '';
  const vassalage = query.get('vassalage') ?? '';
  const nodeId = query.get('nodeId') ?? undefined;
  const gameId = query.get('gameId') ?? undefined;
  if (!nodeId && !(vassalage && gameId)) return null;
  return {
    gameType,
    vassalage,
    nodeId,
    gameId,
    name: query.get('name') ?? '',
    demo: query.get('demo') === '1',
    allowDemo: query.get('free') === '1',
  };
};

/** A vendor game's wallet at its launch (transfer-wallet merchants, issue 24), by play URL. */
export type LaunchWallet = {
  auto: boolean;
  accountTypeId: number;
  movedMinor: string;
  vendorBalanceMinor: string;
  mainBalanceMinor: string;
};
const launchWallets = new Map<string, LaunchWallet>();

/** What the launch of this play URL said about the game's wallet (none for in-house games). */
export const launchWalletOf = (url: string | undefined) => (url ? launchWallets.get(url) : undefined);

const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches;

/** One launch: a fresh single-use play URL (call once per opening of the game). */
export const requestLaunch = async (params: LaunchParams, language: string) => {
  const value = await callApi('launchGame', {
    query: {
      gameType: params.gameType,
      vassalage: params.vassalage,
      nodeId: params.nodeId,
      gameId: params.gameId,
      platform: isPhone() ? 'html5' : 'html5-desktop',
      launchMode: 'GLS',
      accountType: params.demo ? 0 : 1,
      language,
    },
  });
  const url = withLanguage(value.content.game_url, language);
  if (value.content.wallet) launchWallets.set(url, value.content.wallet);
  return url;
};

/**
 * The sports vendor's launch (`GCS_gameLaunchFB`, the `/fbsports` and `/seamless` pages): a fresh
 * single-use play URL for the sportsbook (`vassalage`, else the server's default sportsbook).
 */
export const requestSportsLaunch = async (vassalage: string | undefined, language: string) => {
  const value = await callApi('gameLaunchFB', {
    query: { vassalage, platform: isPhone() ? 'html5' : 'html5-desktop', language },
  });
  return withLanguage(value.content.game_url, language);
};

/** The game page starts in the right language before its session says so. */
export const withLanguage = (url: string, language: string) => {
  try {
    const parsed = new URL(url, window.location.href);
    if (!parsed.searchParams.has('lang')) parsed.searchParams.set('lang', language);
    return parsed.origin === window.location.origin
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : parsed.toString();
  } catch {
    return url;
  }
};
