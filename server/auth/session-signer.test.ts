import { Signer } from '@fastify/cookie';
import { describe, expect, it, vi } from 'vitest';
import { rememberingSigner } from './session-signer';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('rememberingSigner', () => {
  it('signs and checks exactly as @fastify/cookie does', () => {
    const plain = new Signer(SECRET, 'sha256');
    const mine = rememberingSigner(SECRET);
    const cookie = plain.sign('session-id-1');
    expect(mine.sign('session-id-1')).toBe(cookie);
    expect(mine.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    // Remembered: the second check and the signing of the same id again need no HMAC.
    const hmac = vi.spyOn(Signer.prototype, 'unsign');
    const sign = vi.spyOn(Signer.prototype, 'sign');
    expect(mine.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    expect(mine.sign('session-id-1')).toBe(cookie);
    expect(hmac).not.toHaveBeenCalled();
    expect(sign).not.toHaveBeenCalled();
    hmac.mockRestore();
    sign.mockRestore();
  });

  it('refuses a forged or altered cookie every time, and never remembers it', () => {
    const mine = rememberingSigner(SECRET);
    const forged = new Signer('another-secret-of-at-least-32-characters!', 'sha256').sign('session-id-1');
    const good = mine.sign('session-id-1');
    for (let i = 0; i < 2; i++) {
      expect(mine.unsign(forged).valid).toBe(false);
      expect(mine.unsign(`${good}x`).valid).toBe(false);
      expect(mine.unsign('no-signature').valid).toBe(false);
    }
  });

  it('keeps at most 10 000 cookies, forgetting the oldest', () => {
    const plain = new Signer(SECRET, 'sha256');
    const mine = rememberingSigner(SECRET);
    const first = plain.sign('id-0');
    mine.unsign(first);
    for (let i = 1; i <= 10_000; i++) mine.unsign(plain.sign(`id-${i}`));
    const hmac = vi.spyOn(Signer.prototype, 'unsign');
    expect(mine.unsign(first).value).toBe('id-0');
    expect(hmac).toHaveBeenCalledTimes(1);
    hmac.mockRestore();
  });

  it('signs with the first of several secrets and verifies each, asking for a cookie of an older one to be renewed', () => {
    const older = 'an-older-session-secret-0123456789-abcdef';
    const mine = rememberingSigner([SECRET, older]);
    const cookie = mine.sign('id-1');
    expect(cookie).toBe(new Signer(SECRET, 'sha256').sign('id-1'));
    expect(mine.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'id-1' });
    const old = new Signer(older, 'sha256').sign('id-2');
    // Not remembered: it is checked (and found to need renewing) every time until it is replaced.
    for (let i = 0; i < 2; i++) expect(mine.unsign(old)).toEqual({ valid: true, renew: true, value: 'id-2' });
    expect(mine.sign('id-2')).toBe(new Signer(SECRET, 'sha256').sign('id-2'));
    const removed = new Signer('a-removed-session-secret-0123456789-abcdef', 'sha256').sign('id-3');
    expect(mine.unsign(removed).valid).toBe(false);
  });
});
