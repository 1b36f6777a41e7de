import { z } from 'zod';
import { errorResponse } from '../errors.ts';
import {
  avatarFileParams,
  avatarResponse,
  loginsResponse,
  meResponse,
  updateMeBody,
  userSettingsBody,
  userSettingsResponse,
} from '../me.ts';
import type { RouteGroup } from './route.ts';

/** The signed-in member's own account: profile, avatar, notification settings, sign-in history. */
export const meRoutes = {
  get: {
    method: 'GET',
    path: '/me',
    access: 'member',
    summary: 'My own profile, with the private fields (email, balance, credits)',
    response: { 200: meResponse },
  },
  update: {
    method: 'PATCH',
    path: '/me',
    access: 'member',
    summary: 'Change my username and bio (nothing else is writable here)',
    body: updateMeBody,
    response: { 200: meResponse, 409: errorResponse },
  },
  uploadAvatar: {
    method: 'POST',
    path: '/me/avatar',
    access: 'member',
    summary: 'Upload my avatar (multipart, one image up to 5 MB); stored as a 256x256 WebP',
    consumes: ['multipart/form-data'],
    response: { 200: avatarResponse, 413: errorResponse },
  },
  avatar: {
    method: 'GET',
    path: '/avatars/:file',
    access: 'public',
    summary: "A member's avatar (image/webp, cached for a year: each upload has a new address)",
    params: avatarFileParams,
    response: { 200: { description: 'The image', content: { 'image/webp': { schema: z.file() } } } },
  },
  settings: {
    method: 'GET',
    path: '/me/settings',
    access: 'member',
    summary: 'My notification settings (all on until changed)',
    response: { 200: userSettingsResponse },
  },
  saveSettings: {
    method: 'PUT',
    path: '/me/settings',
    access: 'member',
    summary: 'Save my notification settings',
    body: userSettingsBody,
    response: { 200: userSettingsResponse },
  },
  logins: {
    method: 'GET',
    path: '/me/logins',
    access: 'member',
    summary: 'My 10 latest sign-ins (date, IP address, user agent)',
    response: { 200: loginsResponse },
  },
} as const satisfies RouteGroup;
