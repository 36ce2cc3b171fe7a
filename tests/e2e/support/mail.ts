import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_MAIL_DIR } from './config.ts';

/** The reset link from the newest mail the SMTP sink received for `to`, or null. */
export function latestResetLink(to: string): string | null {
  const files = readdirSync(E2E_MAIL_DIR).sort().reverse();
  for (const file of files) {
    // Undo quoted-printable soft line breaks so a long link reads whole.
    const raw = readFileSync(resolve(E2E_MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, '');
    if (!new RegExp(`^To:.*${to.replace('.', '\\.')}`, 'im').test(raw)) continue;
    const match = raw.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/);
    if (match) return match[0];
  }
  return null;
}
