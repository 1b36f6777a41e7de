import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The 6-digit code an authenticator app shows now for a base32 key (the "manual key" on the settings page). */
export function totpFromKey(key: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(key.trim()))).totp();
}

/**
 * The code of the step `ahead` steps of 30 s from now. A money action spends each step once (decision 032)
 * and accepts the neighbouring steps, so a spec's second code in the same 30 s is the next step's, not a wait.
 */
export function totpAhead(key: string, ahead: number): Promise<string> {
  const step = Math.floor(Date.now() / 30_000) + ahead;
  return createOTP(new TextDecoder().decode(base32.decode(key.trim()))).hotp(step);
}
