import { z } from 'zod';
import { usernameField } from './auth.ts';
import { messages } from './common-messages.ts';
import { ssoMessages } from './messages/sso.ts';

/** The sign-in providers besides the password (issue 37); each is offered only when configured. */
export const ssoProviders = ['discord', 'oidc'] as const;
export type SsoProvider = (typeof ssoProviders)[number];

export const ssoProviderParams = z.object({ provider: z.enum(ssoProviders) });

/** GET /api/auth/sso/providers: what the sign-in and sign-up pages offer. */
export const ssoProvidersResponse = z.object({
  providers: z.array(z.object({ id: z.enum(ssoProviders), label: z.string() })),
});

/** Where the browser goes next: the provider's authorization page. */
export const ssoStartResponse = z.object({ url: z.string() });

/** The callback's query as the provider sends it (RFC 6749 §4.1.2 and §4.1.2.1). */
export const ssoCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});

/** The callback's only answer: a redirect back to the site (the page says how it went). */
export const ssoCallbackRedirect = z.null().describe('A redirect to the site');

/** A first sign-in waiting for its username. */
export const ssoPendingResponse = z.object({
  provider: z.object({ id: z.enum(ssoProviders), label: z.string() }),
  email: z.string(),
  suggestedUsername: z.string().nullable(),
});

export const ssoCompleteBody = z.object({ username: usernameField });

/** GET /api/v1/me/linked-accounts: every configured provider, linked or not. */
export const linkedAccountsResponse = z.object({
  accounts: z.array(
    z.object({
      provider: z.enum(ssoProviders),
      label: z.string(),
      linkedAt: z.string().nullable(),
    }),
  ),
  hasPassword: z.boolean(),
});
export type LinkedAccounts = z.infer<typeof linkedAccountsResponse>;

/** Why a provider sign-in came back to the site unfinished: the callback's `ssoError`, in words. */
const ssoErrors = {
  expired: () => ssoMessages.expired,
  failed: (label: string) => ssoMessages.failed(label),
  'no-email': (label: string) => ssoMessages.noEmail(label),
  'email-in-use': (label: string) => ssoMessages.emailInUse(label),
  banned: () => messages.banned,
  'linked-elsewhere': (label: string) => ssoMessages.alreadyLinkedElsewhere(label),
  'already-linked': (label: string) => ssoMessages.alreadyLinked(label),
} as const;
export type SsoErrorCode = keyof typeof ssoErrors;
export const isSsoErrorCode = (code: string | null): code is SsoErrorCode =>
  code !== null && Object.hasOwn(ssoErrors, code);
export const ssoErrorText = (code: SsoErrorCode, label: string) => ssoErrors[code](label);
