import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site's one vocabulary (common/vocabulary.ts, decisions.md): words a member or admin must never read
 * again are searched for in what the client, the server's pages, e-mails, notices, exports and the shared
 * messages can show. Comments and tests are left out; so are Stripe's currency codes and API fields.
 */
const root = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${path.sep}test${path.sep}`) && !f.includes(`${path.sep}seed${path.sep}`));

/** The code of a file without its comments (line comments and block comments). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const FORBIDDEN: [RegExp, string][] = [
  [/väntelist/i, "'reservlista', never 'väntelista'"],
  [/Golfevent/, "'Evenemang', not 'Golfevent'"],
  [/Golf ID/, "'Golf-ID'"],
  [/\d\s*SEK\b|\(SEK\)|\}\s*SEK\b/, "money as '3 450 kr' (formatKr), never SEK"],
  [/\b(resor|resa) hittades/, "'N evenemang hittades': a list mixes rounds and trips"],
  [/Toggle password visibility|['">]Cancel['"<]|['">](Location|Interests)['"<]/, 'English a member sees'],
  [/['">\s](Eventet|detta event|Skapa event|Mina Event)\b/, "'evenemang' for any event"],
];

describe('one vocabulary in what members and admins see', () => {
  const files = ['client', 'server', 'common'].flatMap(sources);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  for (const [pattern, rule] of FORBIDDEN) {
    it(`uses ${rule}`, () => {
      const hits = files
        // The routes' OpenAPI summaries are the API's documentation, in English for developers.
        .filter((f) => !f.endsWith('.routes.ts') && pattern.test(code(f)))
        .map((f) => path.relative(root, f));
      expect(hits).toEqual([]);
    });
  }
});
