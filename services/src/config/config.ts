import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ChainName, type NetworkOverride, parseNetworkOverrides } from '@xsd/contracts';

export type NetworkProfile = 'devnet' | 'mainnet';

/** Everything the services read from the environment, parsed once at start. */
export interface AppConfig {
  /** PostgreSQL for the distributed mode; null means embedded PGlite under dataDir. */
  readonly databaseUrl: string | null;
  /**
   * NATS JetStream for the distributed mode: one URL, or a cluster's as a comma-separated list;
   * null means the embedded event log.
   */
  readonly natsUrl: string | null;
  /** Replicas of the JetStream stream and its consumers (XSD_STREAM_REPLICAS, 1 to 5; default 1). */
  readonly streamReplicas: number;
  readonly port: number;
  readonly networkProfile: NetworkProfile;
  readonly dataDir: string;
  /** JetStream stream name and subject prefix; overridden only by tests and benchmarks. */
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly admin: { readonly email: string; readonly password: string } | null;
  /** First RPC port of the local devnet chains (devnet profile). */
  readonly devnetBasePort: number;
  /** From XSD_NETWORKS_FILE: an operator's RPC endpoints and the addresses the mainnet table lacks. */
  readonly networkOverrides: Partial<Record<ChainName, NetworkOverride>>;
  /** XSD_TRUSTED_PROXIES: addresses or CIDR ranges whose X-Forwarded-* headers are believed (none by default). */
  readonly trustedProxies: readonly string[];
  /** XSD_METRICS_PORT: the ops listener (GET /metrics, /livez, /readyz); 0 turns it off. Default 9464. */
  readonly metricsPort: number;
  /** XSD_METRICS_HOST: where the ops listener binds (default 127.0.0.1, never the public address by accident). */
  readonly metricsHost: string;
  /** XSD_LOG_LEVEL: pino's level names (fatal, error, warn, info, debug, trace, silent). Default info. */
  readonly logLevel: LogLevel;
  /** XSD_ANALYTICS_RAW_DAYS: days the raw analytics rows are kept (the daily rollups keep every day). Default 90. */
  readonly analyticsRawDays: number;
  /** XSD_RAW_PRICE_DAYS: days raw price and silver readings are kept (candles and rollups cover longer windows). Default 90. */
  readonly rawPriceDays: number;
  /** XSD_STREAM_MAX_PER_CLIENT: open GET /api/stream connections one client address may hold (default 20). */
  readonly liveStreamMaxPerClient: number;
  /**
   * XSD_STREAM_MAX_TOTAL: open GET /api/stream connections of this process (default 10,000), to be set
   * below its descriptor limit (`ulimit -n`) less what the rest of the process needs.
   */
  readonly liveStreamMaxTotal: number;
  /**
   * XSD_WEBHOOK_ALLOW_HOSTS: host names (comma-separated) community channels and push endpoints may
   * reach although they resolve to a non-public address; for tests' loopback receivers only. Empty by default.
   */
  readonly webhookAllowHosts: readonly string[];
  /** XSD_PUBLIC_URL: the site's origin as visitors reach it, for links sent out (password reset mails). */
  readonly publicUrl: string;
  /** XSD_SMTP_URL + XSD_MAIL_FROM: where staff mail goes out (password reset links); null without mail. */
  readonly mail: MailConfig | null;
  /**
   * XSD_TELEGRAM_BOT_TOKEN (a secret: never logged, never sent to the browser) and XSD_TELEGRAM_API_URL
   * (the Bot API, https://api.telegram.org by default): Telegram alerts; null without a token.
   */
  readonly telegram: TelegramConfig | null;
  /** XSD_READ_CACHE_MB: megabytes of answers (and their compressed forms) the API keeps per query in memory (default 64). */
  readonly readCacheMb: number;
}

export interface MailConfig {
  /** `smtp://` or `smtps://`, credentials possibly in it: never logged (see describeConfig). */
  readonly smtpUrl: string;
  readonly from: string;
}

export interface TelegramConfig {
  readonly botToken: string;
  readonly apiUrl: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function optional(env: NodeJS.ProcessEnv, key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = portSetting(env, 'PORT', 8080);
  const profile = optional(env, 'XSD_NETWORK_PROFILE') ?? 'devnet';
  if (profile !== 'devnet' && profile !== 'mainnet') {
    throw new ConfigError(`XSD_NETWORK_PROFILE must be 'devnet' or 'mainnet', got '${profile}'`);
  }
  const adminEmail = optional(env, 'XSD_ADMIN_EMAIL');
  const adminPassword = optional(env, 'XSD_ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('Set both XSD_ADMIN_EMAIL and XSD_ADMIN_PASSWORD, or neither');
  }
  return {
    databaseUrl: optional(env, 'DATABASE_URL'),
    natsUrl: optional(env, 'NATS_URL'),
    streamReplicas: streamReplicas(env),
    port,
    networkProfile: profile,
    dataDir: resolve(optional(env, 'XSD_DATA_DIR') ?? '.data'),
    stream: optional(env, 'XSD_STREAM') ?? 'XSD_EVENTS',
    subjectPrefix: optional(env, 'XSD_SUBJECT_PREFIX') ?? '',
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : null,
    devnetBasePort: integerSetting(env, 'XSD_DEVNET_BASE_PORT', 8545),
    networkOverrides: networkOverrides(optional(env, 'XSD_NETWORKS_FILE')),
    trustedProxies: trustedProxies(optional(env, 'XSD_TRUSTED_PROXIES')),
    metricsPort: portSetting(env, 'XSD_METRICS_PORT', 9464),
    metricsHost: optional(env, 'XSD_METRICS_HOST') ?? '127.0.0.1',
    logLevel: logLevel(optional(env, 'XSD_LOG_LEVEL')),
    analyticsRawDays: positiveSetting(env, 'XSD_ANALYTICS_RAW_DAYS', 90),
    rawPriceDays: rawPriceDays(env),
    liveStreamMaxPerClient: positiveSetting(env, 'XSD_STREAM_MAX_PER_CLIENT', 20),
    liveStreamMaxTotal: positiveSetting(env, 'XSD_STREAM_MAX_TOTAL', 10_000),
    webhookAllowHosts: (optional(env, 'XSD_WEBHOOK_ALLOW_HOSTS') ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: publicUrl(optional(env, 'XSD_PUBLIC_URL'), port),
    mail: mailConfig(optional(env, 'XSD_SMTP_URL'), optional(env, 'XSD_MAIL_FROM')),
    telegram: telegramSettings(env),
    readCacheMb: positiveSetting(env, 'XSD_READ_CACHE_MB', 64),
  };
}

/** An http(s) origin, without a path; default `http://localhost:<PORT>`. */
function publicUrl(text: string | null, port: number): string {
  if (text === null) return `http://localhost:${port}`;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new ConfigError(`XSD_PUBLIC_URL must be an http(s) origin such as https://silverboard.example, got '${text}'`);
  }
  return url.origin;
}

const MAIL_FROM = /^(?:[^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

/** Both or neither; the URL is never repeated in an error, since it may hold a password. */
function mailConfig(smtpUrl: string | null, from: string | null): MailConfig | null {
  if ((smtpUrl === null) !== (from === null)) throw new ConfigError('Set both XSD_SMTP_URL and XSD_MAIL_FROM, or neither');
  if (smtpUrl === null || from === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(smtpUrl);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('XSD_SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example:465 (value not shown)');
  }
  if (!MAIL_FROM.test(from)) throw new ConfigError(`XSD_MAIL_FROM must be an email address, optionally with a name: 'Silverboard <noreply@example.com>', got '${from}'`);
  return { smtpUrl, from };
}

/** Bot tokens look like `123456:ABC-def_...`; anything else would only fail later, at Telegram. */
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]+$/;

function telegramSettings(env: NodeJS.ProcessEnv): TelegramConfig | null {
  const botToken = optional(env, 'XSD_TELEGRAM_BOT_TOKEN');
  if (botToken === null) return null;
  // The message names the variable, never its value.
  if (!BOT_TOKEN.test(botToken)) throw new ConfigError("XSD_TELEGRAM_BOT_TOKEN must look like '<bot id>:<secret>' as BotFather gives it");
  const apiUrl = optional(env, 'XSD_TELEGRAM_API_URL') ?? 'https://api.telegram.org';
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl)) throw new ConfigError(`XSD_TELEGRAM_API_URL must be an http(s) URL, got '${apiUrl}'`);
  return { botToken, apiUrl: apiUrl.replace(/\/+$/, '') };
}

function portSetting(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const text = optional(env, key) ?? String(fallback);
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${key} must be a whole number from 0 to 65535, got '${text}'`);
  }
  return port;
}

function logLevel(text: string | null): LogLevel {
  if (text === null) return 'info';
  const level = LOG_LEVELS.find((name) => name === text.toLowerCase());
  if (level === undefined) throw new ConfigError(`XSD_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${text}'`);
  return level;
}

const PROXY_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;

/** A comma-separated list of IPv4 / IPv6 addresses or CIDR ranges, e.g. `10.0.0.0/8, 127.0.0.1`. */
function trustedProxies(text: string | null): readonly string[] {
  if (text === null) return [];
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !PROXY_ADDRESS.test(entry));
  if (bad !== undefined) {
    throw new ConfigError(`XSD_TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas, got '${bad}'`);
  }
  return entries;
}

function networkOverrides(path: string | null): Partial<Record<ChainName, NetworkOverride>> {
  if (path === null) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`XSD_NETWORKS_FILE ${path} cannot be read: ${(error as Error).message}`);
  }
  try {
    return parseNetworkOverrides(JSON.parse(text));
  } catch (error) {
    throw new ConfigError(`XSD_NETWORKS_FILE ${path}: ${(error as Error).message}`);
  }
}

function streamReplicas(env: NodeJS.ProcessEnv): number {
  const replicas = integerSetting(env, 'XSD_STREAM_REPLICAS', 1);
  // JetStream keeps at most five copies of a stream.
  if (replicas < 1 || replicas > 5) throw new ConfigError(`XSD_STREAM_REPLICAS must be from 1 to 5, got '${replicas}'`);
  return replicas;
}

/** Raw readings back the 1-day charts and the 24 h figures, so at least two days are kept. */
export const DEFAULT_RAW_PRICE_DAYS = 90;

function rawPriceDays(env: NodeJS.ProcessEnv): number {
  const days = integerSetting(env, 'XSD_RAW_PRICE_DAYS', DEFAULT_RAW_PRICE_DAYS);
  if (days < 2) throw new ConfigError(`XSD_RAW_PRICE_DAYS must be at least 2, got '${days}'`);
  return days;
}

function integerSetting(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const text = optional(env, key);
  if (text === null) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${key} must be a whole number, got '${text}'`);
  return value;
}

function positiveSetting(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const value = integerSetting(env, key, fallback);
  if (value < 1) throw new ConfigError(`${key} must be at least 1, got '${value}'`);
  return value;
}

/** What the health route and the start banner may show: never a password or a URL's credentials. */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  return {
    database: config.databaseUrl ? redactUrl(config.databaseUrl) : `pglite:${config.dataDir}`,
    eventLog: config.natsUrl
      ? `jetstream:${natsServers(config.natsUrl).map(redactUrl).join(',')}/${config.stream} R${config.streamReplicas}`
      : 'embedded',
    networkProfile: config.networkProfile,
    port: config.port,
    mail: config.mail ? 'smtp' : 'off',
  };
}

/** NATS_URL's servers: one URL, or a cluster's as a comma-separated list. */
export function natsServers(natsUrl: string): string[] {
  return natsUrl
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable url)';
  }
}
