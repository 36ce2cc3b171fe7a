import { createReadStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { FileStoreConfig } from '../env.ts';
import { PartsS3Driver } from './s3-parts.ts';

/** Bytes first to last, both included, as a Range header names them. */
export type ByteRange = { start: number; end: number };

/**
 * The file store: flydrive's disk for writing, reading whole files and their metadata, plus the one
 * thing flydrive leaves out, reading a range of bytes (a video seeked to its middle, the last page
 * of a PDF). Keys are the store's own names (`activities/<random>.mp4`), never a user's.
 */
export type FileStore = {
  disk: Disk;
  /** A stream of the file's bytes, or of the range asked for. */
  read(key: string, range?: ByteRange): Promise<Readable>;
};

/** A key as the store writes it: folders and a random name, nothing a path could climb out of. */
export const STORE_KEY = /^[a-z-]+(\/[a-z-]+)*\/[A-Za-z0-9_-]{22}(\.[a-z0-9]{1,8})?$/;

/**
 * An e-learning package's keys (server/modules/elearning/keys.ts): the zip of an upload, or a file
 * unpacked from it under a hashed name. Read by range too (the import's unzip, a video seeked).
 */
export const ELEARNING_STORE_KEY = /^elearning\/[0-9a-f-]{36}\/[0-9a-f-]{36}(\.zip|\/[A-Za-z0-9_-]{32})$/;

export function createFileStore(config: FileStoreConfig): FileStore {
  if (config.kind === 'disk') {
    mkdirSync(config.root, { recursive: true });
    const disk = new Disk(new FSDriver({ location: config.root, visibility: 'private' }));
    return {
      disk,
      read: async (key, range) => createReadStream(join(config.root, checkedKey(key)), range),
    };
  }
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    // Path-style addressing works with every S3-compatible server, not only with AWS's host names.
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const disk = new Disk(new PartsS3Driver({ client, bucket: config.bucket, visibility: 'private' }));
  return {
    disk,
    read: async (key, range) => {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: config.bucket,
          Key: checkedKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`The store answered no stream for ${key}`);
      return answer.Body;
    },
  };
}

function checkedKey(key: string) {
  if (!STORE_KEY.test(key) && !ELEARNING_STORE_KEY.test(key)) throw new Error(`Not a file store key: ${key}`);
  return key;
}
