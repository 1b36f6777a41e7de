import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EncodeReply, EncodeRequest } from './encode-worker.ts';

/*
 * The processes images are re-encoded in (encode-worker.ts), at the lowest CPU priority. In the server's own
 * process, sharp's decoding competed with sign-in as an equal: on two cores one 16-megapixel PNG at a time
 * still doubled the sign-in median. A process can be niced; a thread cannot. The upload gate (gate.ts) bounds
 * how many encodes run, so the pool grows to that many processes and no further; an idle process keeps
 * nothing alive (the server or a script exits as if it were not there), and one that dies is replaced.
 */

const WORKER = fileURLToPath(new URL('./encode-worker.ts', import.meta.url));

/** An encoder process died holding the image (killed, out of memory): the server's fault, not the file's. */
export class EncoderExited extends Error {}

type Pending = { resolve: (r: EncodeReply) => void; reject: (e: Error) => void };

interface Encoder {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

const idle: Encoder[] = [];
let nextId = 1;

function start(): Encoder {
  // No inherited flags (a test runner's or a debugger's): the worker needs only Node and sharp.
  const child = fork(WORKER, [], {
    serialization: 'advanced',
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const encoder: Encoder = { child, pending: new Map() };
  child.on('message', (reply: EncodeReply) => {
    const p = encoder.pending.get(reply.id);
    encoder.pending.delete(reply.id);
    p?.resolve(reply);
  });
  child.on('exit', (code, signal) => {
    const at = idle.indexOf(encoder);
    if (at >= 0) idle.splice(at, 1);
    for (const p of encoder.pending.values())
      p.reject(new EncoderExited(`image encoder exited (${signal ?? code})`));
    encoder.pending.clear();
  });
  return encoder;
}

function hold(e: Encoder, busy: boolean) {
  // A busy encoder keeps the event loop alive until it answers; an idle one never holds a process open.
  if (busy) {
    e.child.ref();
    e.child.channel?.ref();
  } else {
    e.child.unref();
    e.child.channel?.unref();
  }
}

/** Decodes and encodes `input` in an encoder process; the caller has read and accepted its header. */
export async function encodeInWorker(req: Omit<EncodeRequest, 'id'>): Promise<EncodeReply> {
  const encoder = idle.pop() ?? start();
  hold(encoder, true);
  const id = nextId++;
  try {
    return await new Promise<EncodeReply>((resolve, reject) => {
      encoder.pending.set(id, { resolve, reject });
      encoder.child.send({ ...req, id } satisfies EncodeRequest, (err) => {
        if (!err) return;
        encoder.pending.delete(id);
        reject(err);
      });
    });
  } finally {
    if (encoder.child.exitCode === null && encoder.child.signalCode === null) {
      hold(encoder, false);
      idle.push(encoder);
    }
  }
}
