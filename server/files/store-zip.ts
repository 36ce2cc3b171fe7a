import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStore } from './store.ts';

/** yauzl reads the zip where it lies in the store, a range at a time (disk or S3 alike). */
export class StoreZipReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.store
      .read(this.key, { start, end: end - 1 })
      .then((stream) => stream.on('error', (error) => out.destroy(error)).pipe(out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }
}
