import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEFAULT_UPLOAD_CONCURRENCY, threadPoolSize } from './thread-pool-size.ts';

/**
 * Issue 36: libuv's pool (scrypt for sign-in, sharp, file reads) is sized for the upload gate before it
 * starts, so re-encodes never hold every thread sign-in needs.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe("libuv's thread pool", () => {
  it('keeps 4 threads beside the re-encodes the gate admits, unless the operator sized it', () => {
    // Half the cores by default (at least one): the other half stays with sign-in and the rest.
    expect(DEFAULT_UPLOAD_CONCURRENCY).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
    expect(threadPoolSize({})).toBe(DEFAULT_UPLOAD_CONCURRENCY + 4);
    expect(threadPoolSize({ UPLOAD_CONCURRENCY: '3' })).toBe(7);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '16', UPLOAD_CONCURRENCY: '3' })).toBe(16);
    expect(loadConfig({}).uploads.concurrency).toBe(DEFAULT_UPLOAD_CONCURRENCY);
  });

  it('refuses an upload concurrency that would leave password hashing fewer than 4 threads', () => {
    expect(() => loadConfig({ UV_THREADPOOL_SIZE: '6', UPLOAD_CONCURRENCY: '3' })).toThrow(
      /UPLOAD_CONCURRENCY: at most UV_THREADPOOL_SIZE - 4 \(2\)/,
    );
    expect(loadConfig({ UV_THREADPOOL_SIZE: '8', UPLOAD_CONCURRENCY: '4' }).uploads.concurrency).toBe(4);
  });

  it('is sized by the first import of the server and of `npm start`, before anything can start the pool', () => {
    const firstImport = (file: string, after?: string) => {
      const imports = readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('import '));
      return after ? imports[imports.findIndex((l) => l.includes(after)) + 1] : imports[0];
    };
    expect(firstImport('server/main.ts')).toBe("import './boot/thread-pool.ts';");
    // start.ts loads the resolve hook first (a module-resolution hook, no thread pool), then the pool size.
    expect(firstImport('scripts/start.ts', 'fast-resolve')).toBe("import '../server/boot/thread-pool.ts';");
  });
});
