import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Runs `load` and answers its result with the server's CPU time per request (µs). */
export async function withServerCpu<T extends { requests: number }>(
  pid: number,
  load: () => Promise<T>,
): Promise<T & { serverCpuUsPerRequest: number }> {
  const before = processCpuMs(pid);
  const result = await load();
  const used = processCpuMs(pid) - before;
  return { ...result, serverCpuUsPerRequest: Math.round((used * 1000) / Math.max(1, result.requests)) };
}
