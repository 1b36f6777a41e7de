import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialMessages } from '../../../contract/messages.ts';
import {
  followResponse,
  profileIdParams,
  publicProfileResponse,
  userAutocompleteQuery,
  userSearchQuery,
  userSearchResponse,
} from '../../../contract/profiles.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { autocompleteUsers, getProfile, searchUsers, setFollow } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['users'], access: 'public' });

  route.get(
    '/users',
    {
      summary: 'Find members by username (at most 20; the caller is left out)',
      querystring: userSearchQuery,
      response: { 200: userSearchResponse },
    },
    async (request) => ({ items: await searchUsers(db, request.viewer, request.query.q) }),
  );

  route.get(
    '/users/autocomplete',
    {
      access: 'member',
      limit: 'userAutocompletePerUser',
      summary: 'Members whose username starts with q, for @mentions (members; at most 8, never the caller)',
      querystring: userAutocompleteQuery,
      response: { 200: userSearchResponse },
    },
    async (request) => ({ items: await autocompleteUsers(db, signedIn(request), request.query.q) }),
  );

  route.get(
    '/users/:id',
    {
      summary: "A member's public profile; balance and credits only for the owner and staff",
      params: profileIdParams,
      response: { 200: publicProfileResponse },
    },
    async (request) => getProfile(db, request.viewer, request.params.id),
  );

  for (const method of ['put', 'delete'] as const) {
    route[method](
      '/users/:id/follow',
      {
        access: 'member',
        unauthenticated: socialMessages.loginToFollow,
        limit: 'followPerUser',
        summary: method === 'put' ? 'Follow a member (idempotent)' : 'Unfollow a member (idempotent)',
        params: profileIdParams,
        response: { 200: followResponse },
      },
      async (request) => setFollow({ db }, signedIn(request), request.params.id, method === 'put'),
    );
  }
};
