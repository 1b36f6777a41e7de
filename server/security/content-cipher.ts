import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (license keys, webhook secrets, the Web Push private key): AES-256-GCM with a fresh 12-byte
 * IV per row, so a database dump (or backup) holds no key text. Not a module's: the server's own, as
 * outbound.ts is, so the modules that keep secrets depend on it and not on each other (decision 058). The
 * sub-keys keep their first names (`listing-key-…`): renaming them would make every stored secret unreadable.
 * Duplicates are found through a keyed HMAC of the text (a sub-key of the same secret), never by decrypting
 * a listing's keys. The secret is CONTENT_KEY, or one made on first start and kept in DATA_DIR/content-key:
 * deliberately not in the database, since the database is what must not leak them.
 */
export interface ContentCipher {
  encrypt(text: string): string;
  decrypt(stored: string): string;
  hash(text: string): string;
}

export function createContentCipher(secret: Buffer): ContentCipher {
  if (secret.length !== 32) throw new Error('CONTENT_KEY must be 32 bytes');
  const encryptionKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'listing-key-aes', 32));
  const hashKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'listing-key-hmac', 32));
  return {
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(stored) {
      const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data) throw new Error('malformed key ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
    hash(text) {
      return createHmac('sha256', hashKey).update(text, 'utf8').digest('base64url');
    },
  };
}

/** 32 bytes from CONTENT_KEY's text: 64 hex digits or base64 (standard or url-safe); undefined otherwise. */
export function parseContentKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The configured key, or the one kept in `dataDir/content-key` (made there on first start, readable by the
 * owner only). Several instances must share CONTENT_KEY: each has its own DATA_DIR.
 */
export function loadContentKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, 'content-key');
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      mkdirSync(dataDir, { recursive: true });
      return loadContentKey(configured, dataDir);
    }
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseContentKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex)`);
  return key;
}
