import { performance } from 'node:perf_hooks';

/** One probe: when it was due, when its answer had arrived in full (performance.now()), and the status. */
export interface ProbeAnswer {
  due: number;
  answeredAt: number;
  status: number;
}

/**
 * GETs `url` on an open schedule, one request every `everyMs` whatever the answers (a slow answer does
 * not delay the next probe), until `stop()`: how an endpoint keeps answering while a test loads the
 * server. `stop()` waits for every probe sent and answers them in the order they arrived; a probe that
 * fails to connect makes it reject.
 */
export function startProbing(url: string, everyMs = 25): { stop(): Promise<ProbeAnswer[]> } {
  const answers: ProbeAnswer[] = [];
  const probes: Promise<void>[] = [];
  let probing = true;
  const started = performance.now();
  const prober = (async () => {
    for (let n = 0; probing; n++) {
      const due = started + n * everyMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      probes.push(
        fetch(url).then(async (res) => {
          await res.arrayBuffer();
          answers.push({ due, answeredAt: performance.now(), status: res.status });
        }),
      );
    }
  })();
  return {
    async stop() {
      probing = false;
      await prober;
      await Promise.all(probes);
      return answers;
    },
  };
}
