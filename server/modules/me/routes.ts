import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMessages as m } from '../../../contract/messages.ts';
import { meRoutes as r } from '../../../contract/routes/me.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { acceptOneFile, sendImmutableImage, uploadedFile } from '../../plugins/uploads.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { AVATAR_MAX_BYTES } from './avatar-image.ts';
import { getAvatar, getLogins, getMe, getSettings, saveSettings, updateMe, uploadAvatar } from './service.ts';

/** The routes of contract/routes/me.ts: their handlers and what only the server knows (limits, texts). */
export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['me'] });

  // Scoped to this plugin: only the avatar upload below accepts multipart bodies, one file, 5 MB.
  await acceptOneFile(app, AVATAR_MAX_BYTES);

  route.on(r.get, {}, async (request) => getMe(db, signedIn(request)));

  route.on(
    r.update,
    { unauthenticated: m.loginToUpdateProfile, limit: 'profileUpdatePerUser' },
    async (request) => updateMe(db, signedIn(request), request.body),
  );

  route.on(
    r.uploadAvatar,
    { unauthenticated: m.loginToUpdateProfile, limit: 'avatarUploadPerUser' },
    async (request) => {
      const viewer = signedIn(request);
      const file = await uploadedFile(request, 'avatar', {
        tooLarge: m.imageTooLarge,
        notAnImage: m.notAnImage,
      });
      return uploadAvatar(db, viewer, file);
    },
  );

  route.on(r.avatar, {}, async (request, reply) => {
    const data = await getAvatar(db, request.params.file);
    // Raw bytes, not a schema'd JSON body: the plain reply type takes a Buffer.
    return sendImmutableImage(reply as FastifyReply, 'image/webp', data);
  });

  route.on(r.settings, {}, async (request) => getSettings(db, signedIn(request)));

  route.on(r.saveSettings, { limit: 'settingsPerUser' }, async (request) =>
    saveSettings(db, signedIn(request), request.body),
  );

  route.on(r.logins, {}, async (request) => getLogins(db, signedIn(request)));
};
