import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkServerDependencies, domainOf, importSpecifiers, typeOnlySpecifiers } from './dependency-check';
import { SERVER_LAYERS } from './server-layers';

/**
 * The server's domains depend on each other in one direction (issue 31, docs/architecture.md): no
 * import from a lower layer to a higher one or within a layer, no pair of domains importing each
 * other, and Drizzle only in queries files.
 */
const root = path.resolve(import.meta.dirname, '../..');
const report = checkServerDependencies(root);

describe('server dependencies', () => {
  it('places every domain in a layer, once', () => {
    expect(report.unplaced).toEqual([]);
    const all = SERVER_LAYERS.flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('imports only downward', () => {
    expect(report.upward).toEqual([]);
  });

  it('has no pair of domains that import each other', () => {
    expect(report.mutual).toEqual([]);
  });

  it('uses Drizzle only in queries files and the database folder', () => {
    expect(report.drizzleOutsideQueries).toEqual([]);
  });
});

describe('how imports are read', () => {
  it('finds static, re-exported, side-effect and dynamic imports, not commented ones', () => {
    const source = [
      "import { a } from '../events/events.queries';",
      "import type { B } from '../members/members.presenter';",
      "export { c } from './c';",
      "import './side-effect';",
      "const d = await import('../realtime/realtime.publish');",
      "// import { e } from '../notifications/x';",
      "/* import { f } from '../audit/audit'; */",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      '../events/events.queries',
      '../members/members.presenter',
      './c',
      './side-effect',
      '../realtime/realtime.publish',
    ]);
    expect([...typeOnlySpecifiers(source)]).toEqual(['../members/members.presenter']);
  });

  it('names a domain by its folder, or a root file by its name', () => {
    expect(domainOf('server/events/events.routes.ts')).toBe('events');
    expect(domainOf('server/auth/idp/accounts.ts')).toBe('auth');
    expect(domainOf('server/config.ts')).toBe('config.ts');
  });
});
