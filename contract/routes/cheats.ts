import { z } from 'zod';
import {
  adminCheat,
  cheatBody,
  cheatDetail,
  cheatDownloadResponse,
  cheatIdParams,
  cheatListQuery,
  cheatPage,
} from '../cheats.ts';
import { errorResponse } from '../errors.ts';
import type { RouteGroup } from './route.ts';

/** The cheat status board, a member's download, and staff's editing (the watches are in watches.ts). */
export const cheatRoutes = {
  list: {
    method: 'GET',
    path: '/cheats',
    access: 'public',
    summary: 'The cheat status board, newest first (no download links)',
    query: cheatListQuery,
    response: { 200: cheatPage },
  },
  get: {
    method: 'GET',
    path: '/cheats/:id',
    access: 'public',
    summary: 'One cheat with its status timeline',
    params: cheatIdParams,
    response: { 200: cheatDetail },
  },
  download: {
    method: 'POST',
    path: '/cheats/:id/download',
    access: 'member',
    summary: 'Download a cheat (members): counted once per member per day; returns the link',
    params: cheatIdParams,
    response: { 200: cheatDownloadResponse, 403: errorResponse },
  },
  adminGet: {
    method: 'GET',
    path: '/admin/cheats/:id',
    access: 'staff',
    tags: ['admin'],
    summary: 'A cheat with its download link, for editing (staff)',
    params: cheatIdParams,
    response: { 200: adminCheat },
  },
  publish: {
    method: 'POST',
    path: '/admin/cheats',
    access: 'staff',
    tags: ['admin'],
    summary: 'Publish a cheat (staff)',
    body: cheatBody,
    response: { 201: adminCheat, 404: errorResponse },
    success: 201,
  },
  edit: {
    method: 'PUT',
    path: '/admin/cheats/:id',
    access: 'staff',
    tags: ['admin'],
    summary: 'Edit a cheat; a status change joins its timeline (staff)',
    params: cheatIdParams,
    body: cheatBody,
    response: { 200: adminCheat },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/cheats/:id',
    access: 'staff',
    tags: ['admin'],
    summary: 'Delete a cheat (staff)',
    params: cheatIdParams,
    response: { 204: z.null() },
    success: 204,
  },
} as const satisfies RouteGroup;
