import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../contract/messages.ts';
import { errorBody } from './errors.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every non-API GET falls back to index.html so the client router can take it.
 * Unknown API paths get the JSON 404.
 *
 * `npm run build` writes a `.br` and a `.gz` beside each compressible file (decision 012); the client gets
 * the best one its Accept-Encoding allows, the plain file otherwise, always with `Vary: Accept-Encoding`.
 * Compressing once at build time costs nothing per request and allows brotli's best level.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const hasBundle = existsSync(path.join(opts.root, 'index.html'));
    if (hasBundle) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The .br/.gz siblings are encodings of their file, not addresses of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      if (!isApi && hasBundle && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(errorBody('NOT_FOUND', messages.notFound));
    });
  },
  { name: 'web' },
);
