import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  avatarResponse,
  loginsResponse,
  meResponse,
  updateMeBody,
  userSettingsBody,
  userSettingsResponse,
} from '../../../contract/me.ts';
import { accountMessages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { AVATAR_MAX_BYTES } from './avatar-image.ts';
import { getAvatar, getLogins, getMe, getSettings, saveSettings, updateMe, uploadAvatar } from './service.ts';

const notAnImage = () =>
  new AppError('VALIDATION', accountMessages.notAnImage, { avatar: accountMessages.notAnImage });

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Scoped to this plugin: only the avatar upload below accepts multipart bodies, one file, 5 MB.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 50 },
  });

  app.get(
    '/me',
    {
      schema: {
        ...access('member'),
        tags: ['me'],
        summary: 'My own profile, with the private fields (email, balance, credits)',
        response: { 200: meResponse },
      },
    },
    async (request) => getMe(db, signedIn(request)),
  );

  app.patch(
    '/me',
    {
      schema: {
        ...access('member', {
          unauthenticated: accountMessages.loginToUpdateProfile,
          limit: 'profileUpdatePerUser',
        }),
        tags: ['me'],
        summary: 'Change my username and bio (nothing else is writable here)',
        body: updateMeBody,
        response: { 200: meResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const viewer = signedIn(request);
      return updateMe(db, viewer, request.body);
    },
  );

  app.post(
    '/me/avatar',
    {
      schema: {
        ...access('member', {
          unauthenticated: accountMessages.loginToUpdateProfile,
          limit: 'avatarUploadPerUser',
        }),
        tags: ['me'],
        summary: 'Upload my avatar (multipart, one image up to 5 MB); stored as a 256x256 WebP',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const viewer = signedIn(request);
      let file: Buffer | undefined;
      try {
        const part = await request.file();
        file = await part?.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', accountMessages.imageTooLarge, {
            avatar: accountMessages.imageTooLarge,
          });
        }
        // Anything else went wrong reading the form (not multipart, truncated, too many parts): bad input.
        request.log.info({ code }, 'unreadable avatar upload');
        throw notAnImage();
      }
      if (!file?.length) throw notAnImage();
      return uploadAvatar(db, viewer, file);
    },
  );

  app.get(
    '/avatars/:file',
    {
      schema: {
        ...access('public'),
        tags: ['me'],
        summary: "A member's avatar (image/webp, cached for a year: each upload has a new address)",
        params: z.object({ file: z.string().max(64) }),
        response: {},
      },
    },
    async (request, reply) => {
      const data = await getAvatar(db, request.params.file);
      // Raw bytes, not a schema'd JSON body: the plain reply type takes a Buffer.
      return (reply as FastifyReply)
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );

  app.get(
    '/me/settings',
    {
      schema: {
        ...access('member'),
        tags: ['me'],
        summary: 'My notification settings (all on until changed)',
        response: { 200: userSettingsResponse },
      },
    },
    async (request) => getSettings(db, signedIn(request)),
  );

  app.put(
    '/me/settings',
    {
      schema: {
        ...access('member', { limit: 'settingsPerUser' }),
        tags: ['me'],
        summary: 'Save my notification settings',
        body: userSettingsBody,
        response: { 200: userSettingsResponse },
      },
    },
    async (request) => saveSettings(db, signedIn(request), request.body),
  );

  app.get(
    '/me/logins',
    {
      schema: {
        ...access('member'),
        tags: ['me'],
        summary: 'My 10 latest sign-ins (date, IP address, user agent)',
        response: { 200: loginsResponse },
      },
    },
    async (request) => getLogins(db, signedIn(request)),
  );
};
