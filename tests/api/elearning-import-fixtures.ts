import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { elearningPaths } from '../../contract/elearning/resource.ts';
import type { TestContext } from './helpers.ts';

/** Every file the store holds under elearning/, as keys (the disk store of the test's own). */
export function storedElearningKeys(t: TestContext): string[] {
  const files = t.config.files;
  if (files.kind !== 'disk') throw new Error('These tests read the disk store');
  const root = join(files.root, 'elearning');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(files.root.length + 1))
    .sort();
}

/** The package form: its text fields, then the zip last, as the screen sends it. */
export function packageForm(
  zip: Buffer | undefined,
  fields: Record<string, string> = {},
  name = 'package.zip',
) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  if (zip) form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name);
  return form;
}

/** POST /elearning-package with this zip as `token`. */
export const uploadPackage = (
  t: TestContext,
  token: string,
  zip: Buffer | undefined,
  fields: Record<string, string> = {},
  name?: string,
) => t.call('POST', elearningPaths.list, { token, form: packageForm(zip, fields, name) });

export type RawEntry = { name: string; data?: string | Buffer; mode?: number };

/**
 * A zip written byte by byte (stored, no compression), so an entry may carry what zip tools refuse
 * to write: a name climbing out (`../x`), an absolute one, or a Unix mode marking a symbolic link.
 */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? Buffer.alloc(0));
    const fileName = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode's bits count
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
