// profile-page.ts's --profile: where V8's sampling CPU profiles of a page's loads spent their time, per
// script and per function, and PROFILE_FOCUS's callers and callees.
import { ms } from './stats';

/** The profiler's sampling interval (µs). */
export const SAMPLING_US = 100;
/** Functions listed by self time. */
const TOP_FUNCTIONS = 25;

/** V8's CPU profile (CDP Profiler.Profile), the fields read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** A function's name for the tables: name, script, line and column (1-based; a minified script is one long line). */
function frameKey(f: Frame, origin: string) {
  const script = f.url.replace(origin, '');
  const name = f.functionName || '(anonymous)';
  return script ? `${name}  ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}` : name;
}

/** Whether a frame is the one PROFILE_FOCUS names: by its function's name, or by its place as the tables print it. */
function isFocus(f: Frame, focus: string, origin: string) {
  return (
    f.functionName === focus || (f.url !== '' && focus.includes(':') && frameKey(f, origin).endsWith(focus))
  );
}

/** Time each node of a profile was on top of the stack (ms); a sample lasts until the next one. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length - 1; i++)
    self.set(samples[i], (self.get(samples[i]) ?? 0) + deltas[i + 1] / 1000);
  return self;
}

/** Adds `ms` to a key's sum. */
function add(sums: Map<string, number>, key: string, ms: number) {
  sums.set(key, (sums.get(key) ?? 0) + ms);
}

/** Prints the largest sums of a table, per load. */
function printTop(title: string, sums: Map<string, number>, loads: number, top: number) {
  console.log(`  ${title}`);
  const rows = [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, sum] of rows) console.log(`    ${ms(sum / loads).padStart(8)}  ${key}`);
}

/** Prints where the profiled loads spent their CPU: per script, the top functions and PROFILE_FOCUS's neighbours. */
export function printProfiles(profiles: CpuProfile[], origin: string) {
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const callers = new Map<string, number>();
  const callees = new Map<string, number>();
  const focus = process.env.PROFILE_FOCUS;
  let focusSelf = 0;
  let focusTotal = 0;
  for (const profile of profiles) {
    const self = selfTimes(profile);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (const [id, t] of self) {
      const f = nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)' || f.functionName === '(root)') continue;
      const script = f.url
        ? f.url.replace(origin, '')
        : f.functionName.startsWith('(')
          ? f.functionName
          : '(native)';
      add(byScript, script, t);
      add(byFunction, frameKey(f, origin), t);
    }
    if (!focus) continue;
    // A node's total: its self time and its callees'. Children come after their parents in V8's list.
    const total = new Map<number, number>();
    for (const n of [...profile.nodes].reverse())
      total.set(
        n.id,
        (self.get(n.id) ?? 0) + (n.children ?? []).reduce((s, c) => s + (total.get(c) ?? 0), 0),
      );
    for (const n of profile.nodes) {
      if (!isFocus(n.callFrame, focus, origin)) continue;
      focusSelf += self.get(n.id) ?? 0;
      focusTotal += total.get(n.id) ?? 0;
      const up = nodes.get(parent.get(n.id) ?? -1);
      if (up) add(callers, frameKey(up.callFrame, origin), total.get(n.id) ?? 0);
      for (const c of n.children ?? []) {
        const child = nodes.get(c);
        if (child) add(callees, frameKey(child.callFrame, origin), total.get(c) ?? 0);
      }
    }
  }
  const loads = profiles.length;
  const busy = [...byScript.values()].reduce((s, t) => s + t, 0);
  console.log(`\n  CPU profile: ${ms(busy / loads)} busy per load (not idle), self time per load`);
  printTop('by script:', byScript, loads, 15);
  printTop(`top ${TOP_FUNCTIONS} functions:`, byFunction, loads, TOP_FUNCTIONS);
  if (!focus) return;
  console.log(
    `  ${focus}: self ${ms(focusSelf / loads)}, total ${ms(focusTotal / loads)} per load (recursion counted twice)`,
  );
  if (focusTotal === 0) console.log('    (no function of that name in the profiles)');
  printTop('called by (its total under each caller):', callers, loads, 15);
  printTop('calls (each callee total):', callees, loads, 15);
}
