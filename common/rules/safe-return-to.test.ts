import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX, safeReturnTo } from './safe-return-to';

const SITE = 'https://singelgolf.se';

describe('safeReturnTo', () => {
  it.each([
    '/',
    '/events/3?x=1#y',
    '/members?q=%C3%96stersund',
    '/profile',
    '/events/3/chat?tab=messages&x=a%2Fb',
  ])('keeps the same-site path %s', (value) => {
    expect(safeReturnTo(value, SITE)).toBe(value);
  });

  it.each([
    ['backslash host', '/\\host/x'],
    ['tab then host', '/\t/host'],
    ['backslash after tab', '/\t\\host'],
    ['protocol-relative', '//evil'],
    ['protocol-relative with path', '//evil.example/x'],
    ['absolute https', 'https://evil'],
    ['absolute of the site itself', 'https://singelgolf.se/events'],
    ['encoded backslash', '/%5Chost'],
    ['encoded backslash (lower case)', '/%5chost/x'],
    ['encoded slash after slash', '/%2F%2Fevil'],
    ['encoded slash', '/%2Fevil'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'events/3'],
    ['empty', ''],
    ['NUL', '/events\u0000/x'],
    ['newline', '/events\n/x'],
    ['carriage return', '/\r\n//evil'],
    ['encoded tab', '/%09/evil'],
    ['encoded NUL', '/x%00y'],
    ['DEL', '/x\u007f'],
    ['space', '/ /evil'],
    ['line separator', '/x\u2028y'],
    ['dot segments to a host', '/..//evil.example'],
    ['dot segments to a host (encoded dot)', '/%2e%2e//evil.example'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['over-long', `/${'a'.repeat(RETURN_TO_MAX)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnTo(value, SITE)).toBe('/');
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 3, ['/events'], { path: '/' }])
      expect(safeReturnTo(value, SITE)).toBe('/');
  });

  it('answers the normalised path', () => {
    expect(safeReturnTo('/events/./3/../4', SITE)).toBe('/events/4');
  });

  it('accepts paths up to the limit', () => {
    const value = `/${'a'.repeat(RETURN_TO_MAX - 1)}`;
    expect(safeReturnTo(value, SITE)).toBe(value);
  });
});
