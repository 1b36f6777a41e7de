import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../contract/common-messages.ts';
import { detectionStatusLabels } from '../../../contract/detection.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/sql.ts';
import { errorBody } from '../../plugins/errors.ts';
import { CardImageBusy, type CardImageText, renderCardImage } from './card-image.ts';
import { credits, listingCardData, threadCardData } from './cards.ts';
import { robotsTxt, sitemapFile, sitemapIndex } from './sitemap.ts';

/** Crawlers re-read these now and then; an hour keeps a changed title from lingering long. */
const PUBLIC_HOUR = 'public, max-age=3600';

async function cardText(db: Db, kind: string, id: string): Promise<CardImageText | null> {
  if (kind === 'listing') {
    const row = await listingCardData(db, id);
    return (
      row && {
        kicker: `${row.game} · ${detectionStatusLabels[row.detection]}`,
        title: row.title,
        facts: [credits(row.price), `Sold by ${row.seller}`],
      }
    );
  }
  if (kind === 'thread') {
    const row = await threadCardData(db, id);
    return (
      row && {
        kicker: `Forum · ${row.category}`,
        title: row.title,
        facts: [`by ${row.author}`, `${row.replies.toLocaleString('en-US')} replies`],
      }
    );
  }
  return null;
}

/**
 * Link previews' public files (issue 37): robots.txt, the sitemap, and the generated 1200×630 card images of
 * listings and threads. Outside /api and the route contract like /media: public bytes, no session looked up.
 */
export const linkCardRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const notFound = (reply: import('fastify').FastifyReply) =>
    reply.status(404).send(errorBody('NOT_FOUND', messages.notFound));

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_HOUR).send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', PUBLIC_HOUR)
      .send(sitemapIndex(publicUrl)),
  );

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const name = /^(.+)\.xml$/.exec(request.params.file)?.[1];
      const body = name ? await sitemapFile(db, publicUrl, name) : null;
      if (body === null) return notFound(reply);
      return reply.type('application/xml; charset=utf-8').header('cache-control', PUBLIC_HOUR).send(body);
    },
  );

  app.get<{ Params: { kind: string; file: string } }>(
    '/og/:kind/:file',
    { schema: { hide: true, params: z.object({ kind: z.string().max(16), file: z.string().max(64) }) } },
    async (request, reply) => {
      const id = /^(.+)\.png$/.exec(request.params.file)?.[1];
      const text = id && isUuid(id) ? await cardText(db, request.params.kind, id.toLowerCase()) : null;
      // A hidden listing or thread has no image: the generic card it answers names none.
      if (!text) return notFound(reply);
      try {
        const { png, etag } = await renderCardImage(text);
        reply.header('cache-control', PUBLIC_HOUR).header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type('image/png').send(png);
      } catch (err) {
        if (!(err instanceof CardImageBusy)) throw err;
        return reply
          .status(503)
          .header('retry-after', '2')
          .send(errorBody('UNAVAILABLE', messages.unavailable));
      }
    },
  );
};
