import { z } from 'zod';

/**
 * Proof of work (ALTCHA, issue 36): the request header that carries a solved challenge on sign-up, the reset
 * request and a new member's first post. Its value is the ALTCHA payload: base64 of
 * `{ algorithm, challenge, number, salt, signature }`.
 */
export const ALTCHA_HEADER = 'x-altcha';

/** GET /api/v1/anti-bot/challenge: a signed ALTCHA (v1, SHA-256) challenge with its largest number. */
export const powChallengeResponse = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type PowChallenge = z.infer<typeof powChallengeResponse>;

/** A route that asks for a solved challenge: always, or only for a `new` member who has not posted yet. */
export type ProofOfWork = 'always' | 'firstPost';
