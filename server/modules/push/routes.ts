import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushRoutes as r } from '../../../contract/routes/push.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/push.ts: the server's public key, and a member's devices. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; publicKey: string; allowPrivate: boolean }> = async (
  app,
  { db, publicKey, allowPrivate },
) => {
  const route = routesFor(app, { tags: ['push'] });

  route.on(r.key, {}, async () => ({ publicKey }));

  route.on(r.devices, {}, async (request) => service.listDevices(db, signedIn(request)));

  route.on(r.subscribe, { limit: 'pushSubscribePerUser' }, async (request) =>
    service.subscribe(db, signedIn(request), request.body, request.headers['user-agent'], allowPrivate),
  );

  route.on(r.setKinds, { limit: 'pushSubscribePerUser' }, async (request) =>
    service.setKinds(db, signedIn(request), request.body.endpoint, request.body.kinds),
  );

  route.on(r.unsubscribe, { limit: 'pushSubscribePerUser' }, async (request) => {
    await service.unsubscribe(db, signedIn(request), request.body.endpoint);
    return null;
  });
};
