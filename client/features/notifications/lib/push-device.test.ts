import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-device';

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding, as VAPID keys come', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1, 2, 3]);
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(b64url).toContain('-');
    expect(b64url).toContain('_');
    expect(Array.from(base64UrlToBytes(b64url))).toEqual(Array.from(bytes));
  });

  it('gives the 65 bytes of an uncompressed P-256 public key', () => {
    const key = `B${'A'.repeat(86)}`;
    expect(base64UrlToBytes(key)).toHaveLength(65);
  });
});
