import type { Plugin } from 'vite';

/** Sizes before and after of what `precompress` compressed. */
export interface PrecompressTotals {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

/** Writes `.br` and `.gz` copies beside every compressible file of `dir`. */
export function precompress(dir: string): PrecompressTotals;

/** A Vite plugin that precompresses the build output once it is written. */
export function precompressPlugin(): Plugin;
