import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStore } from './store.ts';

/** A span of the zip read ahead (or being read): small reads inside it are answered from memory. */
type Window = { start: number; bytes: Promise<Buffer> };

/** How much is read ahead for a small read, and how many such spans are kept. */
const WINDOW_BYTES = 256 * 1024;
const WINDOWS = 8;

/**
 * yauzl reads the zip where it lies in the store, a range at a time (disk or S3 alike). yauzl asks
 * for many small ranges (each central directory record, each entry's local header before its
 * data), so a small read fetches a megabyte from where it starts and the next reads inside it,
 * often the entry's data itself, come from memory: about one store read per small entry instead
 * of four. Reads inside a span still on its way wait for it rather than read it again. At most WINDOWS spans are kept, the oldest dropped first.
 */
export class StoreZipReader extends yauzl.RandomAccessReader {
  private windows: Window[] = [];

  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }

  /** The bytes of [start, end) from a span read ahead, or undefined when no span holds them. */
  private fromWindow(start: number, end: number): Promise<Buffer> | undefined {
    const found = this.windows.find((window) => start >= window.start && end <= window.start + WINDOW_BYTES);
    return found?.bytes.then((bytes) => bytes.subarray(start - found.start, end - found.start));
  }

  private readWindow(start: number): Promise<Buffer> {
    const bytes = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.read(this.key, { start, end: start + WINDOW_BYTES - 1 }))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    })();
    this.windows.push({ start, bytes });
    if (this.windows.length > WINDOWS) this.windows.shift();
    return bytes;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    // A span past the end of the file holds less than asked: yauzl then sees too few bytes.
    const small =
      this.fromWindow(start, end) ??
      (end - start <= WINDOW_BYTES / 2
        ? this.readWindow(start).then((bytes) => bytes.subarray(0, end - start))
        : undefined);
    if (small) {
      small.then((bytes) => out.end(bytes)).catch((error: unknown) => out.destroy(error as Error));
      return out;
    }
    this.store
      .read(this.key, { start, end: end - 1 })
      .then((stream) => stream.on('error', (error) => out.destroy(error)).pipe(out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }
}
