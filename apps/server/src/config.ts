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

const schema = z.object({
  KHELA_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  MERCHANT: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from these proxies: `true`, `loopback`, a CIDR list, or unset for none. */
  TRUST_PROXY: z.string().optional(),
  /** Overrides the brand's blocked-country list (ISO codes, comma separated). */
  BLOCKED_COUNTRIES: csv.optional(),
  WEB_DIST: z.string().optional(),
  SERVE_WEB: bool.default(true),
  /** Mail goes out through this SMTP server (`smtp://user:pass@host:587`, `smtps://...`); unset: the outbox table. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Khela <no-reply@khela.local>'),
  /** SMS go to this HTTP gateway (POST JSON `{ to, text }` with a bearer token); unset: the outbox table. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Bearer token of the SMS gateway. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /**
   * Work of the human-verification proof-of-work (ALTCHA, PBKDF2/SHA-256 iterations per try);
   * a browser needs about `HUMAN_VERIFICATION_COST x 3000` iterations on average.
   */
  HUMAN_VERIFICATION_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
});

export type Config = z.infer<typeof schema> & { isDemo: boolean };

/** Settings a production deployment must name; demo mode has defaults for all of them. */
const REQUIRED_IN_PRODUCTION = ['DATABASE_URL', 'MERCHANT', 'PUBLIC_URL'] as const;

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
    if (missing.length > 0) {
      throw new ConfigError(
        `KHELA_MODE=production needs these settings:\n${missing.map((m) => `  ${m} is missing`).join('\n')}`,
      );
    }
  }
  return { ...config, isDemo: config.KHELA_MODE === 'demo' };
};
