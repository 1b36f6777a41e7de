import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The 6-digit code an authenticator app shows now for a base32 key (the "manual key" on the settings page). */
export function totpFromKey(key: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(key.trim()))).totp();
}

/**
 * Fresh codes for money actions, which spend each 30-second step once and accept the steps beside the
 * current one (decision 032): each call gives a step not given before (now, then the next), so a spec's second
 * code in the same 30 s needs no wait.
 */
export function freshCodes(key: string) {
  const otp = createOTP(new TextDecoder().decode(base32.decode(key.trim())));
  const spent = new Set<number>();
  return () => {
    const now = Math.floor(Date.now() / 30_000);
    const step = [now, now + 1].find((s) => !spent.has(s));
    if (step === undefined) throw new Error('two codes spent in this 30 s step and the next: wait for one');
    spent.add(step);
    return otp.hotp(step);
  };
}
