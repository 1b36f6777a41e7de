import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { uploadLimits } from '../../../contract/media.ts';
import { uploadMessages } from '../../../contract/messages.ts';
import { uploadResponse } from '../../../contract/uploads.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { acceptOneFile, sendImmutableImage, uploadedFile } from '../../plugins/uploads.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { getMedia, uploadImage } from './service.ts';

/** `POST /api/v1/uploads`: one image per request, re-encoded before it is stored (decision 023). */
export const uploadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['uploads'] });

  // Scoped to this plugin: multipart bodies are accepted here and by the avatar upload only.
  await acceptOneFile(app, uploadLimits.maxBytes);

  route.post(
    '/uploads',
    {
      access: 'member',
      unauthenticated: uploadMessages.loginToUpload,
      limit: 'uploadPerUser',
      summary:
        'Upload an image (multipart, one file up to 8 MB and 40 megapixels); stored re-encoded as WebP ' +
        '(small PNGs stay PNG), at most 2000 px a side, without metadata, and served at the returned url',
      consumes: ['multipart/form-data'],
      response: { 200: uploadResponse, 413: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      const file = await uploadedFile(request, 'file', uploadMessages);
      return uploadImage(db, viewer, file);
    },
  );
};

/**
 * `GET /media/<id>.<ext>`: uploaded images, from our own origin (the CSP's img-src allows nothing else).
 * Outside /api and the route contract on purpose: the bytes are public, so no session is looked up per
 * image, and an address's bytes never change, so browsers and proxies keep them for a year.
 */
export const mediaRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply: FastifyReply) => {
      const { data, mime } = await getMedia(db, request.params.file);
      return sendImmutableImage(reply, mime, data);
    },
  );
};
