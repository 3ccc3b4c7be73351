import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Agency, AgencyBackoffice } from './modules/agency';
import type { Cashier } from './modules/cashier';
import type { CatalogueService } from './modules/catalogue';
import type { GamesBackoffice, GamesService } from './modules/games';
import type { IdentityService, MembersBackoffice } from './modules/identity';
import type { InboxOps, InboxService } from './modules/inbox';
import type { Lottery, LotteryBackoffice } from './modules/lottery';
import type { Loyalty, LoyaltyBackoffice } from './modules/loyalty';
import type { Promotions, PromotionsBackoffice } from './modules/promotions';
import type { Protection, ProtectionBackoffice } from './modules/protection';
import type { ProviderService } from './modules/provider';
import type { Pvp } from './modules/pvp';
import type { Scheduler } from './modules/scheduler';
import type { SiteBackoffice, SiteService } from './modules/site';
import type { Sportsbook, SportsbookBackoffice } from './modules/sportsbook';
import type { StaffService } from './modules/staff';
import type { Support, SupportBackoffice } from './modules/support';
import type { Tables } from './modules/tables';
import type { WalletService } from './modules/wallet';

/** What `buildApp` (app.ts, the composition root) takes and what it answers. */
export type AppDeps = {
  config: Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY' | 'BLOCKED_COUNTRIES'> &
    Partial<
      Pick<
        Config,
        | 'KHELA_MODE'
        | 'SMTP_URL'
        | 'MAIL_FROM'
        | 'SMS_GATEWAY_URL'
        | 'SMS_GATEWAY_TOKEN'
        | 'HUMAN_VERIFICATION_COST'
        | 'KHELA_SCHEDULER'
        | 'PUBLIC_URL'
        | 'OIDC_GOOGLE_CLIENT_ID'
        | 'OIDC_GOOGLE_CLIENT_SECRET'
        | 'OIDC_GOOGLE_ISSUER'
        | 'OIDC_FACEBOOK_CLIENT_ID'
        | 'OIDC_FACEBOOK_CLIENT_SECRET'
        | 'OIDC_FACEBOOK_ISSUER'
        | 'OIDC_DEMO_IDP'
        | 'METRICS_TOKEN'
        | 'VN_RESULT_FEED_URL'
        | 'IMAGE_CDNS'
        | 'LAUNCH_GAME_CDNS'
      >
    >;
  database: Database;
  /** Folder of the built web app; when unset only the API is served. */
  webDist?: string | undefined;
  /** Folder of the built back-office app, served at /bo/; when unset /bo/ serves only the API. */
  boWebDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** One short line per answered request instead of pino's two JSON lines (the demo's log). */
  shortRequestLines?: boolean;
  now?: () => Date;
  /** Present when REDIS_URL is set: shared rate limits, caches and pub/sub between nodes. */
  redis?: Redis | undefined;
};

export type App = FastifyInstance & {
  services: {
    site: SiteService;
    identity: IdentityService;
    catalogue: CatalogueService;
    wallet: WalletService;
    games: GamesService;
    provider: ProviderService;
    staff: StaffService;
    scheduler: Scheduler;
    cashier: Cashier;
    inbox: InboxService;
    support: Support;
    lottery: Lottery;
    protection: Protection;
    agency: Agency;
    loyalty: Loyalty;
    tables: Tables;
    pvp: Pvp;
    sportsbook: Sportsbook;
    promotions: Promotions;
    /** Each module's back-office services (their routes are under /bo/api). */
    backoffice: {
      site: SiteBackoffice;
      members: MembersBackoffice;
      inbox: InboxOps;
      support: SupportBackoffice;
      games: GamesBackoffice;
      lottery: LotteryBackoffice;
      protection: ProtectionBackoffice;
      agency: AgencyBackoffice;
      loyalty: LoyaltyBackoffice;
      sportsbook: SportsbookBackoffice;
      promotions: PromotionsBackoffice;
    };
  };
};
