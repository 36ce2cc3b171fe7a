import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the content origin's launcher script (src/elearning-launcher, with scorm-again) and its
 * service worker (sw/elearning-content.ts) into `outDir`, which the content origin serves at
 * /elearning-runtime/ and /elearning-sw.js (server/elearning-origin). Each is one file with a fixed
 * name: the launcher page names the script, and a service worker must keep its address. Neither is
 * part of the app's precache: they run on another origin.
 */
export async function buildElearningLauncher(outDir: string): Promise<void> {
  const entries = [
    { name: 'launcher', entry: 'src/elearning-launcher/main.ts', format: 'es' as const },
    { name: 'sw', entry: 'sw/elearning-content.ts', format: 'iife' as const },
  ];
  for (const [index, { name, entry, format }] of entries.entries())
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: {
        alias: { '@contract/': fileURLToPath(new URL('../contract/', import.meta.url)) },
      },
      build: {
        outDir,
        emptyOutDir: index === 0,
        copyPublicDir: false,
        sourcemap: false,
        minify: true,
        // Not lib mode, which leaves an ES module's whitespace unminified.
        rolldownOptions: {
          input: entry,
          output: { format, entryFileNames: `${name}.js`, codeSplitting: false },
        },
      },
    });
}

// `tsx scripts/build-elearning-launcher.ts [outDir]`: the launcher alone (the dev server uses it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildElearningLauncher(
    fileURLToPath(new URL(`../${process.argv[2] ?? 'dist/elearning-launcher'}`, import.meta.url)),
  );
