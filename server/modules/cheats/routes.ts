import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCheat,
  cheatBody,
  cheatDetail,
  cheatDownloadResponse,
  cheatIdParams,
  cheatListQuery,
  cheatPage,
} from '../../../contract/cheats.ts';
import { errorResponse } from '../../../contract/errors.ts';
import { cheatMessages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const cheatRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['cheats'], access: 'public' });
  const staff = routesFor(app, { tags: ['admin'], access: 'staff', forbidden: cheatMessages.onlyStaff });

  route.get(
    '/cheats',
    {
      summary: 'The cheat status board, newest first (no download links)',
      querystring: cheatListQuery,
      response: { 200: cheatPage },
    },
    async (request) => service.listCheats(db, request.viewer, request.query),
  );

  route.get(
    '/cheats/:id',
    {
      summary: 'One cheat with its status timeline',
      params: cheatIdParams,
      response: { 200: cheatDetail },
    },
    async (request) => service.getCheat(db, request.viewer, request.params.id),
  );

  route.post(
    '/cheats/:id/download',
    {
      access: 'member',
      unauthenticated: cheatMessages.loginToDownload,
      limit: 'cheatDownloadPerUser',
      summary: 'Download a cheat (members): counted once per member per day; returns the link',
      params: cheatIdParams,
      response: { 200: cheatDownloadResponse, 403: errorResponse },
    },
    async (request) => service.downloadCheat(db, signedIn(request), request.params.id),
  );

  staff.get(
    '/admin/cheats/:id',
    {
      summary: 'A cheat with its download link, for editing (staff)',
      params: cheatIdParams,
      response: { 200: adminCheat },
    },
    async (request) => service.getCheatForStaff(db, signedIn(request), request.params.id),
  );

  staff.post(
    '/admin/cheats',
    {
      summary: 'Publish a cheat (staff)',
      body: cheatBody,
      response: { 201: adminCheat, 404: errorResponse },
      success: 201,
    },
    async (request) => service.publishCheat(db, signedIn(request), request.body),
  );

  staff.put(
    '/admin/cheats/:id',
    {
      summary: 'Edit a cheat; a status change joins its timeline (staff)',
      params: cheatIdParams,
      body: cheatBody,
      response: { 200: adminCheat },
    },
    async (request) => service.editCheat(db, signedIn(request), request.params.id, request.body),
  );

  staff.delete(
    '/admin/cheats/:id',
    {
      summary: 'Delete a cheat (staff)',
      params: cheatIdParams,
      response: { 204: z.null() },
      success: 204,
    },
    async (request) => service.removeCheat(db, signedIn(request), request.params.id),
  );
};
