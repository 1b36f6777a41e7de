import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createContentCipher, loadContentKey, parseContentKey } from './content-cipher.ts';

describe('CONTENT_KEY and the key cipher', () => {
  it('accepts 32 bytes as hex or base64 and stops the start on anything else, naming the variable', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ CONTENT_KEY: bytes.toString('hex') }).contentKey).toEqual(bytes);
    expect(loadConfig({ CONTENT_KEY: bytes.toString('base64') }).contentKey).toEqual(bytes);
    expect(loadConfig({ CONTENT_KEY: bytes.toString('base64url') }).contentKey).toEqual(bytes);
    expect(loadConfig({}).contentKey).toBeUndefined();
    for (const bad of ['short', randomBytes(16).toString('hex'), randomBytes(31).toString('base64')])
      expect(() => loadConfig({ CONTENT_KEY: bad })).toThrow(/CONTENT_KEY/);
    expect(parseContentKey('not base64 at all!')).toBeUndefined();
  });

  it('makes a key on first start in DATA_DIR, readable by its owner only, and keeps it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-key-'));
    try {
      const data = path.join(dir, 'data');
      const first = loadContentKey(undefined, data);
      expect(first).toHaveLength(32);
      expect(statSync(path.join(data, 'content-key')).mode & 0o777).toBe(0o600);
      expect(loadContentKey(undefined, data)).toEqual(first);
      const configured = randomBytes(32);
      expect(loadContentKey(configured, data)).toEqual(configured);
      expect(readFileSync(path.join(data, 'content-key'), 'utf8').trim()).toBe(first.toString('base64'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('round-trips, uses a fresh IV each time, and refuses a tampered ciphertext or another key', () => {
    const cipher = createContentCipher(randomBytes(32));
    const a = cipher.encrypt('LICENSE-123');
    const b = cipher.encrypt('LICENSE-123');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe('LICENSE-123');
    expect(cipher.hash('LICENSE-123')).toBe(cipher.hash('LICENSE-123'));
    expect(cipher.hash('LICENSE-123')).not.toContain('LICENSE');
    const [iv, tag, data] = a.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => cipher.decrypt([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createContentCipher(randomBytes(32)).decrypt(a)).toThrow();
  });
});
