import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { outboundEmails } from '../db/schema';
import { startTestPushService } from '../push/test-push-service';
import { openSocket } from '../realtime/test-socket';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { METRICS_MESSAGES, tokenMatches } from './metrics.routes';

const TOKEN = 'metrics-test-token-0123456789-abcdefghij';
const bearer = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text format (0.0.4) strictly: every line is a HELP, a TYPE or a sample of a
 * declared metric, label values escaped as the format says. Throws on anything else.
 */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const metricName = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/y;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = new RegExp(`^# (HELP|TYPE) (${metricName}) (.*)$`).exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        types.set(meta[2], meta[3]);
      }
      continue;
    }
    const head = new RegExp(`^(${metricName})(\\{|\\s)`).exec(line);
    if (!head) throw new Error(`not a sample: ${line}`);
    const name = head[1];
    let rest = line.slice(name.length);
    const labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      let i = 1;
      while (rest[i] !== '}') {
        label.lastIndex = i;
        const m = label.exec(rest);
        if (!m) throw new Error(`bad labels: ${line}`);
        labels[m[1]] = m[2].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
        i = label.lastIndex;
        if (rest[i] === ',') i++;
      }
      rest = rest.slice(i + 1);
    }
    const value = /^ (\S+)( -?\d+)?$/.exec(rest);
    if (!value) throw new Error(`bad value: ${line}`);
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family)) throw new Error(`sample of an undeclared metric: ${line}`);
    // Prometheus reads numbers as Go's ParseFloat does: NaN and Inf in any case (prom-client writes 'Nan').
    const special: Record<string, number> = {
      nan: Number.NaN,
      '+inf': Infinity,
      inf: Infinity,
      '-inf': -Infinity,
    };
    const word = value[1].toLowerCase();
    const number = word in special ? special[word] : Number(value[1]);
    if (Number.isNaN(number) && word !== 'nan') throw new Error(`bad number: ${line}`);
    samples.push({ name, labels, value: number });
  }
  return { types, samples };
}

/** The value of the one sample with this name whose labels include `labels` (undefined: none). */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const hits = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(hits.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return hits[0]?.value;
}

describe('METRICS_TOKEN', () => {
  it('is optional, and when set must be 32+ characters (a short token stops the server naming it)', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('answers 404 whatever the caller sends, and is not in the OpenAPI document', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer anything-at-all-0123456789-0123456789' },
    ]) {
      const res = await t.anon.get('/metrics', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Hittades inte' });
    }
    const doc = (await t.anon.get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  const scrape = async () => {
    const res = await t.anon.get('/metrics', bearer);
    expect(res.statusCode).toBe(200);
    return parsePrometheus(res.body);
  };
  beforeAll(async () => {
    t = await createTestContext({ METRICS_TOKEN: TOKEN }, { jobs: true });
  });
  afterAll(() => t?.close());

  it('refuses a missing, wrong or differently shaped token with 401', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789-abcdefghijklmnop' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await t.anon.get('/metrics', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: METRICS_MESSAGES.badToken });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });

  it('answers the Prometheus text format with the process metrics', async () => {
    const res = await t.anon.get('/metrics', bearer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { types, samples } = parsePrometheus(res.body);
    expect(types.get('singelgolf_http_requests_total')).toBe('counter');
    expect(types.get('singelgolf_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('singelgolf_jobs')).toBe('gauge');
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('is what docs/operations.md describes and docs/grafana-dashboard.json charts', async () => {
    const { types } = await scrape();
    const ours = [...types.keys()].filter((name) => name.startsWith('singelgolf_'));
    expect(ours.length).toBeGreaterThanOrEqual(12);
    const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    for (const name of ours) expect(doc, name).toContain(`\`${name}\``);
    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const charted = new Set(
      dashboard.panels
        .flatMap((p) => p.targets.map((target) => target.expr))
        .flatMap((expr) => expr.match(/\b(singelgolf|process|nodejs)_[a-z0-9_]+/g) ?? [])
        .map((name) => name.replace(/_(bucket|sum|count)$/, '')),
    );
    // Every name the dashboard queries exists, and every metric of ours is charted.
    for (const name of charted) expect(types.has(name), name).toBe(true);
    for (const name of ours) expect(charted, name).toContain(name);
  });

  it('counts a request under its route pattern and status, never its raw URL, with its duration', async () => {
    const route = { method: 'GET', route: '/api/events/:id', status: '404' };
    const before = await scrape();
    expect(sampleValue(before.samples, 'singelgolf_http_requests_total', route)).toBeUndefined();
    expect((await t.anon.get('/api/events/987654')).statusCode).toBe(404);
    expect((await t.anon.get('/api/events/987655')).statusCode).toBe(404);
    const res = await t.anon.get('/metrics', bearer);
    expect(res.body).not.toContain('987654');
    const { samples } = parsePrometheus(res.body);
    expect(sampleValue(samples, 'singelgolf_http_requests_total', route)).toBe(2);
    expect(sampleValue(samples, 'singelgolf_http_request_duration_seconds_count', route)).toBe(2);
    expect(
      sampleValue(samples, 'singelgolf_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(2);
    expect(sampleValue(samples, 'singelgolf_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    // A path no route takes is one series, whatever the path.
    await t.anon.get('/api/nothing-here/123');
    const after = (await scrape()).samples;
    expect(
      sampleValue(after, 'singelgolf_http_requests_total', { route: '(no route)', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the outbox by status and the age of its oldest queued e-mail', async () => {
    const before = (await scrape()).samples;
    expect(sampleValue(before, 'singelgolf_email_oldest_queued_age_seconds')).toBe(0);
    const queuedBefore = sampleValue(before, 'singelgolf_emails', { status: 'queued' }) ?? 0;
    // An e-mail queued five minutes ago and not sent yet (no SMTP server here: nothing sends it).
    await t.db.insert(outboundEmails).values({
      recipient: 'someone@example.com',
      subject: 'Hej',
      template: 'test',
      textBody: 'Hej',
      htmlBody: '<p>Hej</p>',
      status: 'queued',
      nextAttemptAt: sql`now() + interval '1 hour'`,
      createdAt: sql`now() - interval '300 seconds'`,
    });
    const after = (await scrape()).samples;
    expect(sampleValue(after, 'singelgolf_emails', { status: 'queued' })).toBe(queuedBefore + 1);
    expect(sampleValue(after, 'singelgolf_emails', { status: 'failed' })).toBe(0);
    const age = sampleValue(after, 'singelgolf_email_oldest_queued_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(400);
  });

  it('reports jobs by queue and state', async () => {
    await t.app.jobs.createQueue('metrics-probe');
    await t.app.jobs.send('metrics-probe', { n: 1 });
    await t.app.jobs.send('metrics-probe', { n: 2 });
    const { samples } = await scrape();
    expect(sampleValue(samples, 'singelgolf_jobs', { queue: 'metrics-probe', state: 'created' })).toBe(2);
    expect(sampleValue(samples, 'singelgolf_jobs', { queue: 'metrics-probe', state: 'failed' })).toBe(0);
    // The app's own queues are there too, each with every state.
    const queues = new Set(samples.filter((s) => s.name === 'singelgolf_jobs').map((s) => s.labels.queue));
    expect(queues.size).toBeGreaterThan(1);
  });

  it('reports the database pool and counts failed statements by SQLSTATE', async () => {
    const before = (await scrape()).samples;
    expect(sampleValue(before, 'singelgolf_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, 'singelgolf_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, 'singelgolf_db_pool_waiting')).toBe(0);
    const undefinedTable = { code: '42P01' };
    const errorsBefore = sampleValue(before, 'singelgolf_db_query_errors_total', undefinedTable) ?? 0;
    await expect(t.db.execute(sql`select * from no_such_table_here`)).rejects.toThrow();
    const after = (await scrape()).samples;
    expect(sampleValue(after, 'singelgolf_db_query_errors_total', undefinedTable)).toBe(errorsBefore + 1);
  });

  it('counts open WebSocket connections', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    const member = await t.as(await buildUser(t.db));
    expect(sampleValue((await scrape()).samples, 'singelgolf_websocket_connections')).toBe(0);
    const socket = await openSocket(wsUrl, { cookie: member.cookie });
    await expect
      .poll(async () => sampleValue((await scrape()).samples, 'singelgolf_websocket_connections'))
      .toBe(1);
    socket.close();
    await expect
      .poll(async () => sampleValue((await scrape()).samples, 'singelgolf_websocket_connections'))
      .toBe(0);
  });

  it('counts push messages by outcome: delivered, gone, failed', async () => {
    const service = await startTestPushService();
    try {
      const outcome = (samples: Sample[], o: string) =>
        sampleValue(samples, 'singelgolf_push_messages_total', { outcome: o });
      const before = (await scrape()).samples;
      // Every outcome is there from the start, so a rate of failures is defined before the first one.
      for (const o of ['delivered', 'gone', 'failed']) expect(outcome(before, o)).toBe(0);
      const user = await buildUser(t.db);
      const member = await t.as(user);
      service.answer('/answer/410', 410);
      service.answer('/answer/500', 500);
      for (const path of ['/ok', '/answer/410', '/answer/500']) {
        const res = await member.post('/api/push/subscriptions', service.browser(path).subscription);
        expect(res.statusCode).toBe(201);
      }
      const message = { id: crypto.randomUUID(), title: 'Hej', body: 'Test', url: '/' };
      expect(await t.app.push.sendToUser(user.id, message)).toEqual({ delivered: 1, removed: 1 });
      const after = (await scrape()).samples;
      expect(outcome(after, 'delivered')).toBe(1);
      expect(outcome(after, 'gone')).toBe(1);
      expect(outcome(after, 'failed')).toBe(1);
    } finally {
      await service.close();
    }
  });
});
