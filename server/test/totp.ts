import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The code an authenticator app would show now for an `otpauth://` URI (what a member scans), or `offsetSteps`
 * 30-second steps later. `at` fixes "now": codes of several steps taken from one reading of the clock stay
 * distinct when a step boundary passes between their uses (each used step is spent once).
 */
export async function totpNow(totpURI: string, offsetSteps = 0, at = Date.now()): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get('secret')!));
  return createOTP(secret).hotp(Math.floor(at / 30_000) + offsetSteps);
}
