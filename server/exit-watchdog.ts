import { Worker } from 'node:worker_threads';

// Runs in a thread of its own: its timer fires even while the main thread is blocked.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), Math.max(0, workerData.deadline - Date.now()));
`;

let started = false;

/**
 * The last resort of a stop: a worker thread that kills the process at `deadline` (epoch ms) if it is
 * still there. The shutdown's own 10 s limit is a timer on the main thread, which cannot fire while
 * that thread is stuck (a synchronous write to a pipe whose reader stalled was one such case); this
 * one does not depend on the main thread at all. Started once, at the first stop signal; it never keeps
 * the process alive.
 */
export function startExitWatchdog(deadline: number): void {
  if (started) return;
  started = true;
  try {
    const worker = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, deadline } });
    worker.unref();
    worker.on('error', () => {});
  } catch {
    // No thread could be started: the main thread's own limit still holds.
  }
}
