import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileStoreConfig, readConfig } from '../../server/env.ts';

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'];

/**
 * The file store the environment names, as the server reads it: the bucket under
 * scripts/with-s3.sh, else a new directory of the test's own (returned so the test removes it).
 */
export function storeFromEnvironment(): { config: FileStoreConfig; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'training-admin-files-'));
  const env = Object.fromEntries(S3_SETTINGS.map((name) => [name, process.env[name]]));
  return { config: readConfig({ ...env, DATA_DIR: root }).files, root };
}

/** Every file under a disk store's root, as keys, sorted. */
export function storedKeys(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}
