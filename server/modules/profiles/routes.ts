import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialMessages } from '../../../contract/messages.ts';
import { profileRoutes as r } from '../../../contract/routes/profiles.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { autocompleteUsers, getProfile, searchUsers, setFollow } from './service.ts';

/** The routes of contract/routes/profiles.ts: their handlers and what only the server knows (limits, texts). */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['users'] });

  route.on(r.search, {}, async (request) => ({
    items: await searchUsers(db, request.viewer, request.query.q),
  }));

  route.on(r.autocomplete, { limit: 'userAutocompletePerUser' }, async (request) => ({
    items: await autocompleteUsers(db, signedIn(request), request.query.q),
  }));

  route.on(r.get, {}, async (request) => getProfile(db, request.viewer, request.params.id));

  const follow = { unauthenticated: socialMessages.loginToFollow, limit: 'followPerUser' } as const;
  for (const [entry, following] of [
    [r.follow, true],
    [r.unfollow, false],
  ] as const) {
    route.on(entry, follow, async (request) =>
      setFollow({ db }, signedIn(request), request.params.id, following),
    );
  }
};
