import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_KINDS, fileMessages } from '../../contract/files.ts';
import { messages } from '../../contract/messages.ts';
import {
  deleteProfilePicture,
  movePicturesIntoStore,
  profilePictureRoutes,
  saveProfilePicture,
} from '../../server/files/profile-pictures.ts';
import { createFileStore } from '../../server/files/store.ts';
import { readStreamedForm } from '../../server/files/streamed-form.ts';
import { FileRefused, storeUpload } from '../../server/files/upload.ts';
import { ApiError } from '../../server/http/errors.ts';
import { tinyWav } from '../e2e/support/lesson-files.ts';
import { storeFromEnvironment } from './files-env.ts';

const seedFile = (name: string) =>
  readFileSync(new URL(`../../server/db/seed-files/${name}`, import.meta.url));

// On the store the environment names: the disk, or the bucket under scripts/with-s3.sh.
const { config, root } = storeFromEnvironment();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileStore(config);

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const windowsProgram = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);
/** The Compound File signature that old Office files start with. */
const compoundFile = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(600),
]);

const filesIn = async (folder: string) => {
  const { objects } = await store.disk.listAll(folder, { recursive: true });
  return [...objects].map((object) => ('key' in object ? object.key : object.prefix));
};

/** `total` zero bytes in 1 MB pieces, made as they are read. */
function zeros(total: number) {
  let left = total;
  return new Readable({
    read() {
      const size = Math.min(left, 1024 * 1024);
      left -= size;
      this.push(size > 0 ? Buffer.alloc(size) : null);
    },
  });
}

/** An MP4's top-level boxes by type, each with its header. */
function mp4Boxes(file: Buffer) {
  const boxes = new Map<string, Buffer>();
  for (let at = 0; at < file.length; ) {
    const size = file.readUInt32BE(at);
    boxes.set(file.toString('latin1', at + 4, at + 8), file.subarray(at, at + size));
    at += size;
  }
  return boxes;
}

/** `head`, then `size` zero bytes in 1 MB pieces, then the stream fails as a connection that drops. */
function cutShort(head: Buffer, size: number) {
  let left = size;
  return new Readable({
    read() {
      if (head.length > 0) {
        this.push(head);
        head = Buffer.alloc(0);
        return;
      }
      if (left <= 0) return this.destroy(new Error('The connection dropped.'));
      const piece = Math.min(left, 1024 * 1024);
      left -= piece;
      this.push(Buffer.alloc(piece));
    },
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileRefused);
  return error as FileRefused;
}

describe(`file store (${config.kind})`, () => {
  it('stores a file of an accepted type under a random key and reads it whole or by range', async () => {
    const stored = await storeUpload(store, 'pdf', Readable.from([pdf]), 'Handbook.PDF', 'activities');
    expect(stored).toMatchObject({
      mimeType: 'application/pdf',
      extension: 'pdf',
      size: pdf.length,
      name: 'Handbook.PDF',
    });
    expect(stored.key).toMatch(/^activities\/[A-Za-z0-9_-]{22}\.pdf$/);
    expect(await store.disk.getBytes(stored.key)).toEqual(new Uint8Array(pdf));
    expect(await text(await store.read(stored.key, { start: 0, end: 7 }))).toBe('%PDF-1.4');
    expect((await store.disk.getMetaData(stored.key)).contentLength).toBe(pdf.length);
  });

  it('refuses a file whose bytes are not of the kind, whatever its name, and keeps nothing', async () => {
    const error = await refusal(storeUpload(store, 'pdf', Readable.from([png]), 'notes.pdf', 'refused-type'));
    expect(error).toMatchObject({ status: 422, message: 'The file must be a PDF file (pdf).' });
    expect(fileMessages.wrongType('audio')).toBe('The file must be an audio file (mp3, m4a, ogg, wav).');
    expect(await filesIn('refused-type')).toEqual([]);
  });

  it('takes an old PowerPoint file by its Compound File bytes and its name, and no other Compound File', async () => {
    const stored = await storeUpload(
      store,
      'powerpoint',
      Readable.from([compoundFile]),
      'Deck.ppt',
      'slides',
    );
    expect(stored).toMatchObject({ extension: 'ppt', mimeType: 'application/vnd.ms-powerpoint' });
    const error = await refusal(
      storeUpload(store, 'powerpoint', Readable.from([compoundFile]), 'Memo.doc', 'slides-refused'),
    );
    expect(error.status).toBe(422);
    expect(await filesIn('slides-refused')).toEqual([]);
  });

  it('takes an instructions file of any type but a program, told by its bytes or its name', async () => {
    const byBytes = await refusal(
      storeUpload(store, 'fileUpload', Readable.from([windowsProgram]), 'report.txt', 'instructions'),
    );
    expect(byBytes).toMatchObject({ status: 422, message: 'Programs cannot be uploaded.' });
    await refusal(
      storeUpload(
        store,
        'fileUpload',
        Readable.from([Buffer.from('echo hello\n')]),
        'setup.sh',
        'instructions',
      ),
    );
    expect(await filesIn('instructions')).toEqual([]);

    const notes = await storeUpload(
      store,
      'fileUpload',
      Readable.from([Buffer.from('plain notes\n')]),
      'notes.bin',
      'instructions',
    );
    expect(notes).toMatchObject({ extension: 'bin', mimeType: 'application/octet-stream', size: 12 });
    expect(await filesIn('instructions')).toHaveLength(1);
  });

  it('takes a hand-in of the kinds people hand in by its name as served, never a program by its bytes', async () => {
    const handInRefusal =
      'The file must be a document, spreadsheet, slides, image, audio, video, archive or text file.';
    const byBytes = await refusal(
      storeUpload(store, 'handIn', Readable.from([windowsProgram]), 'report.txt', 'hand-ins'),
    );
    expect(byBytes).toMatchObject({ status: 422, message: handInRefusal });
    for (const name of ['page.hta', 'run.bat. ', 'notes.txt\u0000.js', 'archive.zip/evil.js'])
      expect(
        await refusal(storeUpload(store, 'handIn', Readable.from([Buffer.from('text\n')]), name, 'hand-ins')),
      ).toMatchObject({ status: 422, message: handInRefusal });
    expect(await filesIn('hand-ins')).toEqual([]);

    const notes = await storeUpload(
      store,
      'handIn',
      Readable.from([Buffer.from('plain notes\n')]),
      ' Notes.TXT.. ',
      'hand-ins',
    );
    expect(notes).toMatchObject({ name: 'Notes.TXT', extension: 'bin', size: 12 });
    expect(await filesIn('hand-ins')).toHaveLength(1);
  });

  it('stops a file over its kind’s cap as the bytes arrive and deletes what was written', async () => {
    const cap = FILE_KINDS.fileUpload.maxBytes;
    expect(fileMessages.tooLarge('fileUpload')).toBe('The file must be at most 100 MB.');
    expect(fileMessages.tooLarge('video')).toBe('The file must be at most 2 GB.');
    const error = await refusal(storeUpload(store, 'fileUpload', zeros(cap + 1), 'big.bin', 'too-large'));
    expect(error).toMatchObject({ status: 413, message: 'The file must be at most 100 MB.' });
    expect(await filesIn('too-large')).toEqual([]);

    const atCap = await storeUpload(store, 'fileUpload', zeros(cap), 'full.bin', 'at-cap');
    expect(atCap.size).toBe(cap);
    await store.disk.delete(atCap.key);
  });

  it('reads a video’s or audio’s duration from its bytes as it stores it', async () => {
    const wav = tinyWav(600);
    const audio = await storeUpload(store, 'audio', Readable.from([wav]), 'talk.wav', 'media');
    expect(audio).toMatchObject({ extension: 'wav', size: wav.length });
    expect(audio.duration).toBeCloseTo(600, 1);
    expect(Buffer.from(await store.disk.getBytes(audio.key)).equals(wav)).toBe(true);

    // The parser has what it needs from the index at the front; the rest still reaches the store whole.
    const mp4 = Buffer.concat([seedFile('fire-drill.mp4'), Buffer.alloc(8 * 1024 * 1024)]);
    const video = await storeUpload(store, 'video', Readable.from([mp4]), 'drill.mp4', 'media');
    expect(video.size).toBe(mp4.length);
    expect(video.duration).toBeCloseTo(4.05, 1);

    const document = await storeUpload(store, 'pdf', Readable.from([pdf]), 'guide.pdf', 'media');
    expect(document.duration).toBeUndefined();
  });

  it('reads the duration of a video whose index comes after its media, as cameras write them', async () => {
    const boxes = mp4Boxes(seedFile('fire-drill.mp4'));
    const media = boxes.get('mdat') as Buffer;
    // The media box grown by 8 MB of zeros, then the index (moov) after it.
    const grown = Buffer.concat([media, Buffer.alloc(8 * 1024 * 1024)]);
    grown.writeUInt32BE(grown.length, 0);
    const video = Buffer.concat([boxes.get('ftyp') as Buffer, grown, boxes.get('moov') as Buffer]);
    const stored = await storeUpload(store, 'video', Readable.from([video]), 'camera.mp4', 'media');
    expect(stored).toMatchObject({ extension: 'mp4', mimeType: 'video/mp4', size: video.length });
    expect(stored.duration).toBeCloseTo(4.05, 1);
    expect(Buffer.from(await store.disk.getBytes(stored.key)).equals(video)).toBe(true);
  });

  it('keeps nothing of a file whose sender goes away midway, and says so', async () => {
    // Past a part of the bucket's multipart upload, so the parts sent are dropped too.
    const upload = storeUpload(store, 'pdf', cutShort(pdf, 9 * 1024 * 1024), 'cut.pdf', 'cut-short');
    await expect(upload).rejects.toThrow();
    expect(await filesIn('cut-short')).toEqual([]);
  });

  it('keeps nothing of a form cut short in a file, and answers it is no valid form', async () => {
    const boundary = 'form-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.pdf"\r\ncontent-type: application/pdf\r\n\r\n${pdf}`,
    );
    let handled: Promise<unknown> | undefined;
    const form = readStreamedForm(
      cutShort(head, 3 * 1024 * 1024),
      `multipart/form-data; boundary=${boundary}`,
      {
        limits: { files: 2, fields: 2, parts: 4 },
        field: () => undefined,
        file: (_name, stream, filename) => {
          handled = storeUpload(store, 'pdf', stream, filename ?? '', 'cut-form');
          return handled.then(() => undefined);
        },
        tooMany: () => new ApiError(413, messages.payloadTooLarge),
      },
    );
    await expect(form).rejects.toMatchObject({ status: 400, message: messages.malformedForm });
    await expect(handled).rejects.toThrow();
    expect(await filesIn('cut-form')).toEqual([]);
  });

  it('keeps profile pictures in the store, serves them by their public path and deletes them', async () => {
    const routes = profilePictureRoutes(store);
    const path = await saveProfilePicture(store, png, 'png');
    expect(path).toMatch(/^\/uploads\/profile-pictures\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await filesIn('profile-pictures')).toContain(`profile-pictures/${path.split('/').pop()}`);
    const served = await routes.request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    await deleteProfilePicture(store, path);
    expect((await routes.request(path)).status).toBe(404);
    expect(await filesIn('profile-pictures')).not.toContain(`profile-pictures/${path.split('/').pop()}`);
    // A name that is not one the store gives is never looked up.
    expect((await routes.request('/uploads/profile-pictures/..%2F..%2Fsecret.png')).status).toBe(404);
  });

  it('moves the profile pictures an earlier version kept in the data directory into the store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-old-pictures-'));
    try {
      const folder = join(dataDir, 'uploads', 'profile-pictures');
      mkdirSync(folder, { recursive: true });
      const name = `${randomBytes(16).toString('base64url')}.png`;
      writeFileSync(join(folder, name), png);
      writeFileSync(join(folder, 'notes.txt'), 'not a picture');

      expect(await movePicturesIntoStore(dataDir, store)).toBe(1);
      const served = await profilePictureRoutes(store).request(`/uploads/profile-pictures/${name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      // What is not a picture of ours stays where it was, and a second start moves nothing.
      expect(readdirSync(folder)).toEqual(['notes.txt']);
      expect(await movePicturesIntoStore(dataDir, store)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads only keys it writes', async () => {
    await expect(store.read('../outside.txt')).rejects.toThrow('Not a file store key');
    await expect(store.read('activities/../../etc/passwd')).rejects.toThrow('Not a file store key');
  });
});
