import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeMessages } from '../../../contract/mail.ts';
import { mailRoutes as r } from '../../../contract/routes/mail.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { type UnsubscribeKind, unsubscribe, verifyUnsubscribe } from './service.ts';

/**
 * The one-click unsubscribe of a mail kind (RFC 8058): the link is signed, so it works without signing in
 * and for that member and kind only. GET (a person following the link) shows what a POST would do; POST
 * (the person's confirmation, or a mail client's one-click `List-Unsubscribe=One-Click`) turns it off.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  const route = routesFor(app, { tags: ['email'] });

  // Mail clients post the one-click body as a form; its only field is fixed, so it is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  const check = (q: { user: string; kind: UnsubscribeKind; sig: string }) => {
    if (!verifyUnsubscribe(secret, q.user, q.kind, q.sig))
      throw new AppError('NOT_FOUND', unsubscribeMessages.invalidLink);
  };

  route.on(r.unsubscribePreview, {}, async (request) => {
    check(request.query);
    const { kind } = request.query;
    return { kind, unsubscribed: false, message: unsubscribeMessages.confirm[kind] };
  });

  route.on(r.unsubscribe, { limit: 'unsubscribePerIp' }, async (request) => {
    check(request.query);
    const { user, kind } = request.query;
    if (!(await unsubscribe(db, user, kind)))
      throw new AppError('NOT_FOUND', unsubscribeMessages.invalidLink);
    return { kind, unsubscribed: true, message: unsubscribeMessages.done[kind] };
  });
};
