import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config.ts';
import { altchaHeader } from './altcha.ts';
import { consumeMail, latestMailTo, verifyTokenIn } from './mailbox.ts';

export interface E2EUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

export interface CreateUserOptions {
  /**
   * The trust level the admin sets once the address is verified (issue 36): `trusted` by default, so a spec
   * about something else meets no new-account limit; `null` leaves the member as sign-up made them (`new`).
   */
  level?: 'new' | 'member' | 'trusted' | null;
}

/**
 * A fresh member made through the public API (seeding through the API, as a person's browser would): sign-up
 * with a solved proof-of-work challenge, the address verified from the dev mailbox, then the trust level.
 */
export async function createUser(
  request: APIRequestContext,
  prefix = 'member',
  { level = 'trusted' }: CreateUserOptions = {},
): Promise<E2EUser> {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@e2e.test`,
    password: 'member-password-1',
  };
  const res = await request.post('/api/auth/sign-up/email', {
    data: user,
    headers: await altchaHeader(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  const verification = await latestMailTo(user.email);
  const token = verifyTokenIn(verification.text);
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  consumeMail(verification);
  // The id from the public member search (the username is new and unique), not from a sign-in: signing in
  // and out again cost a password hash and two requests in each of a run's hundreds of members, and left the
  // shared request context's cookies to whichever of two parallel calls signed out last.
  const found = await request.get('/api/v1/users', { params: { q: user.username } });
  expect(found.status(), await found.text()).toBe(200);
  const matches = ((await found.json()).items as { id: string; username: string }[]).filter(
    (u) => u.username === user.username,
  );
  expect(matches, `the member search finds ${user.username}`).toHaveLength(1);
  const created = { ...user, id: matches[0]!.id };
  if (level) {
    const admin = await adminApi();
    const patched = await admin.patch(`/api/v1/admin/users/${created.id}`, { data: { trustLevel: level } });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  return created;
}

/**
 * One API context per worker signed in as the e2e admin, for the staff step of making a member (their trust
 * level): signing the admin in for each of a run's hundreds of members met the sign-in rate limits.
 */
let adminContext: Promise<APIRequestContext> | undefined;
function adminApi(): Promise<APIRequestContext> {
  adminContext ??= (async () => {
    const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    const signIn = await context.post('/api/auth/sign-in/email', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    return context;
  })();
  return adminContext;
}

/** Runs `fn` with the API request context signed in as the e2e admin, then signs out. */
export async function asAdmin<T>(request: APIRequestContext, fn: () => Promise<T>): Promise<T> {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  try {
    return await fn();
  } finally {
    await request.post('/api/auth/sign-out', { data: {} });
  }
}

/** Bans a member the way staff do it: the admin signs in on the API and patches the member. */
export async function banUser(request: APIRequestContext, userId: string) {
  await asAdmin(request, async () => {
    const res = await request.patch(`/api/v1/admin/users/${userId}`, { data: { banned: true } });
    expect(res.status(), await res.text()).toBe(200);
  });
}

/** A fresh member the admin has made a moderator. */
export async function createModerator(request: APIRequestContext, prefix = 'mod'): Promise<E2EUser> {
  const mod = await createUser(request, prefix);
  await asAdmin(request, async () => {
    const res = await request.patch(`/api/v1/admin/users/${mod.id}`, { data: { role: 'moderator' } });
    expect(res.status(), await res.text()).toBe(200);
  });
  return mod;
}
