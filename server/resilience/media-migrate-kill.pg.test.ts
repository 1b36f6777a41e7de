import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../test/s3-server.ts';
import { type Cluster, startCluster } from './harness.ts';

/**
 * `npm run media:migrate` killed (SIGKILL) in the middle of its copies, then run again: no image is lost at
 * any moment (every row holds its bytes or its checked object), and the second run finishes the move.
 */
let cluster: Cluster;
let s3: S3TestServer;
beforeAll(async () => {
  [cluster, s3] = await Promise.all([startCluster(), startS3Server()]);
}, 120_000);
afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function migrate() {
  const child = spawn(
    process.execPath,
    ['--import', './server/boot/fast-resolve.ts', 'scripts/media-migrate.ts'],
    { env: { ...process.env, ...s3.env(), DATABASE_URL: cluster.url }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, exited, output: () => output };
}

describe('media:migrate killed mid-run', { timeout: 120_000 }, () => {
  it('loses nothing and finishes when run again', async () => {
    const owner = cluster.memberIds[0]!;
    const images = Array.from({ length: 12 }, (_, i) => {
      const data = Buffer.from(`image-${i}-${randomUUID()}`);
      return { id: randomUUID(), data, sha256: sha(data) };
    });
    for (const i of images)
      await cluster.query(
        `insert into uploads (id, user_id, sha256, mime, width, height, data, bytes, referenced_at)
         values ($1, $2, $3, 'image/webp', 4, 4, $4, $5, now())`,
        [i.id, owner, i.sha256, i.data, i.data.length],
      );

    const first = migrate();
    s3.onPut = () => {
      if (s3.objects.size >= 5) first.child.kill('SIGKILL');
    };
    expect(await first.exited).toBe('SIGKILL');
    s3.onPut = undefined;

    const rows = await cluster.query<{ id: string; data: Buffer | null }>(
      `select id, data from uploads where id = any($1::uuid[])`,
      [images.map((i) => i.id)],
    );
    const released = rows.filter((r) => r.data === null);
    expect(released.length).toBeLessThan(images.length);
    // Every image is whole somewhere: its row's bytes, or (released) its object.
    for (const i of images) {
      const row = rows.find((r) => r.id === i.id)!;
      const bytes = row.data ?? s3.objects.get(`uploads/${i.id}.webp`)?.data;
      expect(bytes && sha(bytes)).toBe(i.sha256);
    }

    const second = migrate();
    expect(await second.exited, second.output()).toBe(0);
    const after = await cluster.query<{ n: number }>(
      `select count(*)::int as n from uploads where id = any($1::uuid[]) and data is not null`,
      [images.map((i) => i.id)],
    );
    expect(after[0]!.n).toBe(0);
    for (const i of images) expect(sha(s3.objects.get(`uploads/${i.id}.webp`)!.data)).toBe(i.sha256);
  });
});
