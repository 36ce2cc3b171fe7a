import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { buildElearningLauncher } from './scripts/build-elearning-launcher.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** The split-off components of the routes a first visit lands on: /login inside the _public layout. */
const FIRST_SCREEN = /\/src\/routes\/(_public\.tsx|_public\/login\.tsx)\?tsr-split=component/;
const BOOT = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
const APP_ENTRY = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));

/**
 * The first load as one chunk: the app's entry and the sign-in screen's lazy parts, with everything
 * they import (Rolldown adds the modules the output keeps, after tree-shaking, so no unused Mantine
 * component comes along). Left to itself, Rolldown cuts a shared chunk for every set of lazy screens
 * that reuses a module the entry has already loaded (rolldown/rolldown#10731): /login took 25 small
 * scripts, and over HTTP/1.1 a browser fetches six at a time, so they came in four rounds. Lazy
 * screens import what they share with the first load from this chunk; what only they use stays in
 * their own chunks.
 */
const firstLoadChunk: Rolldown.CodeSplittingGroup = {
  name: 'first-load',
  test: (id) => id === APP_ENTRY || FIRST_SCREEN.test(id),
  priority: 3,
};

/**
 * The page's entry (src/app/boot.ts) as one chunk with what it uses: Vite's preload helper and the
 * modulepreload polyfill. Left to Rolldown, the helper went into the first-load chunk, and the entry
 * imported that chunk statically, so it ran only once the first-load chunk had arrived: too late to
 * give the screen's chunks a head start.
 */
const bootChunk: Rolldown.CodeSplittingGroup = {
  name: 'boot',
  test: (id) => id === BOOT || id.includes('vite/preload-helper') || id.includes('modulepreload-polyfill'),
  priority: 4,
};

/** The team dashboard's loader: what it reads first (teams, report, members), without the screen. */
const TEAM_DASHBOARD_LOADER = /\/src\/routes\/user-portal\/team-dashboard\/index\.tsx\?tsr-split=loader$/;
/**
 * The user portal's frame and the screen team leads open most, often on a phone: the team
 * dashboard. My Dashboard, where they land after signing in, has a chunk of its own (myDashboardChunk):
 * in this one, it made the team dashboard's first card wait for some 7 KB of compressed code.
 */
const PORTAL_SCREENS =
  /\/src\/routes\/(user-portal\.tsx|user-portal\/team-dashboard\/index\.tsx)\?tsr-split=component/;

/**
 * The team dashboard's loader and what it imports, in one small chunk: the router runs it while
 * the screen's code is still arriving (see teamDashboardChunk).
 */
const teamDashboardLoaderChunk: Rolldown.CodeSplittingGroup = {
  name: 'team-dashboard-loader',
  test: (id) => TEAM_DASHBOARD_LOADER.test(id),
  priority: 2,
};

/**
 * The portal's frame and the team dashboard, with what they import beyond the first load, as one
 * chunk. Left to Rolldown, the team dashboard took some 75 small scripts in chains of imports
 * (Mantine's parts, icons, hooks, each shared by a different set of screens): on a phone over HTTP/1.1
 * that was a dozen round trips before its first card. Screens that share a module with these
 * import it from this chunk, which a signed-in lead has already loaded.
 */
const portalChunk: Rolldown.CodeSplittingGroup = {
  name: 'portal',
  test: (id) => PORTAL_SCREENS.test(id),
  priority: 1,
};

/** My Dashboard, the portal's own dashboard, where signed-in users land. */
const MY_DASHBOARD = /\/src\/routes\/user-portal\/user-dashboard\.tsx\?tsr-split=component/;

/**
 * My Dashboard with what it imports beyond the first load and the portal chunk, as one chunk (for
 * the reason of portalChunk): the portal chunk does not carry it, as the team dashboard does not
 * show it.
 */
const myDashboardChunk: Rolldown.CodeSplittingGroup = {
  name: 'my-dashboard',
  test: (id) => MY_DASHBOARD.test(id),
  priority: 0,
};

/**
 * Adds a modulepreload to index.html for every chunk the sign-in screen needs beyond the entry's own.
 * The router loads a route's component only once the entry has run, and that chunk's imports only
 * once it has arrived: two or three round trips one after the other before /login can paint. With
 * the links, they load beside the entry. The chunks are in the service worker's precache anyway, so
 * a visitor who lands elsewhere downloads nothing they would not have downloaded a moment later.
 * With firstLoadChunk they are all in the entry's chunk; this keeps /login from waiting on a chain of
 * imports should a change of chunking move them out.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'training-admin:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const needed = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || needed.has(chunk.fileName)) return;
          needed.add(chunk.fileName);
          for (const name of chunk.imports) visit(byName.get(name));
        };
        for (const chunk of chunks) if (chunk.moduleIds.some((id) => FIRST_SCREEN.test(id))) visit(chunk);
        if (needed.size === 0) throw new Error('No chunk of the sign-in screen was found to preload');
        const fresh = [...needed].filter((name) => !html.includes(`/${name}"`));
        // Their stylesheets too: the entry loads the first-load chunk with import(), which Vite's
        // HTML does not follow, and the first paint needs the sign-in screen's sheet.
        const sheets = [...needed]
          .flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])])
          .filter((name) => !html.includes(`/${name}"`));
        return [
          ...fresh.map((name) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
            injectTo: 'head' as const,
          })),
          ...[...new Set(sheets)].map((name) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${name}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The chunks (by name) that the screens at each address need beyond the first load, most specific
 * address first. The entry (src/app/boot.ts) starts them beside the first-load chunk.
 */
const SCREEN_CHUNKS: Array<[string, string[]]> = [
  ['/user-portal/team-dashboard', ['all-styles', 'portal', 'team-dashboard-loader']],
  ['/user-portal/user-dashboard', ['all-styles', 'portal', 'my-dashboard']],
  ['/user-portal', ['all-styles', 'portal']],
  ['/app', ['all-styles']],
];

/**
 * Lists in index.html, as data for src/app/boot.ts, the files of SCREEN_CHUNKS for each address:
 * each chunk's script and its stylesheets. A signed-in start otherwise asks for them only once the
 * first-load chunk has arrived and run, a second round of downloads before the first paint.
 */
function screenPreloads(): Plugin {
  return {
    name: 'training-admin:screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const outputs = Object.values(bundle);
        const files = (name: string) => {
          const chunk = outputs.find((file) => file.type === 'chunk' && file.name === name);
          if (chunk?.type === 'chunk')
            return [...(chunk.viteMetadata?.importedCss ?? []), chunk.fileName].map((file) => `/${file}`);
          // A chunk of styles only (all-styles) leaves its stylesheet and no script.
          const sheet = outputs.find((file) => file.type === 'asset' && file.names.includes(`${name}.css`));
          if (sheet) return [`/${sheet.fileName}`];
          throw new Error(`No chunk named ${name} to preload (SCREEN_CHUNKS in vite.config.ts)`);
        };
        const list = SCREEN_CHUNKS.map(([prefix, names]) => [prefix, [...new Set(names.flatMap(files))]]);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'screen-preloads' },
            children: JSON.stringify(list).replaceAll('<', '\\u003c'),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/** The chunks a signed-in start on the team dashboard waits for before its first paint. */
const SIGNED_IN_FIRST_CHUNKS = [teamDashboardLoaderChunk.name, portalChunk.name, myDashboardChunk.name];

/**
 * Fails the build when a chunk of SIGNED_IN_FIRST_CHUNKS carries a stylesheet of its own. Vite loads
 * a lazy chunk's stylesheet before its script, so on a phone network such a sheet, however small,
 * is a round trip more before the screen's first paint. The app's rules for signed-in screens go in
 * src/app/signed-in.css, loaded with Mantine's styles.
 */
function noStylesheetBeforeFirstScreens(): Plugin {
  return {
    name: 'training-admin:no-stylesheet-before-first-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !SIGNED_IN_FIRST_CHUNKS.includes(file.name)) continue;
        const sheets = [...(file.viteMetadata?.importedCss ?? [])];
        if (sheets.length > 0)
          this.error(
            `The ${file.name} chunk carries a stylesheet (${sheets.join(', ')}), which its screen would wait for before its script: move its rules to src/app/signed-in.css`,
          );
      }
    },
  };
}

const STABLE_ID = fileURLToPath(new URL('./src/lib/stable-id.ts', import.meta.url));

/**
 * Gives Mantine the app's `useId` (src/lib/stable-id.ts) in place of its own, which renders every
 * component that asks for an id a second time from a layout effect. Mantine imports it from within
 * @mantine/hooks, so the module is swapped where it resolves; everything else in the package stays.
 */
function stableMantineIds(): Plugin {
  return {
    name: 'training-admin:stable-mantine-ids',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/@mantine/hooks/') || !source.endsWith('/use-id/use-id.mjs')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? STABLE_ID : null;
    },
  };
}

/**
 * The e-learning launcher and the content origin's service worker, built beside the app into
 * `<outDir>/elearning-launcher/` (server/elearning-origin serves them on the content origin).
 */
function elearningLauncher(): Plugin {
  let outDir = '';
  return {
    name: 'training-admin:elearning-launcher',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir, 'elearning-launcher');
    },
    async closeBundle() {
      await buildElearningLauncher(outDir);
    },
  };
}

export default defineConfig({
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
    },
  },
  plugins: [
    // The router plugin must come before the React plugin so route files are split before JSX is compiled.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    react(),
    stableMantineIds(),
    preloadFirstScreen(),
    noStylesheetBeforeFirstScreens(),
    screenPreloads(),
    elearningLauncher(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The manifest is a committed file in public/, linked from index.html.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
        // The e-learning launcher runs on the content origin, which keeps it in its own worker.
        globIgnores: ['**/node_modules/**', 'elearning-launcher/**'],
      },
    }),
    // Brotli and gzip copies beside each text file (a.js.br, a.js.gz), served by server/http/static.ts
    // to browsers that accept them. The precache above lists the originals only: the browser decodes
    // before the service worker sees an answer.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      // Below about one network packet the copy saves no round trip, only a file.
      threshold: 1024,
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [bootChunk, firstLoadChunk, teamDashboardLoaderChunk, portalChunk, myDashboardChunk],
        },
      },
    },
    // The page's first load keeps its <link rel="modulepreload"> tags. Lazy screens load their own
    // imports as they meet them (from the service worker's precache once installed), instead of the
    // entry carrying every screen's dependency list: that list grew with each screen, on /login too.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: {
    proxy: { '/api': apiTarget },
  },
});
