import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean),
);

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const origins = list.pipe(z.array(z.string().url()));

const schema = z.object({
  KHELA_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: 127.0.0.1 in demo mode (reachable from this machine only), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  /** Demo: `khelabd` or `khelain`. Production: the code of the merchant seeded from the MERCHANT_* settings. */
  MERCHANT: z
    .string()
    .regex(/^[a-z0-9]{3,20}$/, 'lower-case letters and digits, 3 to 20')
    .optional(),
  /** Production, first start: the brand and its merchant (later changes: back office). */
  BRAND_NAME: z.string().trim().min(1).max(60).optional(),
  MERCHANT_NAME: z.string().trim().min(1).max(60).optional(),
  MERCHANT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166 country code such as BD')
    .optional(),
  MERCHANT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as BDT')
    .optional(),
  MERCHANT_CURRENCY_SYMBOL: z.string().trim().min(1).max(8).optional(),
  /** Languages of the merchant's site, comma separated, of bn, en, hi; the first is the default. */
  MERCHANT_LANGUAGES: list.pipe(z.array(z.enum(['bn', 'en', 'hi'])).min(1)).optional(),
  MERCHANT_DIAL_CODE: z
    .string()
    .regex(/^\+\d{1,4}$/, 'a dialling code such as +880')
    .optional(),
  /** Image and game-launch hosts (https origins, comma separated); unset: this server serves both. */
  IMAGE_CDNS: origins.optional(),
  LAUNCH_GAME_CDNS: origins.optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from these proxies: `true`, `loopback`, a CIDR list, or unset for none. */
  TRUST_PROXY: z.string().optional(),
  /** Overrides the brand's blocked-country list (ISO codes, comma separated). */
  BLOCKED_COUNTRIES: csv.optional(),
  WEB_DIST: z.string().optional(),
  /** The built back-office app served at /bo/ (default apps/backoffice/dist; SERVE_WEB covers both). */
  BO_WEB_DIST: z.string().optional(),
  SERVE_WEB: bool.default(true),
  /** Mail goes out through this SMTP server (`smtp://user:pass@host:587`, `smtps://...`); unset: the outbox table. */
  SMTP_URL: z.string().url().optional(),
  /** Prometheus metrics at `/metrics` with `Authorization: Bearer <token>`; unset: no `/metrics` at all. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Vietnamese lottery results come from this HTTP feed (ADR 046); unset: the in-house demo drawer. */
  VN_RESULT_FEED_URL: z.string().url().optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Khela <no-reply@khela.local>'),
  /** SMS go to this HTTP gateway (POST JSON `{ to, text }` with a bearer token); unset: the outbox table. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Bearer token of the SMS gateway. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /**
   * `off` switches off every flow that sends an SMS (codes for registration, login, new-IP checks,
   * forgot password by phone): each answers 409 `message.channel.off`. Production needs either
   * `SMS_GATEWAY_URL` or `off`, so no code is ever only kept in the outbox (ADR 029).
   */
  SMS_FLOWS: z.enum(['on', 'off']).default('on'),
  /** `off` switches off every flow that sends mail, as `SMS_FLOWS`; production needs `SMTP_URL` or `off`. */
  MAIL_FLOWS: z.enum(['on', 'off']).default('on'),
  /**
   * Work of the human-verification proof-of-work (ALTCHA, PBKDF2/SHA-256 iterations per try);
   * a browser needs about `HUMAN_VERIFICATION_COST x 3000` iterations on average.
   */
  HUMAN_VERIFICATION_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** `off` keeps the housekeeping scheduler (session purge, round sweeper …) from running on this node. */
  KHELA_SCHEDULER: z.enum(['on', 'off']).default('on'),
  /**
   * Google / Facebook sign-in (OIDC, Authorization Code + PKCE). A provider is offered when its
   * client id and secret are set; in demo mode an unset provider signs in through the built-in
   * test IdP at `/demo-idp`. The redirect URI to register is `<PUBLIC_URL>/wps/session/social/callback`.
   */
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  OIDC_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_FACEBOOK_ISSUER: z.string().url().default('https://www.facebook.com'),
  /** `off` hides the demo IdP and its sign-ins even in demo mode. */
  OIDC_DEMO_IDP: z.enum(['on', 'off']).default('on'),
});

export type Config = Omit<z.infer<typeof schema>, 'HOST'> & { HOST: string; isDemo: boolean };

/** Settings a production deployment must name; demo mode has defaults for all of them. */
const REQUIRED_IN_PRODUCTION = ['DATABASE_URL', 'MERCHANT', 'PUBLIC_URL'] as const;

/** What production needs to seed an empty database: its one merchant (README, Configuration). */
export const PRODUCTION_MERCHANT_SETTINGS = [
  'BRAND_NAME',
  'MERCHANT_COUNTRY',
  'MERCHANT_CURRENCY',
  'MERCHANT_CURRENCY_SYMBOL',
  'MERCHANT_LANGUAGES',
  'MERCHANT_DIAL_CODE',
] as const;

/**
 * The brand and merchant a production database is seeded with, or the names of the settings
 * missing for it (needed only while the database is empty).
 */
export const productionMerchant = (config: Config) => {
  const missing = PRODUCTION_MERCHANT_SETTINGS.filter((key) => config[key] === undefined);
  const {
    MERCHANT: code,
    BRAND_NAME: brandName,
    MERCHANT_COUNTRY: country,
    MERCHANT_CURRENCY: currency,
    MERCHANT_CURRENCY_SYMBOL: currencySymbol,
    MERCHANT_LANGUAGES: languages,
    MERCHANT_DIAL_CODE: dialCode,
  } = config;
  if (!code || !brandName || !country || !currency || !currencySymbol || !languages?.[0] || !dialCode)
    return { missing: code ? [...missing] : ['MERCHANT', ...missing], merchant: undefined };
  return {
    missing,
    brandName,
    merchant: {
      code,
      name: config.MERCHANT_NAME ?? brandName,
      country,
      currency,
      currencySymbol,
      languages: [...new Set(languages)],
      defaultLanguage: languages[0],
      dialCode,
    },
  };
};

export class ConfigError extends Error {}

/** Parses the environment once; throws a ConfigError naming every bad or missing setting. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.KHELA_MODE === 'production') {
    const missing: string[] = REQUIRED_IN_PRODUCTION.filter((key) => !config[key]);
    if (config.SMS_GATEWAY_URL && !config.SMS_GATEWAY_TOKEN) missing.push('SMS_GATEWAY_TOKEN');
    // Without a gateway a code would only reach the outbox: production sends or switches the flows off.
    if (!config.SMS_GATEWAY_URL && config.SMS_FLOWS === 'on')
      missing.push('SMS_GATEWAY_URL (or SMS_FLOWS=off)');
    if (!config.SMTP_URL && config.MAIL_FLOWS === 'on') missing.push('SMTP_URL (or MAIL_FLOWS=off)');
    if (missing.length > 0) {
      throw new ConfigError(
        `KHELA_MODE=production needs these settings:\n${missing.map((m) => `  ${m} is missing`).join('\n')}`,
      );
    }
  }
  const isDemo = config.KHELA_MODE === 'demo';
  return { ...config, HOST: config.HOST ?? (isDemo ? '127.0.0.1' : '0.0.0.0'), isDemo };
};
