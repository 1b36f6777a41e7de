import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The 6-digit code an authenticator app shows now for a base32 key (the "manual key" on the settings page). */
export function totpFromKey(key: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(key.trim()))).totp();
}
