import {
  addBalanceBody,
  adminActivity,
  adminDashboard,
  adminUserPage,
  adminUserPatch,
  adminUserResponse,
  adminUsersQuery,
  balanceAdded,
  rankSet,
  setRankBody,
  userIdParams,
  userRankList,
} from '../admin.ts';
import { errorResponse } from '../errors.ts';
import type { RouteGroup } from './route.ts';

/** Staff's members list and dashboard; admins' balance and rank changes. */
export const adminRoutes = {
  updateUser: {
    method: 'PATCH',
    path: '/admin/users/:id',
    access: 'staff',
    summary: "Ban or unban a member, or change a member's role (staff; roles admins only)",
    params: userIdParams,
    body: adminUserPatch,
    response: { 200: adminUserResponse },
  },
  users: {
    method: 'GET',
    path: '/admin/users',
    access: 'staff',
    summary: 'Members for staff: search by username or id, role filter, banned toggle',
    query: adminUsersQuery,
    response: { 200: adminUserPage },
  },
  addBalance: {
    method: 'POST',
    path: '/admin/users/:id/balance',
    access: 'admin',
    summary: "Add to a member's balance or credits through the wallet (admins)",
    params: userIdParams,
    body: addBalanceBody,
    response: { 200: balanceAdded, 409: errorResponse },
  },
  dashboard: {
    method: 'GET',
    path: '/admin/dashboard',
    access: 'staff',
    summary: 'Dashboard counts, latest forum posts and reports overview (staff)',
    response: { 200: adminDashboard },
  },
  activity: {
    method: 'GET',
    path: '/admin/dashboard/activity',
    access: 'staff',
    summary: 'Sign-ups, forum posts and marketplace sales per day over the last 30 days (staff)',
    response: { 200: adminActivity },
  },
  ranks: {
    method: 'GET',
    path: '/admin/ranks',
    access: 'staff',
    summary: 'The seller ranks an admin can give (staff)',
    response: { 200: userRankList },
  },
  setRank: {
    method: 'PUT',
    path: '/admin/users/:id/rank',
    access: 'admin',
    summary: "Set or clear (null) a member's seller rank (admins)",
    params: userIdParams,
    body: setRankBody,
    response: { 200: rankSet },
  },
} as const satisfies RouteGroup;
