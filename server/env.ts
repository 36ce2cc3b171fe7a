import { resolve } from 'node:path';
import * as v from 'valibot';
import { LOGIN_RATE_LIMIT } from '../contract/constants.ts';

const port = v.pipe(
  v.optional(v.string(), '3000'),
  v.transform(Number),
  v.integer('PORT must be a whole number.'),
  v.minValue(0),
  v.maxValue(65535),
);
const positiveInteger = (fallback: number, name: string) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer(`${name} must be a whole number.`),
    v.minValue(1, `${name} must be at least 1.`),
  );
const emptyAsUndefined = v.transform((value: string | undefined) => (value === '' ? undefined : value));
const optionalUrl = (protocols: RegExp, name: string) =>
  v.pipe(
    v.optional(v.string()),
    emptyAsUndefined,
    v.optional(
      v.pipe(
        v.string(),
        v.url(`${name} must be a URL.`),
        v.regex(protocols, `${name} has the wrong scheme.`),
      ),
    ),
  );
const flag = v.pipe(
  v.optional(v.picklist(['', '0', '1', 'false', 'true']), ''),
  v.transform((value) => value === '1' || value === 'true'),
);

const envSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'DATABASE_URL'),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'SMTP_URL'),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Training Admin <no-reply@localhost>'),
  APP_URL: optionalUrl(/^https?:\/\//, 'APP_URL'),
  LOGIN_RATE_LIMIT_MAX: positiveInteger(LOGIN_RATE_LIMIT.max, 'LOGIN_RATE_LIMIT_MAX'),
  /** Only behind a reverse proxy that sets X-Forwarded-For itself; otherwise clients could pick their address. */
  TRUST_PROXY: flag,
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './dist'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links in mail, without a trailing slash. */
  appUrl: string;
  loginRateLimitMax: number;
  trustProxy: boolean;
  /** The built PWA served beside the API. */
  distDir: string;
};

/** Reads and checks the configuration once, at start-up; a bad value stops the server with a clear message. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = result.output;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    loginRateLimitMax: values.LOGIN_RATE_LIMIT_MAX,
    trustProxy: values.TRUST_PROXY,
    distDir: resolve(values.DIST_DIR),
  };
}
