import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash.
const N = 32768;
const r = 8;
const p = 1;
const KEYLEN = 64;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n = N): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hashes a password as `scrypt$N$salt$hash` (base64). */
export async function hashPassword(password: string, n = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n);
  return `scrypt$${n}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n));
  const expected = Buffer.from(hash, 'base64');
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/** A hash of nothing in particular, verified when the e-mail is unknown so both answers take as long. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

export { passwordWeakness } from '@common/rules/password';
