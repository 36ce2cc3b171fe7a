import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { ApiErrorBody } from '../contract/envelope.ts';
import { messages } from '../contract/messages.ts';
import { API_BASE } from '../contract/paths.ts';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { AppEnv, Logger } from './http/app-env.ts';
import { handleError } from './http/errors.ts';
import { distRoutes } from './http/static.ts';
import type { Mailer } from './mail/mailer.ts';
import { authRoutes } from './routes/auth.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { passwordRoutes } from './routes/password.ts';
import { sidebarRoutes } from './routes/sidebar.ts';
import { userRoutes } from './routes/user.ts';

/** JSON bodies are small; uploads, when they come, get their own limit on their own routes. */
const MAX_BODY_BYTES = 1024 * 1024;

export type CreateAppOptions = { db: Database; config: Config; mailer: Mailer; logger?: Logger };

export function createApp({ db, config, mailer, logger = console }: CreateAppOptions) {
  const deps = { db, config, mailer, logger };
  const api = new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => c.json({ message: messages.payloadTooLarge } satisfies ApiErrorBody, 413),
      }),
    )
    // Answers carry personal data and tokens; a shared cache must never keep them.
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    .route('/', authRoutes(deps))
    .route('/', passwordRoutes(deps))
    .route('/', userRoutes(deps))
    .route('/', sidebarRoutes(deps))
    .route('/', lookupRoutes(deps))
    .all('*', (c) => c.json({ message: messages.notFound } satisfies ApiErrorBody, 404));

  return new Hono<AppEnv>()
    .use(secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }))
    .route(API_BASE, api)
    .all('/api/*', (c) => c.json({ message: messages.notFound } satisfies ApiErrorBody, 404))
    .route('/', distRoutes(config.distDir))
    .notFound((c) => c.text('Not Found', 404))
    .onError(handleError(logger));
}

export type App = ReturnType<typeof createApp>;
