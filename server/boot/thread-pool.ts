import { threadPoolSize } from './thread-pool-size.ts';

/**
 * libuv's thread pool runs scrypt (password hashing), sharp's image decoding and encoding, file reads and
 * compression. It has 4 threads unless UV_THREADPOOL_SIZE says otherwise, and libuv reads that variable once,
 * when the pool first starts: this module is the first thing the server imports (server/main.ts), before
 * anything can use the pool. Its default keeps the 4 threads libuv would give everything else beside the
 * re-encodes the upload gate admits (UPLOAD_CONCURRENCY), so a flood of uploads never takes a thread sign-in
 * needs (issue 36). An operator's own UV_THREADPOOL_SIZE is kept (config.ts checks it leaves room).
 */
process.env.UV_THREADPOOL_SIZE = String(threadPoolSize(process.env));
