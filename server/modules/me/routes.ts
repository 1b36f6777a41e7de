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
import { routesFor } from '../../plugins/routes-for.ts';
import { acceptOneFile, sendImmutableImage, uploadedFile } from '../../plugins/uploads.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { AVATAR_MAX_BYTES } from './avatar-image.ts';
import { getAvatar, getLogins, getMe, getSettings, saveSettings, updateMe, uploadAvatar } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['me'], access: 'member' });

  // Scoped to this plugin: only the avatar upload below accepts multipart bodies, one file, 5 MB.
  await acceptOneFile(app, AVATAR_MAX_BYTES);

  route.get(
    '/me',
    {
      summary: 'My own profile, with the private fields (email, balance, credits)',
      response: { 200: meResponse },
    },
    async (request) => getMe(db, signedIn(request)),
  );

  route.patch(
    '/me',
    {
      unauthenticated: accountMessages.loginToUpdateProfile,
      limit: 'profileUpdatePerUser',
      summary: 'Change my username and bio (nothing else is writable here)',
      body: updateMeBody,
      response: { 200: meResponse, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      return updateMe(db, viewer, request.body);
    },
  );

  route.post(
    '/me/avatar',
    {
      unauthenticated: accountMessages.loginToUpdateProfile,
      limit: 'avatarUploadPerUser',
      summary: 'Upload my avatar (multipart, one image up to 5 MB); stored as a 256x256 WebP',
      consumes: ['multipart/form-data'],
      response: { 200: avatarResponse, 413: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      const file = await uploadedFile(request, 'avatar', {
        tooLarge: accountMessages.imageTooLarge,
        notAnImage: accountMessages.notAnImage,
      });
      return uploadAvatar(db, viewer, file);
    },
  );

  route.get(
    '/avatars/:file',
    {
      access: 'public',
      summary: "A member's avatar (image/webp, cached for a year: each upload has a new address)",
      params: z.object({ file: z.string().max(64) }),
      response: { 200: { description: 'The image', content: { 'image/webp': { schema: z.file() } } } },
    },
    async (request, reply) => {
      const data = await getAvatar(db, request.params.file);
      // Raw bytes, not a schema'd JSON body: the plain reply type takes a Buffer.
      return sendImmutableImage(reply as FastifyReply, 'image/webp', data);
    },
  );

  route.get(
    '/me/settings',
    {
      summary: 'My notification settings (all on until changed)',
      response: { 200: userSettingsResponse },
    },
    async (request) => getSettings(db, signedIn(request)),
  );

  route.put(
    '/me/settings',
    {
      limit: 'settingsPerUser',
      summary: 'Save my notification settings',
      body: userSettingsBody,
      response: { 200: userSettingsResponse },
    },
    async (request) => saveSettings(db, signedIn(request), request.body),
  );

  route.get(
    '/me/logins',
    {
      summary: 'My 10 latest sign-ins (date, IP address, user agent)',
      response: { 200: loginsResponse },
    },
    async (request) => getLogins(db, signedIn(request)),
  );
};
