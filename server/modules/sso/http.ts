import https from 'node:https';
import { isAllowedOutboundUrl, publicHttpsAgent } from '../../security/outbound.ts';

/** What a provider answered: the status and the parsed JSON body (null when it was not JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

export type ProviderRequest = (
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; form?: Record<string, string> },
) => Promise<ProviderAnswer>;

const MAX_BYTES = 256 * 1024;

/**
 * Requests to the sign-in providers (token, user info, discovery) go through the outbound rule
 * (security/outbound.ts): https only, public addresses only unless OUTBOUND_ALLOW_PRIVATE (tests' loopback
 * providers; refused in production). Bodies are capped and the call times out, so a slow or hostile
 * provider cannot hold a sign-in open.
 */
export function providerRequests(allowPrivate: boolean): ProviderRequest {
  const agent = publicHttpsAgent(allowPrivate);
  return (url, { method = 'GET', headers = {}, form }) =>
    new Promise((resolve, reject) => {
      if (!isAllowedOutboundUrl(url, allowPrivate)) {
        reject(new Error(`refused outbound URL ${new URL(url).origin}`));
        return;
      }
      const body = form ? new URLSearchParams(form).toString() : undefined;
      const req = https.request(
        url,
        {
          method,
          agent,
          timeout: 10_000,
          headers: {
            accept: 'application/json',
            'user-agent': 'CheatMarket (sign-in)',
            ...(body
              ? {
                  'content-type': 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(body),
                }
              : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) {
              req.destroy(new Error('provider answer too large'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('provider timed out')));
      req.on('error', reject);
      req.end(body);
    });
}
