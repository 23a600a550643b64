import type { Plugin } from 'vite';

export const STABLE_USE_ID: string;
export function stableUseId(id: string, code: string): string | null;
export function mantineStableId(): Plugin;
