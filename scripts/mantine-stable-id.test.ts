import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableUseId } from './mantine-stable-id.mjs';

const require = createRequire(import.meta.url);
// The package's directory, from its main entry (its exports do not list package.json).
const hooksDir = path.resolve(path.dirname(require.resolve('@mantine/hooks')), '..');
const useIdPath = path.join(hooksDir, 'esm/use-id/use-id.mjs');

describe('mantine-stable-id', () => {
  it("replaces the installed Mantine's useId with React's id, and leaves other modules alone", () => {
    const replaced = stableUseId(useIdPath, readFileSync(useIdPath, 'utf8'));
    expect(replaced).toContain('useId()');
    expect(replaced).not.toContain('randomId');
    expect(stableUseId(path.join(hooksDir, 'esm/use-idle/use-idle.mjs'), 'anything')).toBeNull();
  });

  it('fails the build when the hook is not the one it knows', () => {
    expect(() => stableUseId(useIdPath, 'export function useId() { return crypto.randomUUID(); }')).toThrow(
      /useId has changed/,
    );
  });
});
