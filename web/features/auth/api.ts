import { startAuthentication } from '@simplewebauthn/browser';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { resetPasswordBody, signInBody, signUpBody } from '../../../contract/auth.ts';
import { messages } from '../../../contract/common-messages.ts';
import type { PasskeySignInBody } from '../../../contract/passkeys.ts';
import type { SsoProvider } from '../../../contract/sso.ts';
import { authRoutes } from '../../lib/api-routes/auth.gen.ts';
import { passkeySignInRoutes } from '../../lib/api-routes/passkey-sign-in.gen.ts';
import { sessionsRoutes } from '../../lib/api-routes/sessions.gen.ts';
import { ssoRoutes } from '../../lib/api-routes/sso.gen.ts';
import { useProofOfWork } from '../../lib/proof-of-work.ts';
import { meKey, returnPath, type SessionResponse, sessionKey } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';

/*
 * A change of session re-renders the route guards, which can unmount the page that started the change
 * (the login form, a login-required page). So the success effects the spec names (toast, redirect) run
 * here, in the mutation's own callbacks, which outlive the component; pages handle errors.
 */

/** Drops every cached query that belonged to the previous visitor or member (public ones stay). */
function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] && !q.meta?.public });
}

/** Sign-up proves it is no bot first (issue 36): `solving` while the browser works on the challenge. */
export function useSignUp() {
  const navigate = useNavigate();
  const pow = useProofOfWork();
  const mutation = useMutation({
    mutationFn: async (body: z.output<typeof signUpBody>) =>
      authRoutes.signUp(body, { headers: await pow.solve() }),
    onSuccess: async () => {
      toast.success(messages.registered);
      await navigate('/login');
    },
  });
  return { ...mutation, solving: pow.solving };
}

/** What follows a completed sign-in (password, or password then two-factor code). */
function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A guard or a Sign in link that sent the visitor here names the page they wanted.
  const next = returnPath(useLocation().state);
  return async (data: SessionResponse) => {
    forgetUserData(queryClient);
    queryClient.setQueryData(sessionKey, data);
    toast.success(messages.loggedIn);
    await navigate(next, { replace: true });
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  };
}

/** A step whose answer is the new session: what follows a completed sign-in runs on its success. */
function useSigningIn<V>(mutationFn: (vars: V) => Promise<SessionResponse>) {
  return useMutation({ mutationFn, onSuccess: useSignedIn() });
}

/** Resolves with `{ twoFactorRequired: true }` when the account asks for a code next (the page shows that step). */
export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: z.output<typeof signInBody>) => authRoutes.signIn(body),
    onSuccess: async (data) => {
      if ('twoFactorRequired' in data) return;
      await signedIn(data);
    },
  });
}

/**
 * Sign-in with a passkey, no email typed: the server's options (no allowed list), the browser's prompt (it
 * offers this site's passkeys and checks the screen lock), then the server checks the signature. A passkey is
 * both factors, so no code step follows.
 */
export function usePasskeySignIn() {
  return useSigningIn(async () => {
    const { options } = await passkeySignInRoutes.options();
    // The contract names only the challenge of what the verifier's library made, and takes any extension
    // results; the browser's library types both in full.
    const optionsJSON = options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    const credential = await startAuthentication({ optionsJSON });
    return passkeySignInRoutes.signIn({ credential: credential as PasskeySignInBody['credential'] });
  });
}

/** The second step of a two-factor sign-in: a code from the app, or a backup code. */
export function useVerifyTwoFactor() {
  return useSigningIn((body: { code: string }) => authRoutes.verifyTwoFactor(body));
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Leave a login-required page before the session ends, or its guard would send the member to /login
    // with that page as where to return after the next sign-in. flushSync commits the navigation's start
    // at once: should React still show the page when the session empties (the route's own commit is a
    // transition a lazy chunk can hold back), its guard sees a navigation under way and waits for it.
    onMutate: () => navigate('/', { flushSync: true }),
    mutationFn: () => authRoutes.signOut(),
    onSuccess: async () => {
      queryClient.setQueryData<SessionResponse>(sessionKey, { user: null });
      forgetUserData(queryClient);
      toast.success(messages.loggedOut);
    },
  });
}

export function useRequestPasswordReset() {
  const pow = useProofOfWork();
  const mutation = useMutation({
    mutationFn: async (body: { email: string }) =>
      authRoutes.requestPasswordReset(body, { headers: await pow.solve() }),
  });
  return { ...mutation, solving: pow.solving };
}

/** The verification link's token (from the page's fragment); the member's profile is read again after. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string }) => authRoutes.verifyEmail(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

/**
 * A security alert's "This wasn't me": every session of the account ends (this browser's too, if it was
 * one), so the cached member and their data go; the page then says what happened.
 */
export function useConfirmNotMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string }) => sessionsRoutes.notMe(body),
    onSuccess: () => {
      queryClient.setQueryData<SessionResponse>(sessionKey, { user: null });
      forgetUserData(queryClient);
    },
  });
}

export function useResetPassword() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordBody>) => authRoutes.resetPassword(body),
    onSuccess: async () => {
      toast.success(messages.passwordUpdated);
      await navigate('/login', { replace: true });
    },
  });
}

/** The sign-in providers besides the password (each only when the operator configured it). */
const ssoProvidersQuery = queryOptions({
  queryKey: ['sso-providers'],
  queryFn: ({ signal }) => ssoRoutes.providers({ signal }).then((r) => r.providers),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { public: true },
});
export const useSsoProviders = () => useQuery(ssoProvidersQuery);

/** Starts signing in with a provider: the server answers its authorization page, the browser goes there. */
export function useStartSso() {
  return useMutation({
    mutationFn: (provider: SsoProvider) => ssoRoutes.start({ provider }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** A first sign-in with a provider waiting for its username (404 when there is none). */
export const useSsoPending = () =>
  useQuery({
    queryKey: ['sso-pending'],
    queryFn: ({ signal }) => ssoRoutes.pending({ signal }),
    retry: false,
  });

/** Creates the member with the chosen username and signs in. */
export function useCompleteSso() {
  return useSigningIn((body: { username: string }) => ssoRoutes.complete(body));
}
