import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

/*
 * Images in an S3-compatible bucket (issue 39), through AWS's own client: AWS S3, Cloudflare R2, Backblaze B2,
 * MinIO, Garage. An image's key is `uploads/<id>.<ext>` and its bytes never change, so the bucket can sit
 * behind a CDN (MEDIA_PUBLIC_URL). The database keeps the row (owner, size, hash, references), so quotas,
 * takedowns and the sweep work the same way; a takedown deletes the object too.
 */

export type BucketConfig = NonNullable<Config['uploads']['bucket']>;

export interface MediaBucket {
  /** The address images are served from when a CDN fronts the bucket; undefined: /media reads through. */
  readonly publicUrl: string | undefined;
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  delete(keys: string[]): Promise<void>;
}

export const uploadKey = (id: string, mime: string) =>
  `uploads/${id}.${mime === 'image/png' ? 'png' : 'webp'}`;

export function createMediaBucket(config: BucketConfig): MediaBucket {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Path-style addresses (endpoint/bucket/key) work on every S3-compatible service; virtual hosts do not.
    forcePathStyle: true,
    // The SDK's default since 2025 adds CRC32 checksums in aws-chunked trailers, which several S3-compatible
    // services refuse; we send a Content-MD5-free signed body and check the hash ourselves on migration.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  return {
    publicUrl: config.publicUrl,
    async put(key, data, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: mime,
          ContentLength: data.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey) return undefined;
        throw err;
      }
    },
    // One request per key: DeleteObjects needs a body checksum some S3-compatible services compute
    // differently, and takedowns and the sweep delete a few at a time. Deleting a missing key succeeds.
    async delete(keys) {
      for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');
