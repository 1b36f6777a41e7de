import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadLimits } from '../../../contract/media.ts';
import { uploadMessages } from '../../../contract/messages.ts';
import { uploadRoutes as r } from '../../../contract/routes/uploads.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import {
  acceptOneFile,
  hasCopy,
  MEDIA_MAX_AGE_SECONDS,
  sendMediaImage,
  uploadedFile,
} from '../../plugins/uploads.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { MediaBucket } from './bucket.ts';
import { deleteUploadAsStaff, getMedia, type UploadDeps, uploadImage } from './service.ts';

/**
 * `POST /api/v1/uploads`: one image per request, re-encoded before it is stored (decision 023); at most
 * `gate.capacity` at once per instance, and a daily quota per member (issue 36). Staff delete any upload.
 */
export const uploadRoutes: FastifyPluginAsyncZod<Omit<UploadDeps, 'gate'>> = async (app, options) => {
  const deps: UploadDeps = { ...options, gate: app.reencodes };
  const { db } = deps;
  const route = routesFor(app, { tags: ['uploads'] });

  // Scoped to this plugin: multipart bodies are accepted here and by the avatar upload only.
  await acceptOneFile(app, uploadLimits.maxBytes);

  route.on(
    r.upload,
    { unauthenticated: uploadMessages.loginToUpload, limit: 'uploadPerUser' },
    async (request) => {
      const viewer = signedIn(request);
      const file = await uploadedFile(request, 'file', uploadMessages);
      return uploadImage(deps, viewer, file);
    },
  );

  route.on(r.remove, {}, async (request) =>
    deleteUploadAsStaff(db, deps.bucket, signedIn(request), request.params.id),
  );
};

/**
 * `GET /media/<id>.<ext>`: uploaded images, from our own origin (the CSP's img-src allows nothing else).
 * Outside /api and the route contract on purpose: the bytes are public, so no session is looked up per
 * image. An address's bytes never change, but staff may take them down: caches keep them an hour and then
 * ask again with the ETag (a 304 without the bytes), so a deleted image stops showing within the hour.
 */
export const mediaRoutes: FastifyPluginAsync<{ db: Db; bucket: MediaBucket | undefined }> = async (
  app,
  { db, bucket },
) => {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply: FastifyReply) => {
      const media = await getMedia(db, bucket, request.params.file, (sha256) => hasCopy(request, sha256));
      // Behind a CDN: its address, asked again within the hour like the bytes, so a takedown still holds.
      if ('redirect' in media)
        return reply
          .header('cache-control', `public, max-age=${MEDIA_MAX_AGE_SECONDS}`)
          .redirect(media.redirect, 302);
      return sendMediaImage(
        request,
        reply,
        media.mime,
        'data' in media ? media.data : undefined,
        media.sha256,
      );
    },
  );
};
