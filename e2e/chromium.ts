/** Debian's Chromium and the flags every browser of the tests and benches starts with (never a downloaded browser). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
/**
 * How much slower than this machine a page's CPU runs when a journey or a bench stands in for a phone (CDP
 * Emulation.setCPUThrottlingRate): Lighthouse mobile's own factor (issue 33).
 */
export const CPU_SLOWDOWN = 4;
