import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { API_BASE } from '../../contract/paths.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';
import { GIGABYTE, writeVideoLikeFile } from './support/video-file.ts';

const PORT = 4311;
const TARGET_MB = 64;
const MEGABYTE = 1024 * 1024;

/** How much of the file the client reads and sends at a time, and how many such pieces are in flight. */
const PIECE_BYTES = MEGABYTE;
const PIECES_IN_FLIGHT = 4;

/**
 * POSTs a multipart form of text fields then one file, as a browser sends it, over HTTP on
 * loopback: the file is read from disk a megabyte at a time into a few buffers used over and over,
 * each read again once the socket has taken it, and the length is told up front. The client so
 * allocates nothing per piece. fetch with a FormData holding the file as a Blob (fs.openAsBlob)
 * reads it in 64 KB pieces and copies each, and fetch with a stream body copies each piece too:
 * either way the client allocated 2 GB for a 1 GB upload, which cost it full garbage collections
 * of its large heap (2.4 s of them with a stream body), more CPU than the server spent taking the
 * upload, on a machine of two cores that both share.
 */
async function postMultipart(
  url: string,
  token: string,
  fields: Record<string, string>,
  file: { part: string; name: string; path: string; type: string },
): Promise<{ status: number; body: { results?: Record<string, unknown> } | undefined }> {
  const boundary = `----training-admin-bench-${randomBytes(12).toString('hex')}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${texts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="${file.part}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file.path).size;
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // Settles once the socket has taken the bytes: their buffer may then be filled again.
  const send = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      request.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  const source = await open(file.path);
  try {
    await send(head);
    const pieces = Array.from({ length: PIECES_IN_FLIGHT }, () => Buffer.allocUnsafe(PIECE_BYTES));
    const sent: Promise<void>[] = [];
    for (let position = 0, index = 0; position < size; index = (index + 1) % pieces.length) {
      await sent[index];
      const piece = pieces[index] as Buffer;
      const { bytesRead } = await source.read(piece, 0, piece.length, position);
      if (bytesRead === 0) throw new Error(`${file.path} ended at ${position} of ${size} bytes`);
      position += bytesRead;
      sent[index] = send(piece.subarray(0, bytesRead));
    }
    await Promise.all(sent);
    request.end(tail);
  } finally {
    await source.close();
  }
  const answer = await response;
  const text = Buffer.concat(await answer.toArray()).toString('utf8');
  const body = (() => {
    try {
      return JSON.parse(text) as { results?: Record<string, unknown> };
    } catch {
      return undefined;
    }
  })();
  return { status: answer.statusCode ?? 0, body };
}

/** The resident memory of a process now and at its highest so far, in bytes (Linux /proc). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kilobytes('VmRSS'), hwm: kilobytes('VmHWM') };
}

/** The CPU time a process has used so far, user and system, in seconds (Linux /proc). */
function cpuSecondsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, the 14th and 15th fields, counted from the state (the 3rd).
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

    const fields = {
      lessonId: String(lesson.body?.results?._id),
      title: 'One gigabyte of video',
      activityType: 'videoPlayer',
      videoType: 'mp4',
      required: 'false',
    };

    const pid = server.process.pid as number;
    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 20);
    const serverCpuBefore = cpuSecondsOf(pid);
    const clientCpuBefore = process.cpuUsage();
    const uploadStart = performance.now();
    const upload = await postMultipart(`${server.url}${API_BASE}/lesson/activity`, token, fields, {
      part: 'contentFile',
      name: 'bench-video.mp4',
      path: source,
      type: 'video/mp4',
    });
    const uploadMs = performance.now() - uploadStart;
    const serverCpu = cpuSecondsOf(pid) - serverCpuBefore;
    const clientCpuUsage = process.cpuUsage(clientCpuBefore);
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
      serverCpuSeconds: serverCpu,
      clientCpuSeconds: (clientCpuUsage.user + clientCpuUsage.system) / 1e6,
    };
    const verdict = figures.peakAboveStartMB <= TARGET_MB ? 'within' : 'OVER';
    console.log(`A 1 GB video uploaded as a videoPlayer/mp4 activity into the disk store (${file.type})`);
    console.log(
      `  upload: ${(uploadMs / 1000).toFixed(1)} s, ${figures.uploadMBps.toFixed(0)} MB/s; copy on disk: ${(copyMs / 1000).toFixed(1)} s, ${figures.copyMBps.toFixed(0)} MB/s; ratio ${(figures.copyMBps / figures.uploadMBps).toFixed(1)}x`,
    );
    console.log(
      `  server memory: ${(before.rss / MEGABYTE).toFixed(0)} MB before, peak ${(peak / MEGABYTE).toFixed(0)} MB sampled (+${figures.peakAboveStartMB.toFixed(1)} MB, ${verdict} the ${TARGET_MB} MB target), VmHWM ${(after.hwm / MEGABYTE).toFixed(0)} MB`,
    );
    console.log(
      `  CPU during the upload: server ${figures.serverCpuSeconds.toFixed(1)} s, client ${figures.clientCpuSeconds.toFixed(1)} s (the machine's other work makes wall times vary, CPU times less)`,
    );
    return figures;
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await uploadVideo();
