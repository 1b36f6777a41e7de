/**
 * Build-time compression (decision 012): after `vite build` has written the web app, every text file of
 * 1 KB or more gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, which the server
 * sends as they are (`@fastify/static` `preCompressed`). Node's own zlib: no dependency, and the
 * slowest, smallest settings cost nothing at request time.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a compressed copy saves less than a packet; the server sends the file as it is. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export function brotli(data: Buffer | string): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
    },
  });
}

export function gzip(data: Buffer | string): Buffer {
  return gzipSync(data, { level: 9 });
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns the files it compressed. */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    for (const [ext, packed] of [
      ['.br', brotli(data)],
      ['.gz', gzip(data)],
    ] as const) {
      if (packed.length < data.length) writeFileSync(file + ext, packed);
    }
    done.push(path.relative(dir, file));
  }
  return done;
}

/** The Vite side: runs once the bundle and the public files are on disk. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cheatmarket:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressDir(outDir);
      this.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
