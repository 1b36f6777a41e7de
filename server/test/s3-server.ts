import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible object store on loopback, speaking the S3 REST API the way AWS documents it for path-style
 * requests: PUT, GET, HEAD and DELETE of `/<bucket>/<key>`, every request signed with Signature Version 4
 * (checked here against the secret, and the signed payload hash against the body), errors as S3's XML
 * (`NoSuchKey`, `NoSuchBucket`, `SignatureDoesNotMatch`, `InvalidAccessKeyId`). The app talks to it with AWS's
 * own client, as it would to S3, R2 or MinIO.
 */
export interface StoredObject {
  data: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface S3TestServer {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, StoredObject>;
  /** Requests answered, as `METHOD key status`. */
  log: string[];
  /** Called as each object is stored (a test stops a client mid-run from here). */
  onPut?: (key: string) => void;
  /** The environment an app needs to use this bucket. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 canonicalizes query strings. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>${randomUUID()}</RequestId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': randomUUID() });
  res.end(body);
}

/** Checks the request's SigV4 signature; an S3 error code when it does not hold. */
function verifySignature(
  req: IncomingMessage,
  body: Buffer,
  creds: { accessKeyId: string; secretAccessKey: string },
): string | undefined {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = m as unknown as string[];
  if (keyId !== creds.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date!) || !payloadHash) return 'AccessDenied';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const query = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) return 'AccessDenied';
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}

export async function startS3Server(bucket = 'cheatmarket-media'): Promise<S3TestServer> {
  const creds = { accessKeyId: 'AKIATESTLOOPBACK0001', secretAccessKey: randomUUID() };
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://s3.local').pathname;
    const [, name, ...rest] = path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const answer = (status: number) => log.push(`${req.method} ${key} ${status}`);

    const failed = verifySignature(req, body, creds);
    if (failed) {
      answer(403);
      return errorXml(res, 403, failed, 'The request signature we calculated does not match.', path);
    }
    if (name !== bucket) {
      answer(404);
      return errorXml(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', path);
    }
    const found = objects.get(key);
    const etag = found ? `"${createHash('md5').update(found.data).digest('hex')}"` : '';
    switch (req.method) {
      case 'PUT': {
        objects.set(key, {
          data: body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        answer(200);
        self.onPut?.(key);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        if (!found) {
          answer(404);
          if (req.method === 'HEAD') return res.writeHead(404).end();
          return errorXml(res, 404, 'NoSuchKey', 'The specified key does not exist.', path);
        }
        answer(200);
        res.writeHead(200, {
          'content-type': found.contentType ?? 'application/octet-stream',
          'content-length': found.data.length,
          etag,
          ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
        });
        return res.end(req.method === 'GET' ? found.data : undefined);
      }
      case 'DELETE': {
        objects.delete(key);
        answer(204);
        return res.writeHead(204).end();
      }
      default:
        answer(405);
        return errorXml(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.', path);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const self: S3TestServer = {
    url,
    bucket,
    region: 'us-east-1',
    ...creds,
    objects,
    log,
    env: () => ({
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}
