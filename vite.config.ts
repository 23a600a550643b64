import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client lives in client/; the server serves the build from dist/client.
export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react()],
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
    sourcemap: false,
    chunkSizeWarningLimit: 800,
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
