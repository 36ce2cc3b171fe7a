import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { LOGIN_ADDRESS_RATE_LIMIT, LOGIN_RATE_LIMIT } from '../contract/constants.ts';

/** An unset or empty variable reads as missing, so `PORT=` gets the default like no PORT at all. */
const text = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value.trim() || undefined),
);
const withDefault = (fallback: string) =>
  v.pipe(
    text,
    v.transform((value) => value ?? fallback),
  );
const wholeNumber = (fallback: number, name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    withDefault(String(fallback)),
    v.transform(Number),
    v.integer(`${name} must be a whole number.`),
    v.minValue(min, `${name} must be at least ${min}.`),
    v.maxValue(max, `${name} must be at most ${max}.`),
  );
const optionalUrl = (name: string, scheme: RegExp, example: string) =>
  v.pipe(
    text,
    v.check(
      (value) => value === undefined || (URL.canParse(value) && scheme.test(value)),
      `${name} must be a URL like ${example}.`,
    ),
  );
const flag = (name: string) =>
  v.pipe(
    withDefault('false'),
    v.picklist(['0', '1', 'false', 'true'], `${name} must be true or false.`),
    v.transform((value) => value === '1' || value === 'true'),
  );

const envSchema = v.object({
  PORT: wholeNumber(3000, 'PORT', 0, 65535),
  HOST: withDefault('127.0.0.1'),
  DATA_DIR: withDefault('./data'),
  DATABASE_URL: optionalUrl(
    'DATABASE_URL',
    /^postgres(ql)?:\/\//,
    'postgres://user:password@host:5432/database',
  ),
  SMTP_URL: optionalUrl('SMTP_URL', /^smtps?:\/\//, 'smtp://user:password@host:587'),
  MAIL_FROM: withDefault('Training Admin <no-reply@localhost>'),
  APP_URL: optionalUrl('APP_URL', /^https?:\/\//, 'https://training.example.com'),
  LOGIN_RATE_LIMIT_MAX: wholeNumber(LOGIN_RATE_LIMIT.max, 'LOGIN_RATE_LIMIT_MAX', 1),
  LOGIN_ADDRESS_RATE_LIMIT_MAX: wholeNumber(LOGIN_ADDRESS_RATE_LIMIT.max, 'LOGIN_ADDRESS_RATE_LIMIT_MAX', 1),
  /** Only behind a reverse proxy that sets X-Forwarded-For itself; otherwise clients could pick their address. */
  TRUST_PROXY: flag('TRUST_PROXY'),
  DIST_DIR: withDefault('./dist'),
  /** The file store: an S3-compatible bucket when these are set, else DATA_DIR/files. */
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT', /^https?:\/\//, 'https://s3.eu-west-1.amazonaws.com'),
  S3_BUCKET: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_REGION: withDefault('us-east-1'),
  /**
   * Where e-learning packages play from: an origin of their own, so a package reaches neither the
   * app's storage nor its API as the learner. By default this server on CONTENT_PORT.
   */
  CONTENT_ORIGIN: optionalUrl(
    'CONTENT_ORIGIN',
    /^https?:\/\/[^/]+\/?$/,
    'https://content.training.example.com',
  ),
  /** The port this server answers the content origin on; PORT + 1 unless told (0: none). */
  CONTENT_PORT: text,
  /** Server processes on one port; by default one per core on PostgreSQL, always one on the embedded database. */
  WEB_CONCURRENCY: text,
});

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Where uploaded files are kept. */
export type FileStoreConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links in mail, without a trailing slash. */
  appUrl: string;
  /**
   * Failed sign-ins per email and address before 429; the same number of failures on one email from
   * all addresses together locks the email for the addresses that failed on it.
   */
  loginRateLimitMax: number;
  /** Failed sign-ins from one address, whatever the email, before it gets 429 for every email. */
  loginAddressRateLimitMax: number;
  trustProxy: boolean;
  /** The built PWA served beside the API. */
  distDir: string;
  files: FileStoreConfig;
  /** The origin e-learning packages play from (scheme, host and port, no trailing slash). */
  contentOrigin: string;
  /** The port this server answers the content origin on; null when it answers none. */
  contentPort: number | null;
  /**
   * Server processes answering on the ports (server/cluster.ts): WEB_CONCURRENCY, else one per core
   * on PostgreSQL; always 1 on the embedded database, which one process holds.
   */
  webConcurrency: number;
  /** What the start should tell the operator about a setting it did not follow as given. */
  warnings: string[];
};

/** Reads and checks the configuration once, at start-up; a bad value stops the server with a clear message. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(envSchema, env, { abortPipeEarly: true });
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = result.output;
  const s3Set = S3_SETTINGS.filter((name) => values[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_SETTINGS.length) {
    const missing = S3_SETTINGS.filter((name) => values[name] === undefined);
    throw new Error(`Invalid configuration:\n${missing.join(', ')}: needed with ${s3Set.join(', ')}.`);
  }
  const files: FileStoreConfig =
    values.S3_ENDPOINT && values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
      ? {
          kind: 's3',
          endpoint: values.S3_ENDPOINT,
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
        }
      : { kind: 'disk', root: resolve(values.DATA_DIR, 'files') };
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    loginRateLimitMax: values.LOGIN_RATE_LIMIT_MAX,
    loginAddressRateLimitMax: values.LOGIN_ADDRESS_RATE_LIMIT_MAX,
    trustProxy: values.TRUST_PROXY,
    distDir: resolve(values.DIST_DIR),
    files,
    ...contentOriginConfig(values),
    ...webConcurrencyConfig(values),
  };
}

/** More processes than this is a typo, not a machine: each holds connections to the database. */
const MAX_PROCESSES = 256;

/**
 * WEB_CONCURRENCY: a whole number from 1. Unset, one process per core on PostgreSQL and one on the
 * embedded database; asked for more on the embedded database, one, and a warning saying so.
 */
function webConcurrencyConfig(
  values: v.InferOutput<typeof envSchema>,
): Pick<Config, 'webConcurrency' | 'warnings'> {
  const told = values.WEB_CONCURRENCY;
  if (told !== undefined && !(/^\d{1,4}$/.test(told) && Number(told) >= 1 && Number(told) <= MAX_PROCESSES))
    throw new Error(
      `Invalid configuration:\nWEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number of server processes from 1 to ${MAX_PROCESSES} (got "${told}").`,
    );
  const asked = told === undefined ? undefined : Number(told);
  if (values.DATABASE_URL) return { webConcurrency: asked ?? availableParallelism(), warnings: [] };
  return {
    webConcurrency: 1,
    warnings:
      asked !== undefined && asked > 1
        ? [
            `WEB_CONCURRENCY=${asked}: the embedded database allows one server process, so one runs. Set DATABASE_URL to a PostgreSQL server to run several.`,
          ]
        : [],
  };
}

/**
 * CONTENT_PORT: PORT + 1 unless told, and none when PORT is 0 (a test's random port) or it is 0.
 * CONTENT_ORIGIN: unless told, that port on the host of the address people open the app at
 * (APP_URL, `localhost` by default), so the app and its packages' origin stay one site apart only
 * by port.
 */
function contentOriginConfig(
  values: v.InferOutput<typeof envSchema>,
): Pick<Config, 'contentOrigin' | 'contentPort'> {
  const told = values.CONTENT_PORT;
  if (told !== undefined && !/^\d+$/.test(told))
    throw new Error('Invalid configuration:\nCONTENT_PORT: CONTENT_PORT must be a whole number.');
  const port = told === undefined ? (values.PORT === 0 ? 0 : values.PORT + 1) : Number(told);
  if (port > 65535)
    throw new Error('Invalid configuration:\nCONTENT_PORT: CONTENT_PORT must be at most 65535.');
  const app = new URL(values.APP_URL ?? `http://localhost:${values.PORT}`);
  return {
    contentPort: port === 0 ? null : port,
    contentOrigin: (values.CONTENT_ORIGIN ?? `${app.protocol}//${app.hostname}:${port}`).replace(/\/+$/, ''),
  };
}
