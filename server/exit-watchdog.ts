import { Worker } from 'node:worker_threads';

// Runs in a thread of its own, blocked until armed, then until the deadline: it needs nothing from the
// main thread (no event loop, no message) to end the process.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const armed = new Int32Array(workerData.shared, 0, 1);
const deadline = new Float64Array(workerData.shared, 8, 1);
Atomics.wait(armed, 0, 0);
for (let left = deadline[0] - Date.now(); left > 0; left = deadline[0] - Date.now()) {
  Atomics.wait(armed, 0, 1, left);
}
process.kill(workerData.pid, 'SIGKILL');
`;

/** Arms the watchdog: the process is killed at `deadline` (epoch ms) unless it has ended by then. */
export type ArmWatchdog = (deadline: number) => void;

/**
 * The last resort of a stop: a worker thread, started now and idle, that once armed kills the process
 * at the deadline if it is still there. The shutdown's own 10 s limit is a timer on the main thread,
 * which cannot fire while that thread is stuck (a synchronous write to a pipe whose reader stalled was
 * one such case); this one needs nothing from the main thread. Started before the signal, so arming it
 * costs nothing when the stop begins; it never keeps the process alive.
 */
export function startExitWatchdog(): ArmWatchdog {
  const shared = new SharedArrayBuffer(16);
  const armed = new Int32Array(shared, 0, 1);
  const deadline = new Float64Array(shared, 8, 1);
  try {
    const worker = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, shared } });
    worker.unref();
    worker.on('error', () => {});
  } catch {
    // No thread could be started: the main thread's own limit still holds.
  }
  return (at) => {
    if (Atomics.load(armed, 0) === 1 && deadline[0] <= at) return;
    deadline[0] = at;
    Atomics.store(armed, 0, 1);
    Atomics.notify(armed, 0);
  };
}
