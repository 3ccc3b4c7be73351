import { LAUNCH_TOKEN_TTL_MS, SLOT_HISTORY_SIZE } from '@khela/contract';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
import type { CatalogueService } from '../catalogue';
import type { AuthMember } from '../identity';
import type { SiteService } from '../site';
import type { WalletService } from '../wallet';
import {
  type AdapterRegistry,
  createAdapterRegistry,
  type LaunchContext,
  type ProviderAdapter,
} from './adapters';
import { seedHasOpenRound } from './engine-round';
import { createEngineCalls, engineOfRow } from './engine-service';
import { ensurePool, readPool } from './jackpot';
import { createJackpotEvents } from './jackpot-events';
import {
  createLaunchToken,
  exchangeLaunchToken,
  findSession,
  type GameSession,
  pickLaunchHost,
} from './launch';
import { roundProof } from './proof';
import { betRecordOf, readBetRecord, readBetRecords } from './records';
import { openRoundElsewhere } from './rounds';
import { ownerOf, rotateSeed, setClientSeed } from './seeds';
import { readGamesSettings } from './settings';
import { formatMinorString, playSpin, slotHistory, slotInit } from './slot';
import { betLevelsOf, gameTheme } from './slot-offer';
import { findGameByNode, findGameByVendorId, type GameRow, nameIn, sportsbookGames } from './store';
import { type SweepReport, sweepRounds } from './sweeper';

/** The code of the in-house provider (the provably fair slot of every RNG game without an adapter). */
export const IN_HOUSE = 'inhouse';
/** The sports vendor `GCS_gameLaunchFB` opens when it launches here (FB Sports). */
export const SPORTS_PAGE_VENDOR = 'FB';

export type GamesServiceDeps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant' | 'settingsOf'>;
  catalogue: Pick<CatalogueService, 'recordPlay' | 'refresh'>;
  wallet: Pick<WalletService, 'accountOf' | 'post' | 'events'> & {
    /** Transfer-wallet merchants: a vendor game's wallet made ready at launch (issue 24). */
    autoTransfer?: Pick<WalletService['autoTransfer'], 'prepareLaunch'>;
  };
  log: {
    error: (obj: object, msg: string) => void;
    warn?: (obj: unknown, msg?: string) => void;
    info?: (obj: object, msg: string) => void;
  };
  now?: (() => Date) | undefined;
  /** The play hooks (protection, turnover, bonus wagering: ADR 035), run in the debit's transaction. */
  play?: PlayHooks | undefined;
  /** Shared jackpot push between nodes (REDIS_URL); without it the push stays in this process. */
  redis?: Redis | undefined;
  /** Refuses a launch the merchant's licence does not allow (player protection's, ADR 045). */
  launchGuard?: ((merchantCode: string, gameType: string, real: boolean) => Promise<void>) | undefined;
};

export type LaunchQuery = {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameId?: string | undefined;
  nodeId?: string | undefined;
  platform?: string | undefined;
  launchMode: 'GLS' | 'LOTT';
  accountType: 0 | 1;
  language?: string | undefined;
};

/** Launch, the in-house slot, records, proofs and the jackpot pool. docs/decisions/009-games-launch-rounds-jackpot.md. */
export const createGamesService = ({
  db,
  site,
  catalogue,
  wallet,
  log,
  now = () => new Date(),
  redis,
  play,
  launchGuard,
}: GamesServiceDeps) => {
  const adapters: AdapterRegistry = createAdapterRegistry();
  const jackpotEvents = createJackpotEvents({
    redis,
    ...(log.warn ? { log: { warn: log.warn } } : {}),
  });

  const merchantOf = (code: string) => {
    const merchant = site.findMerchant(code);
    if (!merchant) throw new Error(`unknown merchant ${code}`);
    return merchant;
  };

  const inHouse: ProviderAdapter = {
    code: IN_HOUSE,
    launch: async (ctx: LaunchContext) => {
      const { token } = await createLaunchToken(db, {
        merchantCode: ctx.merchantCode,
        memberId: ctx.member?.id ?? null,
        nodeId: ctx.game.nodeId,
        vendorCode: ctx.game.vendorCode,
        gameType: ctx.game.gameType,
        mode: ctx.mode,
        language: ctx.language,
        platform: ctx.platform,
        now: ctx.now,
      });
      const game = await findGameByNode(db, ctx.game.nodeId);
      // The page opens the engine the catalogue entry maps to (the classic 5×3 slot by default).
      const engine = game ? engineOfRow(game) : 'classic';
      const query = new URLSearchParams({ t: token, lang: ctx.language, engine });
      return { url: `${ctx.launchHost}/play.html?${query.toString()}` };
    },
  };

  /** The adapter of a game: a registered vendor adapter, else the in-house slot for RNG games. */
  const adapterOf = (game: Pick<GameRow, 'vendor_code' | 'game_type'>) =>
    adapters.get(game.vendor_code) ??
    (game.game_type === 'RNG' || game.game_type === 'FISH' ? inHouse : undefined);

  const resolveGame = async (q: LaunchQuery) => {
    const game = q.nodeId
      ? await findGameByNode(db, q.nodeId)
      : await findGameByVendorId(db, q.vassalage ?? '', q.gameId ?? '', undefined);
    if (!game?.game_enabled || !game.vendor_enabled) throw new AppError('game.unavailable');
    if (q.vassalage && q.vassalage !== game.vendor_code) throw new AppError('game.unavailable');
    return game;
  };

  /**
   * `/wps/game/launchGame`: a single-use play URL. Real money needs a session (401 otherwise);
   * free play needs a vendor that offers demo; a round open in another game answers #734
   * (`game.previous.unfinished`).
   */
  const launch = async (
    merchantCode: string,
    member: AuthMember | undefined,
    q: LaunchQuery,
    language: string,
  ) => {
    const mode = q.accountType === 1 ? 'real' : 'demo';
    if (mode === 'real' && !member) throw new AppError('login.not.session');
    const game = await resolveGame(q);
    await launchGuard?.(merchantCode, game.game_type, mode === 'real');
    if (mode === 'demo' && !game.allow_demo) throw new AppError('game.demo.unavailable');
    const adapter = adapterOf(game);
    if (!adapter) throw new AppError('game.unavailable');
    if (mode === 'real' && member) {
      const open = await openRoundElsewhere(db, member.id, game.node_id);
      if (open)
        throw new AppError('game.previous.unfinished', {
          value: { nodeId: open.gameNodeId, vassalage: open.vendorCode },
        });
    }
    const merchant = merchantOf(merchantCode);
    // A vendor game of a transfer-wallet merchant plays from the vendor's wallet: with the member's
    // auto-transfer on, the money moves there now; else the page offers a transfer when it is empty.
    const gameWallet =
      mode === 'real' && member && adapter !== inHouse
        ? await wallet.autoTransfer?.prepareLaunch(member, game.vendor_code)
        : undefined;
    const at = now();
    const { url } = await adapter.launch({
      merchantCode,
      currency: merchant.currency,
      member: member ? { id: member.id, username: member.username, type: member.type } : null,
      game: {
        nodeId: game.node_id,
        gameId: game.game_id,
        vendorCode: game.vendor_code,
        gameType: game.game_type,
        name: nameIn(game.display_name, 'en'),
        launch: game.launch,
      },
      mode,
      language,
      platform: q.platform ?? 'html5-desktop',
      launchMode: q.launchMode,
      returnUrl: null,
      launchHost: pickLaunchHost(site.settingsOf(merchantCode).cdn.launchGameCDNs),
      now: at,
    });
    if (member) {
      // Recent games are a convenience: a stale catalogue snapshot must not fail the launch.
      await catalogue.recordPlay(member.id, game.node_id).catch((error: unknown) => {
        log.error({ err: error, nodeId: game.node_id }, 'games: recording the play for recent games failed');
      });
    }
    return {
      content: {
        game_url: url,
        mode,
        expiresAt: at.getTime() + LAUNCH_TOKEN_TTL_MS,
        nodeId: game.node_id,
        provider: adapter.code,
        ...(gameWallet ? { wallet: gameWallet } : {}),
      },
    } as const;
  };

  /**
   * `GCS_gameLaunchFB` (API-FACTS §2.4, the sports-vendor launch of the `/fbsports` and
   * `/seamless` pages): the sportsbook of the vendor asked for (`vassalage`, a SPORTS vendor),
   * else FB Sports, else the first sportsbook vendor in the catalogue's order whose vendor
   * launches here (an adapter is registered: the demo's SABA through the vendor simulator). Then
   * exactly `/wps/game/launchGame` for that game: same checks (#734 included) and answer.
   * Real money by default for a member; a visitor gets free play where the vendor allows demo.
   */
  const launchSports = async (
    merchantCode: string,
    member: AuthMember | undefined,
    q: { vassalage?: string | undefined; platform?: string | undefined; accountType?: 0 | 1 | undefined },
    language: string,
  ) => {
    const books = (await sportsbookGames(db)).filter((b) => adapters.get(b.vendor_code));
    const book = q.vassalage
      ? books.find((b) => b.vendor_code === q.vassalage)
      : (books.find((b) => b.vendor_code === SPORTS_PAGE_VENDOR) ?? books[0]);
    if (!book) throw new AppError('game.unavailable');
    return launch(
      merchantCode,
      member,
      {
        nodeId: book.node_id,
        gameType: 'SPORTS',
        vassalage: book.vendor_code,
        platform: q.platform,
        launchMode: 'GLS',
        accountType: q.accountType ?? (member ? 1 : 0),
      },
      language,
    );
  };

  /** `POST /wps/game/session`: the launch token (once) for a game session. */
  const openSession = async (token: string) => {
    const { sessionToken, session } = await exchangeLaunchToken(
      db,
      token,
      (code) => merchantOf(code).currency,
      now(),
    );
    const merchant = merchantOf(session.merchantCode);
    const game = await findGameByNode(db, session.nodeId);
    return {
      sessionToken,
      expiresAt: session.expiresAt.getTime(),
      mode: session.mode,
      nodeId: session.nodeId,
      gameName: nameIn(game?.display_name, session.language),
      merchantCode: session.merchantCode,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      language: session.language,
    };
  };

  const session = (token: string | undefined) => findSession(db, token, now());

  // Pools made (and seeded) by this process: the first look at a merchant's pool makes it.
  const pools = new Set<string>();
  const jackpotInfo = async (merchantCode: string) => {
    const merchant = merchantOf(merchantCode);
    const settings = await readGamesSettings(db, merchantCode);
    if (settings.jackpotEnabled && !pools.has(merchantCode)) {
      await ensurePool(db, wallet, merchantCode, merchant.currency, settings.jackpotSeedMinor);
      pools.add(merchantCode);
    }
    const pool = settings.jackpotEnabled ? await readPool(db, merchantCode, merchant.currency) : 0n;
    return {
      enabled: settings.jackpotEnabled,
      pool: formatMinorString(pool),
      poolMinor: pool.toString(),
      currency: merchant.currency,
    };
  };

  /** An in-house session only (a third-party game's session never reaches these calls). */
  const slotSession = async (token: string | undefined): Promise<GameSession> => {
    const s = await session(token);
    const game = await findGameByNode(db, s.nodeId);
    if (!game?.game_enabled || !game.vendor_enabled || adapterOf(game) !== inHouse)
      throw new AppError('game.unavailable');
    return s;
  };

  /** The classic slot's own calls: refused for a game that plays another engine. */
  const classicSession = async (token: string | undefined) => {
    const s = await slotSession(token);
    if ((await engine.engineOfSession(s)) !== 'classic') throw new AppError('game.unavailable');
    return s;
  };

  const engine = createEngineCalls({
    db,
    wallet,
    now,
    play,
    sessionOf: slotSession,
    merchantOf,
    published: (memberId) => wallet.events.publish(memberId),
  });

  const slot = {
    init: async (token: string | undefined) => {
      const s = await classicSession(token);
      const merchant = merchantOf(s.merchantCode);
      const init = await slotInit(db, s, now());
      const { name } = await gameTheme(db, s.nodeId);
      const game = await findGameByNode(db, s.nodeId);
      return {
        nodeId: s.nodeId,
        gameName: nameIn(game?.display_name, s.language) || name,
        mode: s.mode,
        theme: init.theme as unknown as Record<string, unknown>,
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        balance: formatMinorString(init.balance),
        balanceMinor: init.balance.toString(),
        betLevels: init.levels.map(String),
        defaultBetMinor: String(init.levels.find((l) => l >= 200) ?? init.levels[0] ?? 20),
        seed: init.seed,
        state: init.state as unknown as Record<string, unknown> | null,
        jackpot: await jackpotInfo(s.merchantCode),
        jackpotOdds: init.jackpotOdds,
      };
    },
    spin: async (token: string | undefined, body: { requestId: string; betMinor?: bigint | undefined }) => {
      const s = await classicSession(token);
      const outcome = await playSpin({ db, wallet, now, play }, s, {
        requestId: body.requestId,
        betMinor: body.betMinor,
      });
      // After the commit: the site header and every tab refetch the balance; a jackpot won
      // sends every open counter to the (reset) pool at once.
      if (!outcome.replayed && outcome.memberId !== null) wallet.events.publish(outcome.memberId);
      if (!outcome.replayed && outcome.round.jackpotWinMinor !== '0') jackpotEvents.publish(s.merchantCode);
      return {
        ...outcome.round,
        replayed: outcome.replayed,
        balance: formatMinorString(outcome.balanceMinor),
        balanceMinor: outcome.balanceMinor.toString(),
        jackpot: await jackpotInfo(s.merchantCode),
      };
    },
    setClientSeed: async (token: string | undefined, clientSeed: string) => {
      const s = await slotSession(token);
      return setClientSeed(db, s.merchantCode, ownerOf(s), clientSeed, now());
    },
    rotateSeed: async (token: string | undefined) => {
      const s = await slotSession(token);
      const owner = ownerOf(s);
      return rotateSeed(db, s.merchantCode, owner, now(), async (trx, seedId) => {
        // Revealing the seed would reveal an open mines/tower board.
        if (await seedHasOpenRound(trx, owner, seedId)) throw new AppError('game.round.open');
      });
    },
    history: async (token: string | undefined) => {
      const s = await slotSession(token);
      return { list: await slotHistory(db, s, SLOT_HISTORY_SIZE) };
    },
    betLevelsOf,
  };

  const proof = async (roundId: string) => {
    const found = await roundProof(db, roundId);
    if (!found) throw new AppError('not.found');
    return found;
  };

  const jackpotPool = async (merchantCode: string) => ({
    ...(await jackpotInfo(merchantCode)),
    updatedAt: now().getTime(),
  });

  const DAY = 24 * 60 * 60 * 1000;
  const betRecords = async (
    member: AuthMember,
    language: string,
    q: {
      pageNo?: number | undefined;
      gameType?: string | undefined;
      vassalage?: string | undefined;
      startTime?: number | undefined;
      endTime?: number | undefined;
    },
  ) => {
    const end = q.endTime ?? now().getTime();
    const start = q.startTime ?? end - 7 * DAY;
    return readBetRecords(
      db,
      {
        memberId: member.id,
        from: new Date(start),
        to: new Date(end),
        gameType: q.gameType,
        vendor: q.vassalage,
      },
      q.pageNo ?? 1,
      language,
    );
  };

  const betRecordDetail = async (member: AuthMember, language: string, roundId: string) => {
    const row = await readBetRecord(db, member.id, roundId);
    if (!row) throw new AppError('not.found');
    const bet = (row.bet ?? {}) as { stateBefore?: Record<string, unknown> | null };
    return {
      ...betRecordOf(row, language),
      result: row.server_seed_id ? row.result : null,
      stateBefore: row.server_seed_id ? (bet.stateBefore ?? null) : null,
      proof: row.server_seed_id ? await roundProof(db, roundId) : null,
    };
  };

  const sweep = (): Promise<SweepReport> => sweepRounds({ db, wallet, adapters, log, now, jackpotEvents });

  const knowsMerchant = (code: string) => site.findMerchant(code) !== undefined;

  return {
    adapters,
    jackpotEvents,
    knowsMerchant,
    inHouse,
    adapterOf,
    launch,
    launchSports,
    openSession,
    slot,
    engine,
    proof,
    jackpotPool,
    betRecords,
    betRecordDetail,
    sweep,
  };
};

export type GamesService = ReturnType<typeof createGamesService>;
