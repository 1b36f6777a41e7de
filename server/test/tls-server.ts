import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface TlsTestServer {
  /** Add the protocol with `server.on('request', …)` (or hand it to a library): nothing knows the port yet. */
  server: Server;
  /** `https://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Ends open keep-alive connections too, so a test's teardown does not wait for them. */
  close(): Promise<void>;
}

/**
 * A loopback https server with the committed test certificate (server/test/tls, trusted through
 * NODE_EXTRA_CA_CERTS), listening on `port` (0: any free one). The test servers that speak a provider's real
 * protocol (webhooks, Web Push, Discord, OpenID Connect) start from this one set-up.
 */
export async function startTlsServer(port = 0): Promise<TlsTestServer> {
  const tls = path.resolve(import.meta.dirname, 'tls');
  const server = createServer({
    key: readFileSync(path.join(tls, 'localhost-key.pem')),
    cert: readFileSync(path.join(tls, 'localhost-cert.pem')),
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
