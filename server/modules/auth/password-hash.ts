import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
// N=2^15, r=8: ~32 MiB and tens of ms per hash, run on libuv's pool so the event loop stays free.
export const PRODUCTION_COST = 32768;
const PARAMS = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LEN = 64;

/**
 * Native scrypt instead of better-auth's pure-JS one: several times faster and off the main thread. `cost`
 * is N (PASSWORD_HASH_COST, which production refuses to lower): test servers make thousands of sign-ups, and
 * at the production cost spent minutes of CI on key stretching that no test is about. The format records N,
 * so verification is the same for either.
 */
export async function hashPassword(password: string, cost = PRODUCTION_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LEN, { ...PARAMS, N: cost });
  return `scrypt$${cost}$${PARAMS.r}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [scheme, n, r, saltHex, keyHex] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(saltHex, 'hex'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: 1,
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}
