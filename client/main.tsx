// Mantine's base styles; each component's own CSS comes with it (scripts/mantine-css-per-component.mjs).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { holdEarlyTaps } from './lib/early-taps';

// The app's code is a chunk of its own, run once the browser has shown the page: a page the server rendered
// (issue 17) is painted before any script runs, and the app then hydrates it. A hidden tab paints nothing
// (no frames), so it starts at once.
// A server-rendered page's taps before then are held and replayed by the app (lib/early-taps.ts, issue 33).
const root = document.getElementById('root');
if (root?.firstChild) holdEarlyTaps(root);
const start = () => void import('./start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
