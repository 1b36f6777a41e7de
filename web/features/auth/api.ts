import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { resetPasswordBody, signInBody, signUpBody } from '../../../contract/auth.ts';
import { messages } from '../../../contract/messages.ts';
import { api } from '../../lib/api.ts';
import { type SessionResponse, sessionKey } from '../../lib/session.ts';

/*
 * A change of session re-renders the route guards, which can unmount the page that started the change
 * (the login form, a login-required page). So the success effects the spec names (toast, redirect) run
 * here, in the mutation's own callbacks, which outlive the component; pages handle errors.
 */

type Ok = { ok: true };

/** Drops every cached query that belonged to the previous visitor or member (public ones stay). */
function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] && !q.meta?.public });
}

export function useSignUp() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: z.output<typeof signUpBody>) =>
      api<Ok>('/api/auth/sign-up/email', { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(messages.registered);
      await navigate('/login');
    },
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: z.output<typeof signInBody>) =>
      api<SessionResponse>('/api/auth/sign-in/email', { method: 'POST', body }),
    onSuccess: async (data) => {
      forgetUserData(queryClient);
      queryClient.setQueryData(sessionKey, data);
      toast.success(messages.loggedIn);
      await navigate('/', { replace: true });
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<Ok>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: async () => {
      // Leave a login-required page first, so its guard does not send the member to /login; flushSync
      // commits that page (and runs its effects) before the cached private data is dropped below.
      await navigate('/', { flushSync: true });
      queryClient.setQueryData<SessionResponse>(sessionKey, { user: null });
      forgetUserData(queryClient);
      toast.success(messages.loggedOut);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api<Ok>('/api/auth/request-password-reset', { method: 'POST', body }),
  });
}

export function useResetPassword() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordBody>) =>
      api<Ok>('/api/auth/reset-password', { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(messages.passwordUpdated);
      await navigate('/login', { replace: true });
    },
  });
}
