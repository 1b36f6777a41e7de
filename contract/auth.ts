import { z } from 'zod';
import { messages } from './common-messages.ts';
import { limits } from './limits.ts';
import { accountMessages } from './messages/account.ts';
import { personWithRole } from './people.ts';
import { textField } from './text-field.ts';

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

/** The account's password as typed to prove who is asking: any length it may have been set with. */
const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(1024);

/** A mailed link's token, posted from the page's fragment. */
const linkTokenField = z.string().min(1).max(200);

/**
 * A form's second typing of the new password, checked in the browser only: required, and equal to `field`
 * (its message under the confirmation).
 */
function withConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
  required: string,
  mismatch: string,
) {
  return schema.extend({ confirmPassword: z.string().min(1, required) }).refine(
    (v) => {
      const typed = v as Record<string, unknown>;
      return typed[field] === typed.confirmPassword;
    },
    { message: mismatch, path: ['confirmPassword'] },
  );
}

/** A new password's form (sign-up, reset) with its confirmation under `password`. */
function confirmingPassword<Shape extends z.ZodRawShape & { password: z.ZodType }>(
  schema: z.ZodObject<Shape>,
) {
  return withConfirmation(schema, 'password', messages.confirmRequired, messages.passwordsMismatch);
}

/** What the server accepts at POST /api/auth/sign-up/email. */
export const signUpBody = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});

export const registerForm = confirmingPassword(signUpBody);

export const signInBody = z.object({
  email: emailField,
  password: passwordField,
  rememberMe: z.boolean().optional(),
});

export const resetRequestBody = z.object({ email: emailField });

/** POST /api/auth/verify-email: the token from the verification link's fragment. */
export const verifyEmailBody = z.object({ token: linkTokenField });

export const resetPasswordBody = z.object({
  token: linkTokenField,
  newPassword: newPasswordField,
});

export const newPasswordForm = confirmingPassword(z.object({ password: newPasswordField }));

export const sessionUser = personWithRole;
export type SessionUser = z.infer<typeof sessionUser>;
export const sessionResponse = z.object({ user: sessionUser.nullable() });
export const okResponse = z.object({ ok: z.literal(true) });

/** What sign-in answers when the account has two-factor sign-in: a code must follow. */
export const twoFactorChallengeResponse = z.object({ twoFactorRequired: z.literal(true) });
export const signInResponse = z.union([sessionResponse, twoFactorChallengeResponse]);

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(limits.password.max, accountMessages.currentPasswordIncorrect),
  newPassword: z
    .string({ error: accountMessages.newPasswordTooShort })
    .min(limits.password.min, accountMessages.newPasswordTooShort)
    .max(limits.password.max, accountMessages.newPasswordTooLong),
});

export const changePasswordForm = withConfirmation(
  changePasswordBody,
  'newPassword',
  accountMessages.confirmNewPassword,
  accountMessages.newPasswordsMismatch,
);

/** Enabling or disabling two-factor sign-in re-checks the password. */
export const twoFactorPasswordBody = z.object({
  password: passwordField,
});

export const twoFactorSetupResponse = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** A 6-digit code from the authenticator app, or one of the backup codes (e.g. `AbCdE-fGhIj`). */
export const twoFactorCodeBody = z.object({
  code: textField({ max: 32 }, accountMessages.codeRequired, accountMessages.invalidCode),
});
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replaceAll(' ', ''));
