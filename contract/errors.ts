import { z } from 'zod';

/** Machine-readable error codes; the HTTP status is derived from the code in one place. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  /** The route asks for a solved proof-of-work challenge and none came (issue 36): the web app solves one and retries. */
  PROOF_OF_WORK_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BANNED: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service we depend on (a payment processor) failed to answer. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorResponse>;
