// Starts the built app and API for the end-to-end tests on a fresh database, with an SMTP sink that
// writes every mail the API sends into E2E_MAIL_DIR, so tests can follow a reset link as a user would.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import {
  E2E_BASE_URL,
  E2E_CONTENT_ORIGIN,
  E2E_CONTENT_PORT,
  E2E_DIR,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SMTP_PORT,
} from './config.ts';

rmSync(E2E_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true });

let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      mailCount += 1;
      writeFileSync(resolve(E2E_MAIL_DIR, `${Date.now()}-${mailCount}.eml`), Buffer.concat(chunks));
      done();
    });
  },
});
smtp.listen(E2E_SMTP_PORT, '127.0.0.1');

const api = spawn('npx', ['tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    DATA_DIR: resolve(E2E_DIR, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    APP_URL: E2E_BASE_URL,
    CONTENT_PORT: String(E2E_CONTENT_PORT),
    CONTENT_ORIGIN: E2E_CONTENT_ORIGIN,
  },
});

function stop(code = 0) {
  api.kill('SIGTERM');
  smtp.close(() => process.exit(code));
  setTimeout(() => process.exit(code), 3000).unref();
}
api.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

// Stop by ourselves when the test runner that started us is gone (it passes its process id: our own
// parent is only the wrapper that npx and tsx put between us), or after an hour at most.
const parent = Number(process.env.E2E_RUNNER_PID) || process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    // The whole process group the runner started (the npx and tsx wrappers, the API server under
    // them): stopping only the wrapper we spawned would leave the server itself running.
    process.kill(0, 'SIGTERM');
  }
}, 2000).unref();
setTimeout(() => stop(), 60 * 60 * 1000).unref();
