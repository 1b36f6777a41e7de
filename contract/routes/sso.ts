import { okResponse, sessionResponse } from '../auth.ts';
import { errorResponse } from '../errors.ts';
import {
  linkedAccountsResponse,
  ssoCallbackQuery,
  ssoCallbackRedirect,
  ssoCompleteBody,
  ssoPendingResponse,
  ssoProviderParams,
  ssoProvidersResponse,
  ssoStartResponse,
} from '../sso.ts';
import type { RouteGroup } from './route.ts';

/** Signing in with Discord or an OpenID Connect provider (issue 37), beside the other sign-ins under /api/auth. */
export const ssoRoutes = {
  providers: {
    method: 'GET',
    prefix: '/api/auth',
    path: '/sso/providers',
    access: 'public',
    summary: 'The sign-in providers this site offers besides the password (each only when configured)',
    response: { 200: ssoProvidersResponse },
  },
  start: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/sso/:provider',
    access: 'public',
    summary:
      "Start signing in with a provider: answers the provider's authorization URL (code flow with PKCE and " +
      'state) and sets the flow cookie; the provider returns the browser to the callback',
    params: ssoProviderParams,
    response: { 200: ssoStartResponse, 502: errorResponse },
  },
  /** The provider sends the browser here, never the web's client. */
  callback: {
    method: 'GET',
    prefix: '/api/auth',
    path: '/sso/:provider/callback',
    access: 'public',
    summary:
      'Where the provider returns the browser: checks state (against the flow cookie) and PKCE, then signs ' +
      'in, goes on to pick a username (first sign-in), or links (from settings). Always a redirect.',
    params: ssoProviderParams,
    query: ssoCallbackQuery,
    response: { 302: ssoCallbackRedirect },
  },
  pending: {
    method: 'GET',
    prefix: '/api/auth',
    path: '/sso/pending',
    access: 'public',
    summary:
      'The first sign-in waiting for its username (from the flow cookie), for the pick-a-username page',
    response: { 200: ssoPendingResponse, 404: errorResponse },
  },
  complete: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/sso/complete',
    access: 'public',
    summary:
      'Finish a first sign-in with the chosen username: creates the member with the provider account linked ' +
      'and signs in',
    body: ssoCompleteBody,
    response: { 200: sessionResponse, 404: errorResponse, 409: errorResponse },
  },
} as const satisfies RouteGroup;

/** Settings: the member's linked accounts, linking another provider, unlinking one (never the last way in). */
export const linkedAccountRoutes = {
  list: {
    method: 'GET',
    path: '/me/linked-accounts',
    access: 'member',
    summary: 'Every sign-in provider this site offers, with when mine was linked (null: not linked)',
    response: { 200: linkedAccountsResponse },
  },
  link: {
    method: 'POST',
    path: '/me/linked-accounts/:provider',
    access: 'member',
    summary:
      "Start linking a provider to my account: answers the provider's authorization URL; the callback links " +
      'it and returns to settings',
    params: ssoProviderParams,
    response: { 200: ssoStartResponse, 409: errorResponse, 502: errorResponse },
  },
  unlink: {
    method: 'DELETE',
    path: '/me/linked-accounts/:provider',
    access: 'member',
    summary: 'Unlink a provider from my account; refused while it is my only way to sign in',
    params: ssoProviderParams,
    response: { 200: okResponse, 409: errorResponse },
  },
} as const satisfies RouteGroup;
