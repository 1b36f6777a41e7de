import { passkeyMessages } from '../../contract/messages/passkey.ts';
import { errorMessage } from './api.ts';

/**
 * What a failed passkey step says: the browser's prompt closed or timed out (NotAllowedError) is the
 * member's own choice, said plainly; a browser without WebAuthn says so; anything else is the server's
 * message or the fallback.
 */
export function passkeyFailure(err: unknown, fallback: string): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return passkeyMessages.cancelled;
  if (typeof window !== 'undefined' && !window.PublicKeyCredential) return passkeyMessages.unsupported;
  return errorMessage(err, fallback);
}
