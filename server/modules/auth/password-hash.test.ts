import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_COST, verifyPassword } from './password-hash.ts';

describe('password hashes', () => {
  it('are made at the production cost unless a test lowers it, and verify either way', async () => {
    expect(PRODUCTION_COST).toBe(2 ** 15);
    const strong = await hashPassword('correct-horse-9');
    expect(strong.split('$').slice(0, 3)).toEqual(['scrypt', '32768', '8']);
    const cheap = await hashPassword('correct-horse-9', 1024);
    expect(cheap.split('$')[1]).toBe('1024');
    for (const hash of [strong, cheap]) {
      expect(await verifyPassword({ hash, password: 'correct-horse-9' })).toBe(true);
      expect(await verifyPassword({ hash, password: 'correct-horse-8' })).toBe(false);
    }
  });

  it('salts every hash and refuses a malformed one', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword({ hash: 'bcrypt$10$x', password: 'same' })).toBe(false);
  });
});
