import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export const GIGABYTE = 1024 ** 3;

/**
 * An MP4's first box (`ftyp`, brand isom), which is what the upload's type check reads, followed
 * by filler up to `size` bytes. The filler is random, so neither disk nor network squeezes it.
 */
export function writeVideoLikeFile(path: string, size: number) {
  mkdirSync(dirname(path), { recursive: true });
  const header = Buffer.alloc(32);
  header.writeUInt32BE(32, 0);
  header.write('ftypisom', 4, 'latin1');
  header.writeUInt32BE(0x200, 12);
  header.write('isomiso2avc1mp41', 16, 'latin1');
  const filler = randomBytes(8 * 1024 * 1024);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header);
    let written = header.length;
    while (written < size) {
      const piece = Math.min(filler.length, size - written);
      writeSync(fd, filler, 0, piece);
      written += piece;
    }
  } finally {
    closeSync(fd);
  }
}
