import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(limits.email.max, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }));

export const usernameField = z
  .string({ error: messages.usernameRequired })
  .trim()
  .min(1, messages.usernameRequired)
  .min(limits.username.min, messages.usernameTooShort)
  .max(limits.username.max, messages.usernameTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, messages.usernameCharset);

export const newPasswordField = z
  .string({ error: messages.passwordTooShort })
  .min(limits.password.min, messages.passwordTooShort)
  .max(limits.password.max, messages.passwordTooLong);

/** What the server accepts at POST /api/auth/sign-up/email. */
export const signUpBody = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});

/** The register form adds the confirmation, checked in the browser only. */
export const registerForm = signUpBody
  .extend({ confirmPassword: z.string().min(1, messages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const signInBody = z.object({
  email: emailField,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
  rememberMe: z.boolean().optional(),
});

export const resetRequestBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  newPassword: newPasswordField,
});

export const newPasswordForm = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(['user', 'moderator', 'admin']),
  avatarUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;
export const sessionResponse = z.object({ user: sessionUser.nullable() });
export const okResponse = z.object({ ok: z.literal(true) });
