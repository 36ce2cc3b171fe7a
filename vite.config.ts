import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The manifest is a committed file in public/, linked from index.html.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
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
