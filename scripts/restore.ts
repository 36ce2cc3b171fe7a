/**
 * npm run restore <archive.zip>: brings a backup made by npm run backup back into DATA_DIR, which
 * must be empty or missing. See server/backup/ and the README.
 */
import { parseArgs } from 'node:util';
import { failed, restoreDataDir } from '../server/backup/commands.ts';
import { readConfig } from '../server/env.ts';
import { exitWhenDone } from '../server/exit.ts';

const usage =
  'Usage: npm run restore <archive.zip>   (into DATA_DIR, default ./data, which must be empty or missing)';

/** Restores the archive the command names; its exit code. */
async function restore(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = readConfig();
  const { dataDir, manifest, migrations } = await restoreDataDir(config, positionals[0] as string);
  console.log(`Restored the backup taken at ${manifest.takenAt} into ${dataDir}`);
  console.log(
    `  database: ${manifest.database.files} files (${migrations} migrations applied); ` +
      (manifest.files.store === 'disk'
        ? `stored files: ${manifest.files.files}`
        : 'stored files: none in the archive, they live in the S3 bucket'),
  );
  if (manifest.files.store === 'disk' && config.files.kind === 's3')
    console.log(`  S3_* is set: the server reads files from the bucket, not from ${dataDir}/files.`);
  console.log('Start the server (npm start) to use it.');
  return 0;
}

exitWhenDone(await restore().catch(failed));
