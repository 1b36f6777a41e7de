import {
  publicConfig,
  savedSiteSetting,
  siteSettingBody,
  siteSettingKeyParams,
  storedSiteSetting,
} from '../site.ts';
import type { RouteGroup } from './route.ts';

/** The public site settings every page reads, and admins' reads and writes of one setting. */
export const siteSettingRoutes = {
  public: {
    method: 'GET',
    path: '/site-settings',
    access: 'public',
    summary: 'The public site settings the web app needs on every page',
    response: { 200: publicConfig },
  },
  get: {
    method: 'GET',
    path: '/admin/site-settings/:key',
    access: 'admin',
    tags: ['admin'],
    summary: 'One site setting as stored, or its default (admins; null: external links never set)',
    params: siteSettingKeyParams,
    response: { 200: storedSiteSetting },
  },
  set: {
    method: 'PUT',
    path: '/admin/site-settings/:key',
    access: 'admin',
    tags: ['admin'],
    summary: 'Set one site setting (admins)',
    params: siteSettingKeyParams,
    body: siteSettingBody,
    response: { 200: savedSiteSetting },
  },
} as const satisfies RouteGroup;
