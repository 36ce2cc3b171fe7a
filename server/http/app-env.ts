import type { HttpBindings } from '@hono/node-server';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import type { FileStore } from '../files/store.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Background } from './background.ts';

export type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/**
 * What every router needs; passed in so tests can build an app on their own database. `background`
 * runs work a handler leaves for after its answer (see background.ts).
 */
export type AppDeps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  background: Background;
  /** Where lesson files live: DATA_DIR/files, or the S3-compatible bucket the S3_* settings name. */
  files: FileStore;
  /** The time deadlines and expiries are judged by; tests move it. */
  clock: () => Date;
};

/** The signed-in caller, set by requireAuth. */
export type AuthState = { userId: string; sessionId: string; administrativeRoleId: string | null };

export type AppEnv = {
  // Empty under app.request in tests; the Node adapter fills it when serving.
  Bindings: Partial<HttpBindings>;
  Variables: { auth: AuthState };
};
