import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EncoderExited, encodeInWorker } from './encoder-pool.ts';

/** This process's encoder children, found the way an operator would: their command line, in /proc. */
function encoderPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('encode-worker');
      } catch {
        return false; // gone meanwhile
      }
    });
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const request = async (input: Buffer) => ({
  input,
  ext: 'webp' as const,
  maxInputPixels: 40_000_000,
  maxDimension: 2048,
});

describe('the image encoder processes', () => {
  it('encode in a child process at the lowest CPU priority', async () => {
    const out = await encodeInWorker(await request(await png(3000, 1000)));
    expect(out.ok && [out.width, out.height]).toEqual([2048, 683]);
    const pids = encoderPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(getPriority(pid)).toBe(19);
  });

  it('refuse what is not an image without failing the process', async () => {
    const out = await encodeInWorker(await request(Buffer.from('not an image at all')));
    expect(out).toMatchObject({ ok: false, pixelLimit: false });
    expect((await encodeInWorker(await request(await png(10, 10)))).ok).toBe(true);
  });

  it('an encoder killed mid-image fails that image only; the next one gets a new process', async () => {
    const big = await request(await png(6000, 6000));
    const pending = encodeInWorker(big);
    // Every encoder of this process (an earlier file's idle ones too): the busy one is among them.
    const killed = encoderPids();
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    await expect(pending).rejects.toBeInstanceOf(EncoderExited);
    // Reaped (gone from /proc) means the pool heard each one's exit: none is handed out again. A killed process
    // stays in /proc as a zombie until Node reaps it, with an empty command line, so encoderPids() stops naming
    // it before the pool has heard: the directory itself is what must be gone.
    await expect.poll(() => killed.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    const next = await encodeInWorker(await request(await png(20, 20)));
    expect(next.ok).toBe(true);
  });
});
