import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { WriteOptions } from 'flydrive/types';
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
  /**
   * Where a stored file lies on this machine, for a store on disk: what is read at random there
   * (a video's duration from its index at the end) costs a few reads, not a stream of every byte.
   */
  path?(key: string): string;
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
    const disk = new Disk(new StreamingFSDriver({ location: config.root, visibility: 'private' }));
    return {
      disk,
      read: async (key, range) => createReadStream(join(config.root, checkedKey(key)), range),
      path: (key) => join(config.root, checkedKey(key)),
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

/**
 * How many bytes a stream written to disk may hold before it waits for the disk: while one write is
 * under way the chunks that arrive gather, and go in the next write together (one writev).
 */
const DISK_WRITE_BYTES = 1024 * 1024;

/** The errors of a process or system out of file descriptors, for a while: the open is tried again. */
const OUT_OF_FILES = new Set(['EMFILE', 'ENFILE']);

/**
 * flydrive's disk driver writing streams as a file write stream does: chunks that arrive while the
 * disk writes are gathered into the next write. flydrive's own putStream hands the stream to
 * fs.writeFile, which writes each chunk (a multipart parser's are 64 KB and less) on its own and
 * waits for it before reading the next one, which for a 1 GB upload is 16,000 writes in a row.
 * The file is open before a byte is read, and the promise settles once it is closed, so a caller
 * deleting the file after a failure finds it. Everything else is flydrive's.
 */
class StreamingFSDriver extends FSDriver {
  readonly #root: string;

  constructor(options: { location: string; visibility: 'private' | 'public' }) {
    super(options);
    this.#root = options.location;
  }

  override async putStream(key: string, contents: Readable, _options?: WriteOptions): Promise<void> {
    const location = join(this.#root, key);
    // A stream failing while the file is opened (its sender gone) fails the write once it is.
    let failure: { error: unknown } | undefined;
    const failed = (error: unknown) => {
      failure ??= { error };
    };
    contents.once('error', failed);
    const file = await mkdir(dirname(location), { recursive: true })
      .then(() => openForWriting(location))
      .finally(() => contents.off('error', failed));
    if (failure) {
      await file.close();
      throw failure.error;
    }
    const writer = file.createWriteStream({ highWaterMark: DISK_WRITE_BYTES });
    try {
      await pipeline(contents, writer);
    } finally {
      if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    }
  }
}

async function openForWriting(location: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(location, 'w');
    } catch (error) {
      if (attempt >= 5 || !OUT_OF_FILES.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await sleep(50 * attempt);
    }
  }
}
