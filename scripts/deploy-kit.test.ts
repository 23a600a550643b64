// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBuild } from './build-server.mjs';

// The deployment kit of issue 32 (Dockerfile, docker-compose.yml, deploy/): no container runtime runs
// here, so the files are checked by the tools that do run: docker-compose's own validation (`config`),
// systemd's (`systemd-analyze verify`), pg_dump for the backup script, and the build for the image's CMD.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const found = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The Dockerfile's instructions (continuation lines joined), of the runtime stage when `stage` is given. */
function dockerfile(stage?: string): string[] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (!stage) return lines;
  const start = lines.findIndex((l) => new RegExp(`^FROM .* AS ${stage}$`, 'i').test(l));
  expect(start, `stage ${stage}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^FROM /i.test(l));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('Dockerfile', () => {
  it('runs what npm start runs: node on the server build, which `npm run build` writes', () => {
    const cmd = dockerfile('runtime').find((l) => l.startsWith('CMD '));
    expect(cmd).toBeDefined();
    const args = JSON.parse(cmd!.slice(4)) as string[];
    const relativeBuild = path.relative(root, serverBuild);
    expect(args).toEqual(['node', '--enable-source-maps', relativeBuild]);
    // scripts/start.mjs starts the same file with the same flag.
    expect(read('scripts/start.mjs')).toContain(
      "spawn(process.execPath, ['--enable-source-maps', serverBuild]",
    );
    // The build stage runs `npm run build`, and that script ends with the server build (scripts/build-server.mjs).
    expect(dockerfile('build')).toContain('RUN npm run build');
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/node scripts\/build-server\.mjs$/);
    expect(read('scripts/build-server.mjs')).toContain("path.join(root, 'dist/server/main.js')");
  });

  it('has a slim runtime: production dependencies only, not root, health from /readyz', () => {
    const runtime = dockerfile('runtime');
    expect(runtime).toContain('RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force');
    expect(runtime.some((l) => /^COPY --from=build \/app\/dist /.test(l))).toBe(true);
    const user = runtime.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBe('USER node');
    const health = runtime.find((l) => l.startsWith('HEALTHCHECK '));
    expect(health).toMatch(/\/readyz/);
    expect(read('server/health/health.routes.ts')).toContain("'/readyz'");
    // Everything the runtime copies from the context exists and is not left out by .dockerignore.
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
    for (const line of runtime.filter((l) => l.startsWith('COPY ') && !l.includes('--from'))) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        expect(existsSync(path.join(root, source)), source).toBe(true);
        expect(ignored, source).not.toContain(source);
      }
    }
    // Secrets, data and dependencies never enter the build context.
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', 'data', '.git']));
  });
});

describe('the health check of the image and of the compose file', () => {
  it('exits 0 while /readyz answers 200 and 1 when it answers 503 or nothing listens', async () => {
    const health = dockerfile('runtime').find((l) => l.startsWith('HEALTHCHECK '))!;
    const imageCommand = JSON.parse(/ CMD (\[.*\])$/.exec(health)![1]) as string[];
    expect(imageCommand.slice(0, 2)).toEqual(['node', '-e']);
    let status = 200;
    const server = http.createServer((req, res) => {
      res.statusCode = req.url === '/readyz' ? status : 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const probe = (script: string, env: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        spawn(process.execPath, ['-e', script], { env: { ...process.env, ...env } }).on('exit', resolve);
      });
    try {
      expect(await probe(imageCommand[2], { PORT: String(port) })).toBe(0);
      status = 503;
      expect(await probe(imageCommand[2], { PORT: String(port) })).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await probe(imageCommand[2], { PORT: String(port) })).toBe(1);
    // The compose file's check is the same script on the instances' fixed port 5000.
    expect(read('docker-compose.yml')).toContain(
      JSON.stringify(imageCommand[2].replace("' + (process.env.PORT || 5000) + '", '5000')),
    );
  });
});

const compose = found('docker-compose');

/** `docker-compose config` of our file with the given environment file, as JSON (through PyYAML, which docker-compose itself uses). */
function composeConfig(envFile: string): { status: number | null; stderr: string; config?: ComposeFile } {
  const res = spawnSync('docker-compose', ['-f', 'docker-compose.yml', '--env-file', envFile, 'config'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) return { status: res.status, stderr: res.stderr };
  const python = readFileSync(
    spawnSync('sh', ['-c', 'command -v docker-compose'], { encoding: 'utf8' }).stdout.trim(),
    'utf8',
  )
    .split('\n')[0]
    .replace(/^#!\s*/, '')
    .trim();
  const json = spawnSync(
    python,
    ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
    {
      input: res.stdout,
      encoding: 'utf8',
    },
  );
  expect(json.status, json.stderr).toBe(0);
  return { status: 0, stderr: res.stderr, config: JSON.parse(json.stdout) };
}

interface ComposeService {
  image?: string;
  build?: { context: string };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  volumes?: { source?: string; target: string; type: string }[] | string[];
  ports?: unknown[];
  entrypoint?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

describe.skipIf(!compose)('docker-compose.yml (validated by docker-compose config)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-compose-'));
  temp.push(dir);
  /** .env.example with its secrets filled in, as an operator's .env would be. */
  const filledEnv = path.join(dir, 'env');
  writeFileSync(
    filledEnv,
    read('.env.example')
      .replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=0123456789abcdef0123456789abcdef')
      .replace(/^SESSION_SECRET=$/m, 'SESSION_SECRET=fedcba9876543210fedcba9876543210fedcba98'),
  );

  it('refuses to configure without the secrets of .env.example filled in, naming the variable', () => {
    const res = composeConfig(path.join(root, '.env.example'));
    expect(res.status).not.toBe(0);
    expect(res.stderr).toMatch(/POSTGRES_PASSWORD|SESSION_SECRET/);
  });

  it('validates, with PostgreSQL 17, two app instances, the proxy and the backup, each health-checked where it serves', () => {
    const res = composeConfig(filledEnv);
    expect(res.status, res.stderr).toBe(0);
    const { services, volumes } = res.config!;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'backup', 'db', 'proxy']);

    const db = services.db;
    expect(db.image).toBe('postgres:17');
    expect(JSON.stringify(db.healthcheck?.test)).toContain('pg_isready');
    expect(JSON.stringify(db.volumes)).toContain('/var/lib/postgresql/data');
    expect(volumes).toHaveProperty('pgdata');

    for (const name of ['app1', 'app2']) {
      const app = services[name];
      expect(app.build?.context).toBe(root);
      expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
      expect(JSON.stringify(app.healthcheck?.test)).toContain('/readyz');
      expect(app.environment).toMatchObject({
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        PUBLIC_URL: 'https://singelgolf.example.se',
        DATABASE_URL: 'postgres://singelgolf:0123456789abcdef0123456789abcdef@db:5432/singelgolf',
      });
    }
    // Two instances of one image and one configuration.
    expect(services.app1).toEqual(services.app2);

    const proxy = services.proxy;
    expect(proxy.image).toMatch(/^caddy:/);
    expect(JSON.stringify(proxy.ports)).toContain('443');
    expect(JSON.stringify(proxy.volumes)).toContain(path.join(root, 'deploy/Caddyfile'));
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy app1:5000 app2:5000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);

    const backup = services.backup;
    expect(backup.image).toBe('postgres:17');
    expect(backup.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(backup.environment).toMatchObject({
      BACKUP_KEEP: '7',
      BACKUP_INTERVAL_SECONDS: '86400',
      PGHOST: 'db',
    });
    expect(JSON.stringify(backup.volumes)).toContain(path.join(root, 'deploy/backup.sh'));
  });
});

if (!compose) {
  it.skip('docker-compose.yml: docker-compose is not installed (apt-get install docker-compose; .ci/run installs it)', () => {});
}

/** A PostgreSQL to dump: the tests' DATABASE_URL, else the local server; null when none answers. */
function reachablePostgres(): string | null {
  if (!found('pg_dump') || !found('psql')) return null;
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const ok = spawnSync('psql', [url, '-Atc', 'select 1'], { encoding: 'utf8', timeout: 10_000 });
  return ok.status === 0 ? url : null;
}
const postgresUrl = reachablePostgres();

describe('deploy/backup.sh', () => {
  it('is valid shell', () => {
    const res = spawnSync('sh', ['-n', path.join(root, 'deploy/backup.sh')], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
  });

  it.skipIf(!postgresUrl)(
    'writes a complete pg_dump (custom format) and keeps only the newest 7',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'sg-backup-'));
      temp.push(dir);
      mkdirSync(dir, { recursive: true });
      // Eight older backups, a day apart.
      const day = 24 * 60 * 60;
      const now = Date.now() / 1000;
      for (let i = 1; i <= 8; i++) {
        const file = path.join(dir, `singelgolf-2026010${i}T000000Z.dump`);
        writeFileSync(file, 'old');
        utimesSync(file, now - (10 - i) * day, now - (10 - i) * day);
      }
      const url = new URL(postgresUrl!);
      const child = spawn('sh', [path.join(root, 'deploy/backup.sh')], {
        env: {
          ...process.env,
          PGHOST: url.hostname,
          PGPORT: url.port || '5432',
          PGUSER: decodeURIComponent(url.username) || 'postgres',
          PGPASSWORD: decodeURIComponent(url.password),
          PGDATABASE: url.pathname.slice(1) || 'postgres',
          BACKUP_DIR: dir,
          BACKUP_KEEP: '7',
          BACKUP_INTERVAL_SECONDS: '3600',
        },
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      try {
        await expect
          .poll(() => output, { timeout: 30_000, interval: 100 })
          .toMatch(/removed .*T000000Z\.dump\n(.|\n)*removed/);
        await expect
          .poll(() => readdirSync(dir).filter((f) => f.endsWith('.dump')).length, { timeout: 5_000 })
          .toBe(7);
      } finally {
        child.kill('SIGTERM');
      }
      const files = readdirSync(dir).sort();
      // The two oldest went; the new dump is there, complete (no .partial left) and readable by pg_restore.
      expect(files).not.toContain('singelgolf-20260101T000000Z.dump');
      expect(files).not.toContain('singelgolf-20260102T000000Z.dump');
      expect(files.some((f) => f.endsWith('.partial'))).toBe(false);
      const fresh = files.filter((f) => !f.includes('T000000Z'));
      expect(fresh).toHaveLength(1);
      expect(statSync(path.join(dir, fresh[0])).size).toBeGreaterThan(0);
      const list = spawnSync('pg_restore', ['--list', path.join(dir, fresh[0])], { encoding: 'utf8' });
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout).toMatch(/Format: CUSTOM/);
    },
    60_000,
  );
});

describe.skipIf(!found('systemd-analyze'))('deploy/singelgolf.service', () => {
  it('passes systemd-analyze verify without a warning', () => {
    const res = spawnSync('systemd-analyze', ['verify', path.join(root, 'deploy/singelgolf.service')], {
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    const warnings = res.stderr.split('\n').filter((l) => l.includes('singelgolf.service'));
    expect(warnings).toEqual([]);
    const unit = read('deploy/singelgolf.service');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --enable-source-maps dist\/server\/main\.js$/m);
    expect(unit).toMatch(/^User=singelgolf$/m);
  });
});
