import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/env.ts';

describe('readConfig', () => {
  it('has working defaults', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Training Admin <no-reply@localhost>',
      appUrl: 'http://localhost:3000',
      loginRateLimitMax: 10,
      loginAddressRateLimitMax: 50,
      trustProxy: false,
      distDir: resolve('./dist'),
      files: { kind: 'disk', root: resolve('./data/files') },
      contentOrigin: 'http://localhost:3001',
      contentPort: 3001,
      webConcurrency: 1,
      warnings: [],
    });
  });

  it('runs WEB_CONCURRENCY server processes on PostgreSQL, one per core unless told, and one on the embedded database', () => {
    const postgres = { DATABASE_URL: 'postgres://app@db/training' };
    expect(readConfig(postgres)).toMatchObject({ webConcurrency: availableParallelism(), warnings: [] });
    expect(readConfig({ ...postgres, WEB_CONCURRENCY: '3' })).toMatchObject({ webConcurrency: 3 });
    expect(readConfig({ WEB_CONCURRENCY: '1' })).toMatchObject({ webConcurrency: 1, warnings: [] });
    expect(readConfig({ WEB_CONCURRENCY: '4' })).toMatchObject({
      webConcurrency: 1,
      warnings: [
        'WEB_CONCURRENCY=4: the embedded database allows one server process, so one runs. Set DATABASE_URL to a PostgreSQL server to run several.',
      ],
    });
    for (const bad of ['0', 'two', '1.5', '-2', '257'])
      expect(() => readConfig({ ...postgres, WEB_CONCURRENCY: bad })).toThrow(
        `WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number of server processes from 1 to 256 (got "${bad}").`,
      );
  });

  it("plays packages on the next port of the app's host unless told, and on no port of its own beside a random one", () => {
    expect(readConfig({ PORT: '8080', APP_URL: 'https://training.example.com' })).toMatchObject({
      contentPort: 8081,
      contentOrigin: 'https://training.example.com:8081',
    });
    expect(
      readConfig({ CONTENT_PORT: '9000', CONTENT_ORIGIN: 'https://content.example.com/' }),
    ).toMatchObject({ contentPort: 9000, contentOrigin: 'https://content.example.com' });
    expect(readConfig({ PORT: '0' })).toMatchObject({ contentPort: null });
    expect(readConfig({ CONTENT_PORT: '0' })).toMatchObject({ contentPort: null });
    expect(() => readConfig({ CONTENT_PORT: 'next' })).toThrow(/CONTENT_PORT must be a whole number\./);
    expect(() => readConfig({ CONTENT_ORIGIN: 'https://content.example.com/packages' })).toThrow(
      /CONTENT_ORIGIN must be a URL like/,
    );
  });

  it('keeps files in an S3-compatible bucket when all of its settings are given, and in none when some are', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'training',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(readConfig(s3).files).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'training',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(readConfig({ ...s3, S3_REGION: 'eu-west-1' }).files).toMatchObject({ region: 'eu-west-1' });
    expect(() => readConfig({ S3_BUCKET: 'training', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needed with S3_ENDPOINT, S3_BUCKET.',
    );
    expect(() => readConfig({ ...s3, S3_ENDPOINT: 'ftp://files' })).toThrow(
      'S3_ENDPOINT: S3_ENDPOINT must be a URL like https://',
    );
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = readConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/training',
      DATABASE_URL: 'postgres://app:secret@db:5432/training',
      SMTP_URL: 'smtp://mailer:2525',
      APP_URL: 'https://training.example.com/',
      LOGIN_RATE_LIMIT_MAX: '1000',
      LOGIN_ADDRESS_RATE_LIMIT_MAX: '5000',
      TRUST_PROXY: 'true',
      MAIL_FROM: '',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/var/lib/training',
      databaseUrl: 'postgres://app:secret@db:5432/training',
      smtpUrl: 'smtp://mailer:2525',
      appUrl: 'https://training.example.com',
      loginRateLimitMax: 1000,
      loginAddressRateLimitMax: 5000,
      trustProxy: true,
      mailFrom: 'Training Admin <no-reply@localhost>',
    });
    expect(readConfig({ PORT: '', APP_URL: '' })).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
    });
    expect(readConfig({ PORT: '5173' }).appUrl).toBe('http://localhost:5173');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() =>
      readConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/x',
        LOGIN_RATE_LIMIT_MAX: '0',
        LOGIN_ADDRESS_RATE_LIMIT_MAX: '1.5',
        TRUST_PROXY: 'maybe',
      }),
    ).toThrow(
      /PORT: PORT must be a whole number\.[\s\S]*DATABASE_URL: DATABASE_URL must be a URL like postgres:\/\/[\s\S]*LOGIN_RATE_LIMIT_MAX: LOGIN_RATE_LIMIT_MAX must be at least 1\.[\s\S]*LOGIN_ADDRESS_RATE_LIMIT_MAX: LOGIN_ADDRESS_RATE_LIMIT_MAX must be a whole number\.[\s\S]*TRUST_PROXY: TRUST_PROXY must be true or false\./,
    );
  });
});
