import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfig } from '../../../contract/site.ts';

export const siteSettingsRoutes: FastifyPluginAsyncZod<{ links: PublicConfig }> = async (app, { links }) => {
  app.get(
    '/site-settings',
    {
      schema: {
        tags: ['site'],
        summary: 'The public site settings the web app needs on every page',
        response: { 200: publicConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return links;
    },
  );
};
