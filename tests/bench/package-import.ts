import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import yazl from 'yazl';
import { elearningPaths } from '../../contract/elearning/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import { manifestXml, scoPage } from '../e2e/support/scorm-packages.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';

/** The content origin, once it listens, takes the next port. */
const PORT = 4356;
const FILES = 1000;
const FILE_BYTES = 100 * 1024;
const TARGET_RATIO = 2;
const TARGET_MB = 64;
const ROUNDS = 5;
const MEGABYTE = 1024 * 1024;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The resident memory of a process now and at its highest so far, in bytes (Linux /proc). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kilobytes('VmRSS') };
}

/**
 * Waits until the server's memory holds still (its first seconds seed the demo data and fill
 * the database's caches), so the import's figure is the import's alone.
 */
async function settled(pid: number): Promise<void> {
  let last = memoryOf(pid).rss;
  for (let tries = 0; tries < 60; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = memoryOf(pid).rss;
    if (Math.abs(now - last) < 2 * MEGABYTE) return;
    last = now;
  }
}

/**
 * A SCORM 1.2 package of FILES files (a SCO and its media), about 100 MB in all: random bytes, so
 * deflate gains nothing, as with the video and images that make up most of a real package.
 */
async function writePackage(path: string): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      manifestXml('1.2', 'Import bench', [
        { identifier: 'sco-1', title: 'Import bench', href: 'index.html' },
      ]),
    ),
    'imsmanifest.xml',
  );
  zip.addBuffer(Buffer.from(scoPage({ version: '1.2', title: 'Import bench' })), 'index.html');
  for (let index = 0; index < FILES - 2; index += 1)
    zip.addBuffer(randomBytes(FILE_BYTES), `media/part ${Math.floor(index / 100)}/clip-${index}.bin`, {
      compress: false,
    });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(path)).on('finish', resolve).on('error', reject);
  });
}

/**
 * Uploads the package as an admin's browser does (a multipart form, the file streamed from disk)
 * with curl: Node's own fetch builds a form from a file through web streams at a cost in CPU
 * above the server's whole import, and on this machine's two cores that would weigh on the
 * server's figure, where a browser uploads from a machine of its own. Spawned, not run
 * synchronously, so the memory sampler keeps sampling while the import runs.
 */
function upload(url: string, token: string, title: string, file: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const curl = spawn('curl', [
      '--silent',
      '--show-error',
      '--write-out',
      '\\n%{http_code}',
      '--header',
      `authorization: Bearer ${token}`,
      '--form',
      `title=${title}`,
      '--form',
      `file=@${file};type=application/zip`,
      url,
    ]);
    let output = '';
    let errors = '';
    curl.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    curl.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    curl.on('error', reject);
    curl.on('close', (code) => {
      if (code !== 0) return reject(new Error(`curl failed (${code}): ${errors}`));
      const cut = output.lastIndexOf('\n');
      resolve({ status: Number(output.slice(cut + 1)), body: output.slice(0, cut) });
    });
  });
}

/**
 * A 100 MB package of 1,000 files imported through the API (uploaded as multipart, unpacked as it
 * arrives beside the zip streamed into the disk store, then checked against the zip's central
 * directory) against `unzip -q` of the same file on the
 * same disk, target 2x; and the server process's peak memory above what it held before the
 * import, sampled from /proc every 20 ms, against a 64 MB target.
 */
export async function packageImport() {
  const dataDir = freshDataDir();
  const source = join(dataDir, 'bench-package.zip');
  const server = await startServer({ port: PORT, dataDir: join(dataDir, 'server') });
  try {
    await writePackage(source);
    const size = statSync(source).size;
    const login = await fetch(`${server.url}${API_BASE}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const token = ((await login.json()) as { results: { token: string } }).results.token;
    const pid = server.process.pid as number;
    await settled(pid);
    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 20);
    // Rounds of each, one after the other, so a busy moment of the machine weighs on both alike.
    const unzips: number[] = [];
    const imports: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const target = join(dataDir, 'unzipped');
      mkdirSync(target);
      const unzipStart = performance.now();
      const unzip = spawnSync('unzip', ['-q', source, '-d', target]);
      unzips.push(performance.now() - unzipStart);
      if (unzip.status !== 0) throw new Error(`unzip failed: ${unzip.stderr}`);
      rmSync(target, { recursive: true });

      const importStart = performance.now();
      const answer = await upload(
        `${server.url}${API_BASE}${elearningPaths.list}`,
        token,
        `Import bench ${round + 1}`,
        source,
      );
      imports.push(performance.now() - importStart);
      const body = JSON.parse(answer.body) as { results?: { fileSize?: number } };
      if (answer.status !== 201 || body.results?.fileSize !== size)
        throw new Error(`The import answered ${answer.status} ${answer.body.slice(0, 300)}`);
    }
    clearInterval(sampler);
    const after = memoryOf(pid);
    peak = Math.max(peak, after.rss);
    const importMs = median(imports);
    const unzipMs = median(unzips);

    const figures = {
      importMs,
      unzipMs,
      ratio: importMs / unzipMs,
      peakAboveStartMB: (peak - before.rss) / MEGABYTE,
    };
    const ratioVerdict = figures.ratio <= TARGET_RATIO ? 'within' : 'OVER';
    const memoryVerdict = figures.peakAboveStartMB <= TARGET_MB ? 'within' : 'OVER';
    console.log(
      `A ${(size / MEGABYTE).toFixed(0)} MB SCORM package of ${FILES} files imported into the disk store`,
    );
    console.log(
      `  import (upload, store, unpack): median ${(importMs / 1000).toFixed(1)} s of ${ROUNDS}; unzip -q on the same disk: median ${(unzipMs / 1000).toFixed(1)} s; ratio ${figures.ratio.toFixed(1)}x (${ratioVerdict} the ${TARGET_RATIO}x target)`,
    );
    console.log(
      `  server memory: ${(before.rss / MEGABYTE).toFixed(0)} MB before, peak ${(peak / MEGABYTE).toFixed(0)} MB sampled (+${figures.peakAboveStartMB.toFixed(1)} MB, ${memoryVerdict} the ${TARGET_MB} MB target)`,
    );
    return figures;
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await packageImport();
