import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import type { FileStore } from '../../files/store.ts';
import { elearningFileKey } from './keys.ts';
import type { UnpackLimits } from './unpack.ts';

/** An entry unpacked as the upload arrived: what its local header said, checked against its bytes. */
export type StreamedEntry = {
  /** Its name as the local header spells it, decoded as yauzl decodes the directory's. */
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
  /** Where its bytes were written: its key as if the package's top were the zip's top. */
  key: string;
};

/**
 * What the upload's unpacking as it arrived left in the store: the entries whose bytes matched
 * their local header, by the offset of that header, and every key it wrote (checked or not), so
 * the import deletes whatever the zip's central directory does not vouch for.
 */
export type StreamedUpload = { entries: Map<number, StreamedEntry>; written: Set<string> };

const LOCAL_HEADER = 0x04034b50;
const FIXED_HEADER_BYTES = 30;
/** The flags that stop the reading: encrypted, or sizes only after the data (a data descriptor). */
const ENCRYPTED = 0x0001;
const DATA_DESCRIPTOR = 0x0008;
const UTF8_NAMES = 0x0800;
/** Sizes of 0xFFFFFFFF: the real ones are in a Zip64 extra field. */
const ZIP64_SIZE = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
/** How many entries' writes may still be finishing while the next one arrives. */
const IN_FLIGHT = 4;
/** How much of an entry may wait for the store, so the upload seldom waits on each write. */
const ENTRY_BUFFER_BYTES = 1024 * 1024;

type Header = {
  offset: number;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  name: string | undefined;
};

type State =
  | { kind: 'header'; offset: number; head: Buffer }
  | { kind: 'data'; remaining: number; input: Writable | undefined; header: Header }
  | { kind: 'stopped' };

/** A name the way yauzl decodes it: UTF-8 when flagged; otherwise only plain ASCII is decoded here. */
function nameOf(bytes: Buffer, flags: number): string | undefined {
  if (flags & UTF8_NAMES) return bytes.toString('utf8');
  return bytes.every((byte) => byte < 0x80) ? bytes.toString('latin1') : undefined;
}

/** Writes a piece, waiting while the stream is full; false once the stream is gone. */
async function writeTo(stream: Writable, piece: Buffer): Promise<boolean> {
  if (stream.destroyed) return false;
  if (stream.write(piece)) return true;
  // Whichever comes first; the other listener is removed, as an entry may fill its stream often.
  const settled = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: settled.signal }),
      once(stream, 'close', { signal: settled.signal }),
    ]);
  } catch {
    return false;
  } finally {
    settled.abort();
  }
  return !stream.destroyed;
}

/**
 * Unpacks a zip while it is being uploaded, so its bytes are written once as files rather than
 * stored, read back and written again: it reads the local header before each entry and writes
 * the entry's bytes to the store as they come (inflated when deflated), checking their size and
 * CRC-32 against the header. This is only a head start: the import then opens the stored zip's
 * central directory, keeps an entry's streamed file only where the directory agrees on offset,
 * name, method, sizes and CRC-32, and unpacks every other entry from the stored zip as before.
 *
 * It stops reading (leaving the rest to the import) at what it cannot follow without the
 * directory: an encrypted entry, a data descriptor, Zip64 sizes, anything but a local header
 * where one should be (the central directory, or bytes before the first entry). It skips the
 * entries the import never writes (folders, `__MACOSX/`, a name met before, a method other than
 * stored or deflate) and stops at the package's caps, so an upload never writes more than they
 * allow before the import checks it. Nothing here refuses an upload: any failure stops it.
 */
export class UploadUnzipper {
  private state: State = { kind: 'header', offset: 0, head: Buffer.alloc(0) };
  private position = 0;
  private entryCount = 0;
  private unpackedBytes = 0;
  private inFlight: Promise<void>[] = [];
  private readonly upload: StreamedUpload = { entries: new Map(), written: new Set() };

  constructor(
    private readonly store: FileStore,
    private readonly contentKey: string,
    private readonly limits: UnpackLimits,
  ) {}

  /** Takes the next bytes of the zip; resolves once it may take more. Never rejects. */
  async write(chunk: Buffer): Promise<void> {
    try {
      await this.take(chunk);
    } catch {
      this.stop();
    }
  }

  /** Stops reading: the entry being written is dropped, and what comes next is left to the import. */
  stop(): void {
    // With an error, so the store's write of the entry fails rather than keeps a part of it.
    if (this.state.kind === 'data') this.state.input?.destroy(new Error('The upload stopped being unpacked'));
    this.state = { kind: 'stopped' };
  }

  /** Once the upload has ended: waits for every write to settle and says what was unpacked. */
  async end(): Promise<StreamedUpload> {
    if (this.state.kind !== 'header' || this.state.head.length > 0) this.stop();
    await Promise.all(this.inFlight);
    return this.upload;
  }

  private async take(chunk: Buffer): Promise<void> {
    let rest = chunk;
    while (rest.length > 0) {
      const state = this.state;
      if (state.kind === 'stopped') return;
      if (state.kind === 'data') {
        const piece = rest.subarray(0, state.remaining);
        rest = rest.subarray(piece.length);
        this.position += piece.length;
        state.remaining -= piece.length;
        if (state.input && !(await writeTo(state.input, piece))) state.input = undefined;
        if (state.remaining === 0) await this.finishEntry();
        continue;
      }
      // A header: its fixed part first, then its name and extra field, copied a piece at a time.
      const wanted =
        state.head.length < FIXED_HEADER_BYTES ? FIXED_HEADER_BYTES : this.headerBytes(state.head);
      const piece = rest.subarray(0, wanted - state.head.length);
      rest = rest.subarray(piece.length);
      this.position += piece.length;
      state.head = Buffer.concat([state.head, piece]);
      if (state.head.length === FIXED_HEADER_BYTES && state.head.readUInt32LE(0) !== LOCAL_HEADER) {
        this.stop();
        return;
      }
      if (state.head.length >= FIXED_HEADER_BYTES && state.head.length === this.headerBytes(state.head))
        await this.startEntry(state.offset, state.head);
    }
  }

  private headerBytes(head: Buffer): number {
    return FIXED_HEADER_BYTES + head.readUInt16LE(26) + head.readUInt16LE(28);
  }

  private async startEntry(offset: number, head: Buffer): Promise<void> {
    const header: Header = {
      offset,
      flags: head.readUInt16LE(6),
      method: head.readUInt16LE(8),
      crc32: head.readUInt32LE(14),
      compressedSize: head.readUInt32LE(18),
      uncompressedSize: head.readUInt32LE(22),
      name: undefined,
    };
    if (
      header.flags & (ENCRYPTED | DATA_DESCRIPTOR) ||
      header.compressedSize === ZIP64_SIZE ||
      header.uncompressedSize === ZIP64_SIZE
    ) {
      this.stop();
      return;
    }
    header.name = nameOf(
      head.subarray(FIXED_HEADER_BYTES, FIXED_HEADER_BYTES + head.readUInt16LE(26)),
      header.flags,
    );
    this.entryCount += 1;
    this.unpackedBytes += header.uncompressedSize;
    if (this.entryCount > this.limits.maxEntries || this.unpackedBytes > this.limits.maxUnpackedBytes) {
      this.stop();
      return;
    }
    this.state = { kind: 'data', remaining: header.compressedSize, input: this.open(header), header };
    if (header.compressedSize === 0) await this.finishEntry();
  }

  /** The stream an entry's bytes go into on their way to the store, or none for one it skips. */
  private open(header: Header): Writable | undefined {
    const { name, method } = header;
    if (name === undefined || name.endsWith('/') || name.startsWith('__MACOSX/')) return undefined;
    if (method !== STORED && method !== DEFLATED) return undefined;
    if (method === STORED && header.compressedSize !== header.uncompressedSize) return undefined;
    const key = elearningFileKey(this.contentKey, name);
    if (this.upload.written.has(key)) return undefined;
    this.upload.written.add(key);

    let size = 0;
    let sum = 0;
    const checked = new Transform({
      highWaterMark: ENTRY_BUFFER_BYTES,
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        sum = crc32(chunk, sum);
        if (size > header.uncompressedSize) done(new Error('more bytes than the header says'));
        else done(null, chunk);
      },
    });
    const input = method === DEFLATED ? createInflateRaw() : checked;
    if (input !== checked) {
      input.on('error', (error) => checked.destroy(error));
      input.pipe(checked);
    }
    const written = this.store.disk.putStream(key, checked).then(
      () => {
        if (size === header.uncompressedSize && sum === header.crc32)
          this.upload.entries.set(header.offset, {
            name,
            method,
            compressedSize: header.compressedSize,
            uncompressedSize: header.uncompressedSize,
            crc32: header.crc32,
            key,
          });
      },
      () => undefined,
    );
    this.inFlight.push(written);
    return input;
  }

  private async finishEntry(): Promise<void> {
    const state = this.state;
    if (state.kind !== 'data') return;
    state.input?.end();
    this.state = { kind: 'header', offset: this.position, head: Buffer.alloc(0) };
    // The oldest write waited for once too many are finishing, so the upload waits on the store.
    if (this.inFlight.length > IN_FLIGHT) await this.inFlight.shift();
  }
}
