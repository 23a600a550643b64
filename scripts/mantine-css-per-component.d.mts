import type { Plugin } from 'vite';

export function mantineCssFor(id: string): string | null;
export function mantineCssPerComponent(opts: { entry: RegExp }): Plugin;
