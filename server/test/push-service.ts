import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { startTlsServer } from './tls-server.ts';

/**
 * A push service on loopback that speaks Web Push as RFC 8030/8291/8292 and the browsers' services do: a POST
 * of an aes128gcm body to the subscription's endpoint, with a VAPID `Authorization: vapid t=…, k=…` header,
 * answered 201. It keeps each message decrypted with the browser's keys this side made, so a test reads what
 * the member's device would show. An endpoint can be told to answer 404/410 (the browser dropped it) or 500.
 */
export interface ReceivedPush {
  endpoint: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  vapid: { audience: string; subject: string; expires: number; publicKey: string };
}

const b64 = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The browser's side of a subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 §3.4 and RFC 8188: one record, as web-push sends it. */
export function decryptAes128gcm(body: Buffer, browser: BrowserKeys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(browser.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the JWT's ES256 signature checked with the key in `k`, and its claims. */
function readVapid(header: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID header: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { audience: claims.aud, subject: claims.sub, expires: claims.exp, publicKey: m[2]! };
}

export interface PushService {
  url: string;
  /** A new endpoint on this service and the browser keys of its subscription. */
  subscription(answer?: number): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, { keys: BrowserKeys; answer: number }>();
  const received: ReceivedPush[] = [];
  const { server, url, close } = await startTlsServer();
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${url}${req.url}`;
      const browser = browsers.get(req.url ?? '');
      if (req.method !== 'POST' || !browser) return res.writeHead(404).end();
      if (browser.answer !== 201) return res.writeHead(browser.answer).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser.keys).toString());
        received.push({
          endpoint,
          payload,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapid: readVapid(req.headers.authorization),
        });
        res.writeHead(201, { location: `${endpoint}/m/${received.length}` }).end();
      } catch (err) {
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  return {
    url,
    received,
    subscription(answer = 201) {
      const id = `/push/${b64(randomBytes(12))}`;
      const keys = browserKeys();
      browsers.set(id, { keys, answer });
      return { endpoint: `${url}${id}`, keys: keys.keys };
    },
    close,
  };
}
