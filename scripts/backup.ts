/**
 * npm run backup [-- <archive.zip>]: one consistent archive of the embedded database and the stored
 * files in DATA_DIR, taken while the server runs (or not). See server/backup/ and the README.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDataDir, failed } from '../server/backup/commands.ts';
import { readConfig } from '../server/env.ts';
import { exitWhenDone } from '../server/exit.ts';

const usage = 'Usage: npm run backup [-- <archive.zip>]   (default: backups/training-admin-<time>.zip)';

/** Backs up to the archive the command names, or the default one; its exit code. */
async function backup(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = readConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const output = positionals[0] ?? join('backups', `training-admin-${stamp}.zip`);
  const started = performance.now();
  const { output: written, manifest, via, heldMs } = await backupDataDir(config, output);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Backed up ${config.dataDir} to ${written}`);
  console.log(
    `  database: ${manifest.database.files} files, ${mb(manifest.database.bytes)}; ` +
      (manifest.files.store === 'disk'
        ? `stored files: ${manifest.files.files}, ${mb(manifest.files.bytes)}`
        : 'stored files: in the S3 bucket, not in this archive (keep the bucket versioned or replicated)'),
  );
  console.log(
    via === 'server'
      ? `  taken by the running server, which held queries back for ${Math.round(heldMs)} ms; done in ${((performance.now() - started) / 1000).toFixed(1)} s`
      : `  no server was running; done in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

exitWhenDone(await backup().catch(failed));
