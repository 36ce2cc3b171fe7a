import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/config.ts';
import { removeDataDir, startServer } from './support/server.ts';

const JS_TARGET_KB = 150;

type Loaded = { url: string; type: string; raw: number; gzip: number; sent: number; headers: number };

/**
 * What a fresh visitor's browser loads for /login from the built app as the server serves it:
 * - the first-load JS and CSS gzipped (gzip -6 of each file, the budget's measure: at most 150 KB
 *   of JS) and raw;
 * - the bytes actually transferred (bodies as sent, compressed where the browser accepted it, plus
 *   headers), with what the same files weigh when the server sends them as gzip or as they are.
 */
export async function loginBundle() {
  const server = await startServer({ port: 4313 });
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const loaded: Loaded[] = [];
  const bySending: Record<'br' | 'gzip' | 'identity', number> = { br: 0, gzip: 0, identity: 0 };
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (req) => {
      pending.push(
        (async () => {
          const response = await req.response();
          if (!response || !req.url().startsWith(server.url)) return;
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await req.sizes();
          loaded.push({
            url: new URL(req.url()).pathname,
            type: req.resourceType(),
            raw: body.length,
            gzip: gzipSync(body).length,
            sent: sizes.responseBodySize,
            headers: sizes.responseHeadersSize,
          });
        })(),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await Promise.all(pending);
    // The same files as the server sends them to a browser accepting br, only gzip, or nothing.
    for (const file of loaded) {
      if (file.type === 'fetch' || file.type === 'xhr') continue;
      for (const encoding of ['br', 'gzip', 'identity'] as const)
        bySending[encoding] += await bodyBytes(`${server.url}${file.url}`, encoding);
    }
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const sum = (files: Loaded[], key: 'raw' | 'gzip' | 'sent' | 'headers') =>
    files.reduce((total, file) => total + file[key], 0);
  const scripts = loaded.filter((file) => file.type === 'script');
  const styles = loaded.filter((file) => file.type === 'stylesheet');
  console.log('First load of /login: each file as sent (gzip -6 of it; raw)');
  for (const file of [...loaded].sort((a, b) => a.url.localeCompare(b.url)))
    console.log(`  ${file.url} ${kb(file.sent)} KB (${kb(file.gzip)} KB; ${kb(file.raw)} KB)`);
  const js = sum(scripts, 'gzip');
  console.log(
    `  JS  ${kb(js)} KB gzipped (${kb(sum(scripts, 'raw'))} KB raw), target at most ${JS_TARGET_KB} KB: ratio ${(js / 1024 / JS_TARGET_KB).toFixed(2)}`,
  );
  console.log(`  CSS ${kb(sum(styles, 'gzip'))} KB gzipped (${kb(sum(styles, 'raw'))} KB raw)`);
  const sent = sum(loaded, 'sent');
  const headers = sum(loaded, 'headers');
  console.log(
    `  transferred: ${kb(sent + headers)} KB in ${loaded.length} answers (${kb(sent)} KB of bodies, ${kb(headers)} KB of headers)`,
  );
  const files = `the same files' bodies as the server sends them`;
  console.log(
    `  ${files}: br ${kb(bySending.br)} KB, gzip ${kb(bySending.gzip)} KB, raw ${kb(bySending.identity)} KB; br/raw ratio ${(bySending.br / bySending.identity).toFixed(2)}, br/gzip ratio ${(bySending.br / bySending.gzip).toFixed(2)}`,
  );
  return { jsKb: js / 1024, cssKb: sum(styles, 'gzip') / 1024, transferredKb: (sent + headers) / 1024 };
}

/** Body bytes of one GET as sent on the wire for the given Accept-Encoding (not decoded). */
function bodyBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
