import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The code an authenticator app would show now for an `otpauth://` URI (what a member scans). */
export async function totpNow(totpURI: string, offsetSteps = 0): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get('secret')!));
  const otp = createOTP(secret);
  return offsetSteps ? otp.hotp(Math.floor(Date.now() / 30_000) + offsetSteps) : otp.totp();
}
