import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { API_BASE } from '../../contract/paths.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';
import { GIGABYTE, writeVideoLikeFile } from './support/video-file.ts';

const PORT = 4311;
const TARGET_MB = 64;
const MEGABYTE = 1024 * 1024;

/**
 * A multipart form of text fields then one file, as a browser sends it, streamed: the file is read
 * from disk in 1 MB pieces as the request goes out, and the length is told up front. A FormData
 * holding the file as a Blob (fs.openAsBlob) makes undici read it in 64 KB pieces and copy each
 * on the way, which costs the client about three times the CPU of the whole upload on the server
 * and so measured the client (about 330 MB/s against a server that only drains the socket).
 */
function multipartBody(fields: Record<string, string>, file: { name: string; path: string; type: string }) {
  const boundary = `----training-admin-bench-${randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="contentFile"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* bytes() {
    yield head;
    yield* createReadStream(file.path, { highWaterMark: MEGABYTE });
    yield tail;
  }
  return {
    body: Readable.toWeb(Readable.from(bytes())) as ReadableStream<Uint8Array>,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + statSync(file.path).size + tail.length),
    },
  };
}

/** The resident memory of a process now and at its highest so far, in bytes (Linux /proc). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kilobytes('VmRSS'), hwm: kilobytes('VmHWM') };
}

/**
 * A 1 GB video uploaded through the API as a videoPlayer/mp4 lesson activity (multipart, the file
 * streamed through the type check and size cap into the disk store) by a client over loopback,
 * against copying the same file on the same disk; and the server process's peak memory above
 * what it held before the upload, sampled from /proc every 20 ms, against a 64 MB target.
 */
export async function uploadVideo() {
  const dataDir = freshDataDir();
  const source = join(dataDir, 'bench-video.mp4');
  const server = await startServer({ port: PORT, dataDir: join(dataDir, 'server') });
  try {
    writeVideoLikeFile(source, GIGABYTE);
    const copyStart = performance.now();
    await pipeline(createReadStream(source), createWriteStream(join(dataDir, 'copy.mp4')));
    const copyMs = performance.now() - copyStart;
    rmSync(join(dataDir, 'copy.mp4'));

    const call = async (path: string, init: RequestInit & { token?: string }) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      const response = await fetch(`${server.url}${API_BASE}${path}`, { ...init, headers });
      const body = (await response.json().catch(() => undefined)) as
        | { results?: Record<string, unknown> }
        | undefined;
      return { status: response.status, body };
    };
    const json = { 'content-type': 'application/json' };
    const login = await call('/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const token = login.body?.results?.token as string;
    const lesson = await call('/lesson', {
      method: 'POST',
      headers: json,
      token,
      body: JSON.stringify({ name: `Upload bench ${Date.now()}`, description: 'A 1 GB video.' }),
    });
    if (lesson.status !== 201) throw new Error(`Creating the lesson answered ${lesson.status}`);

    const form = multipartBody(
      {
        lessonId: String(lesson.body?.results?._id),
        title: 'One gigabyte of video',
        activityType: 'videoPlayer',
        videoType: 'mp4',
        required: 'false',
      },
      { name: 'bench-video.mp4', path: source, type: 'video/mp4' },
    );

    const pid = server.process.pid as number;
    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 20);
    const uploadStart = performance.now();
    const upload = await call('/lesson/activity', {
      method: 'POST',
      headers: form.headers,
      body: form.body,
      duplex: 'half',
      token,
    } as RequestInit & { token: string });
    const uploadMs = performance.now() - uploadStart;
    clearInterval(sampler);
    const after = memoryOf(pid);
    peak = Math.max(peak, after.rss);
    const file = upload.body?.results?.file as { size?: number; type?: string } | undefined;
    if (upload.status !== 201 || file?.size !== GIGABYTE)
      throw new Error(`The upload answered ${upload.status} ${JSON.stringify(upload.body).slice(0, 300)}`);

    const figures = {
      uploadMBps: GIGABYTE / MEGABYTE / (uploadMs / 1000),
      copyMBps: GIGABYTE / MEGABYTE / (copyMs / 1000),
      peakAboveStartMB: (peak - before.rss) / MEGABYTE,
      highWaterAboveStartMB: (after.hwm - before.rss) / MEGABYTE,
    };
    const verdict = figures.peakAboveStartMB <= TARGET_MB ? 'within' : 'OVER';
    console.log(`A 1 GB video uploaded as a videoPlayer/mp4 activity into the disk store (${file.type})`);
    console.log(
      `  upload: ${(uploadMs / 1000).toFixed(1)} s, ${figures.uploadMBps.toFixed(0)} MB/s; copy on disk: ${(copyMs / 1000).toFixed(1)} s, ${figures.copyMBps.toFixed(0)} MB/s; ratio ${(figures.copyMBps / figures.uploadMBps).toFixed(1)}x`,
    );
    console.log(
      `  server memory: ${(before.rss / MEGABYTE).toFixed(0)} MB before, peak ${(peak / MEGABYTE).toFixed(0)} MB sampled (+${figures.peakAboveStartMB.toFixed(1)} MB, ${verdict} the ${TARGET_MB} MB target), VmHWM ${(after.hwm / MEGABYTE).toFixed(0)} MB`,
    );
    return figures;
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await uploadVideo();
