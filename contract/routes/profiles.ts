import {
  followResponse,
  profileIdParams,
  publicProfileResponse,
  userAutocompleteQuery,
  userSearchQuery,
  userSearchResponse,
} from '../profiles.ts';
import type { RouteGroup } from './route.ts';

/** Members' public profiles: finding them, reading one, following. */
export const profileRoutes = {
  search: {
    method: 'GET',
    path: '/users',
    access: 'public',
    summary: 'Find members by username (at most 20; the caller is left out)',
    query: userSearchQuery,
    response: { 200: userSearchResponse },
  },
  autocomplete: {
    method: 'GET',
    path: '/users/autocomplete',
    access: 'member',
    summary: 'Members whose username starts with q, for @mentions (members; at most 8, never the caller)',
    query: userAutocompleteQuery,
    response: { 200: userSearchResponse },
  },
  get: {
    method: 'GET',
    path: '/users/:id',
    access: 'public',
    summary: "A member's public profile; balance and credits only for the owner and staff",
    params: profileIdParams,
    response: { 200: publicProfileResponse },
  },
  follow: {
    method: 'PUT',
    path: '/users/:id/follow',
    access: 'member',
    summary: 'Follow a member (idempotent)',
    params: profileIdParams,
    response: { 200: followResponse },
  },
  unfollow: {
    method: 'DELETE',
    path: '/users/:id/follow',
    access: 'member',
    summary: 'Unfollow a member (idempotent)',
    params: profileIdParams,
    response: { 200: followResponse },
  },
} as const satisfies RouteGroup;
