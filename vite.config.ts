import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssPerComponent } from './scripts/mantine-css-per-component.mjs';
import { mantineStableId } from './scripts/mantine-stable-id.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The shared zod schemas are pure definitions: a module of them that nothing uses is left out of a chunk
// (the first bundle then needs no zod; issue 17).
const schemasWithoutSideEffects = {
  name: 'schemas-without-side-effects',
  transform(_code: string, id: string) {
    return /[\\/]common[\\/]schemas[\\/]/.test(id) ? { moduleSideEffects: false } : undefined;
  },
};

// `vite build --ssr`: the public pages' server render (client/entry-server.tsx) into dist/ssr, an ES module
// for Node with the packages left to node_modules (issue 17).
const ssrBuild = defineConfig({
  root: r('./client'),
  publicDir: false,
  plugins: [react(), schemasWithoutSideEffects],
  css: { postcss: r('.') },
  resolve: { alias: { '@client': r('./client'), '@common': r('./common') } },
  build: {
    ssr: 'entry-server.tsx',
    outDir: r('./dist/ssr'),
    emptyOutDir: true,
    sourcemap: false,
  },
});

// The client lives in client/; the server serves the build from dist/client.
const clientBuild = defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [
    react(),
    // Each Mantine component's CSS in the chunk that uses it, not the whole stylesheet up front.
    mantineCssPerComponent({ entry: /[\\/]client[\\/]main\.tsx$/ }),
    // Mantine's ids as React gives them, not swapped for random ones after mounting (issue 33).
    mantineStableId(),
    // The installable app (issue 13): manifest.webmanifest and the service worker /sw.js (client/sw.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // The app registers /sw.js itself a few seconds after it has started (client/lib/service-worker.ts),
      // so the precache never competes with the first page; the worker takes over at once (skipWaiting +
      // clientsClaim), so a new build never waits behind an old one.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['apple-touch-icon.png', 'favicon.svg'],
      manifest: {
        id: '/',
        name: 'Singelgolf',
        short_name: 'Singelgolf',
        description: 'Golfgemenskapen för singlar: golfevenemang, resor och nya möten på och utanför banan.',
        lang: 'sv',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // The header's green (theme.ts golf[8]).
        theme_color: '#207a3b',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: the built HTML, scripts, styles and icons (the API is never cached).
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    schemasWithoutSideEffects,
    // Brotli and gzip copies of the output for the server to send as they are (issue 17).
    precompressPlugin(),
  ],
  // postcss.config.cjs (postcss-preset-mantine) sits at the repository root, above Vite's root.
  css: { postcss: r('.') },
  resolve: {
    alias: {
      '@client': r('./client'),
      '@common': r('./common'),
    },
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    // .vite/manifest.json: the server links a rendered public page's stylesheets from it.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8000 },
          // The profile's schema in a chunk of its own: grouped with the rules the profile page uses
          // (age, options), it brought zod to the page, where the schema is loaded only to save (issue 33).
          groups: [
            {
              name: 'users-schema',
              test: /common[\\/]schemas[\\/]users\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:5000', changeOrigin: false },
      '/idp': { target: 'http://localhost:5000', changeOrigin: false },
      '/ws': { target: 'ws://localhost:5000', ws: true },
      '/test-checkout': { target: 'http://localhost:5000', changeOrigin: false },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));
