import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import {
  brotliCompressSync,
  createBrotliCompress,
  createGzip,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/client.ts';
import { resolveCard } from '../modules/link-cards/cards.ts';
import { carriesCard, renderHead, withCard } from '../modules/link-cards/head.ts';
import { errorBody } from './errors.ts';
import { loadPageRenderer, pageAndClosing, splitAtRoot, takesPage } from './page-render.ts';

// A page is a few KB: brotli at 5 takes well under a millisecond and beats gzip's best.
const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const encoders = {
  br: (html: string) => brotliCompressSync(html, brotliOptions),
  gzip: (html: string) => gzipSync(html),
};
/** The same encodings as streams, for a page sent in two parts (its head before its drawn body). */
const streamEncoders: Record<keyof typeof encoders, () => Transform> = {
  br: () => createBrotliCompress(brotliOptions),
  gzip: () => createGzip(),
};

/** br, else gzip, if the client accepts it (a `;q=0` refuses); null for neither. */
function preferredEncoding(header: string | undefined): keyof typeof encoders | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every non-API GET falls back to index.html so the client router can take it.
 * Unknown API paths get the JSON 404.
 *
 * `npm run build` writes a `.br` and a `.gz` beside each compressible file (decision 012); the client gets
 * the best one its Accept-Encoding allows, the plain file otherwise, always with `Vary: Accept-Encoding`.
 * Compressing once at build time costs nothing per request and allows brotli's best level.
 *
 * A public page (a listing, thread, cheat, product, profile, category, or a list page) is answered with
 * index.html carrying that page's own title, description and Open Graph tags (issue 37: link previews),
 * compressed on the fly since it is made per request; any other path gets the prebuilt file. For a visitor,
 * that public page's first screen is drawn into it on the server (page-render.ts) when the build wrote a
 * renderer (dist/render beside dist/web).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { root: string; db: Db; publicUrl: string }) => {
    const indexFile = path.join(opts.root, 'index.html');
    const hasBundle = existsSync(indexFile);
    const template = hasBundle ? readFileSync(indexFile, 'utf8') : '';
    // A web root whose index.html lacks the default head (not the build's) is served as it is.
    const cards = carriesCard(template);
    const drawPage =
      hasBundle && takesPage(template)
        ? await loadPageRenderer(app, path.join(path.dirname(opts.root), 'render', 'entry-server.js'))
        : null;
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
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      if (!isApi && hasBundle && (request.method === 'GET' || request.method === 'HEAD')) {
        const pathname = request.url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
        const card = cards ? await resolveCard(opts.db, pathname) : null;
        reply.header('cache-control', 'no-cache');
        if (!card) return reply.sendFile('index.html');
        const html = withCard(template, renderHead(card, opts.publicUrl));
        reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        if (request.method === 'GET' && drawPage && (await drawPage.drawsFor(request))) {
          // The head goes at once (the browser starts on the styles and code), the drawn page when it is ready.
          const [opening, closing] = splitAtRoot(html, drawPage.stateId);
          const body = encoding ? streamEncoders[encoding]() : new PassThrough();
          reply.send(body);
          body.write(opening);
          (body as Partial<{ flush(): void }>).flush?.();
          body.end(pageAndClosing(await drawPage.draw(request), closing));
          return reply;
        }
        return reply.send(encoding ? encoders[encoding](html) : html);
      }
      return reply.status(404).send(errorBody('NOT_FOUND', messages.notFound));
    });
  },
  { name: 'web' },
);
