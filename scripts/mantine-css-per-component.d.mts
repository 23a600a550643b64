import type { Plugin } from 'vite';

export const LAYER_ORDER_ID: string;
export function mantineCssFor(id: string): string | null;
export function mantineLayerOf(id: string): string | null;
export function layerCss(id: string, code: string): string | null;
export function mantineLayerOrder(nodeModules: string): string[];
export function layerOrderCss(nodeModules: string): string;
export function mantineCssPerComponent(opts: { entry: RegExp }): Plugin;
