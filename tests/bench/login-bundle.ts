import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/config.ts';
import { removeDataDir, startServer } from './support/server.ts';

const JS_TARGET_KB = 150;

/** First-load JS and CSS of /login, gzipped, as the page itself requests them from the built app. */
export async function loginBundle() {
  const server = await startServer({ port: 4313 });
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const sizes = { js: 0, css: 0, jsRaw: 0, cssRaw: 0, files: [] as string[] };
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then((body) => {
          const gz = gzipSync(body).length;
          if (type === 'script') {
            sizes.js += gz;
            sizes.jsRaw += body.length;
          } else {
            sizes.css += gz;
            sizes.cssRaw += body.length;
          }
          sizes.files.push(`${new URL(response.url()).pathname} ${(gz / 1024).toFixed(1)} KB`);
        }),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await Promise.all(pending);
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log('First load of /login (gzipped; raw in brackets)');
  for (const file of sizes.files.sort()) console.log(`  ${file}`);
  console.log(
    `  JS  ${kb(sizes.js)} KB (${kb(sizes.jsRaw)} KB), target at most ${JS_TARGET_KB} KB: ratio ${(sizes.js / 1024 / JS_TARGET_KB).toFixed(2)}`,
  );
  console.log(`  CSS ${kb(sizes.css)} KB (${kb(sizes.cssRaw)} KB)`);
  return { jsKb: sizes.js / 1024, cssKb: sizes.css / 1024 };
}
