import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteSettingsMessages } from '../../../contract/messages.ts';
import { type ExternalLinks, publicConfig, siteSettingKeyParams } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { getPublicSettings, getSetting, updateSetting } from './service.ts';

export const siteSettingsRoutes: FastifyPluginAsyncZod<{ links: ExternalLinks; db: Db }> = async (
  app,
  { links, db },
) => {
  const route = routesFor(app, { tags: ['site'] });

  route.get(
    '/site-settings',
    {
      access: 'public',
      summary: 'The public site settings the web app needs on every page',
      response: { 200: publicConfig },
    },
    async (_request, reply) => {
      // Admin changes must show at once; open pages are also told over the socket.
      reply.header('cache-control', 'no-cache');
      return getPublicSettings(db, links);
    },
  );

  route.get(
    '/admin/site-settings/:key',
    {
      access: 'admin',
      forbidden: siteSettingsMessages.onlyAdmins,
      tags: ['admin'],
      summary: 'One site setting as stored, or its default (admins; null: external links never set)',
      params: siteSettingKeyParams,
      response: {
        200: z.object({ key: z.string(), value: z.record(z.string(), z.unknown()).nullable() }),
      },
    },
    async (request) => getSetting(db, signedIn(request), request.params.key),
  );

  route.put(
    '/admin/site-settings/:key',
    {
      access: 'admin',
      forbidden: siteSettingsMessages.onlyAdmins,
      tags: ['admin'],
      summary: 'Set one site setting (admins)',
      params: siteSettingKeyParams,
      body: z.record(z.string(), z.unknown()),
      response: {
        200: z.object({ key: z.string(), value: z.record(z.string(), z.unknown()) }),
      },
    },
    async (request) => updateSetting(db, signedIn(request), request.params.key, request.body),
  );
};
