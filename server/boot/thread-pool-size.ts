import { availableParallelism } from 'node:os';

/** The thread pool's size and the upload concurrency it is made for (server/boot/thread-pool.ts). */

/**
 * Re-encodes at once: half the cores, at least one. sharp runs each on one thread at full speed (image.ts), so
 * this many keep the other half of the CPU for everything else, sign-in's scrypt first: on two cores, two
 * re-encodes took the sign-in median from 2.2 s to 7.4 s on a loaded machine (npm run bench, uploads), one
 * leaves it within the target.
 */
export const DEFAULT_UPLOAD_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/** Pool threads kept from re-encodes: what libuv's default pool gives password hashing and file reads. */
export const RESERVED_POOL_THREADS = 4;

/** The pool size for this environment: the operator's, or the upload concurrency plus the reserved threads. */
export function threadPoolSize(env: NodeJS.ProcessEnv): number {
  const set = Number(env.UV_THREADPOOL_SIZE);
  if (Number.isInteger(set) && set > 0) return set;
  const uploads = Number(env.UPLOAD_CONCURRENCY);
  return (
    (Number.isInteger(uploads) && uploads > 0 ? uploads : DEFAULT_UPLOAD_CONCURRENCY) + RESERVED_POOL_THREADS
  );
}
