import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createHub, type SocketState } from './hub.ts';

/*
 * The hub's rooms without a server: a room holds its one socket until a second joins, then a Set, and goes back
 * to the socket when one is left (hub.ts). Sockets here are event emitters that record what they are sent.
 */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: number | undefined;
  pings = 0;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close(1006);
  }
  ping() {
    this.pings += 1;
  }
}

const closed: SocketState<string>[] = [];
const hubs: ReturnType<typeof createHub<string>>[] = [];
const newHub = () => {
  const hub = createHub<string>({ heartbeatMs: 60_000, maxFramesPerBeat: 5, onClose: (s) => closed.push(s) });
  hubs.push(hub);
  return hub;
};
const socket = () => new FakeSocket() as FakeSocket & WebSocket;
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.closeAll(1001);
  closed.length = 0;
});

describe('rooms', () => {
  it('one socket, two, then one again: every emit reaches exactly the sockets in the room', () => {
    const hub = newHub();
    const [a, b, c] = [socket(), socket(), socket()];
    for (const [ws, user] of [
      [a, 'ann'],
      [b, 'ben'],
      [c, 'cy'],
    ] as const)
      hub.add(ws, user);
    hub.join(a, 'user:1');
    expect(hub.roomSize('user:1')).toBe(1);
    hub.join(a, 'user:1');
    expect(hub.roomSize('user:1')).toBe(1);
    hub.join(b, 'user:1');
    expect(hub.roomSize('user:1')).toBe(2);
    hub.emit('user:1', 'notification', { id: 'n1' });
    expect([a.sent, b.sent, c.sent]).toEqual([
      ['["notification",{"id":"n1"}]'],
      ['["notification",{"id":"n1"}]'],
      [],
    ]);
    hub.leave(a, 'user:1');
    expect(hub.roomSize('user:1')).toBe(1);
    hub.emit('user:1', 'notification', { id: 'n2' });
    expect([a.sent.length, b.sent.length]).toEqual([1, 2]);
    hub.leave(b, 'user:1');
    expect(hub.roomSize('user:1')).toBe(0);
    hub.emit('user:1', 'notification', { id: 'n3' });
    expect([a.sent.length, b.sent.length, c.sent.length]).toEqual([1, 2, 0]);
  });

  it('a closing socket leaves its rooms (the one it was alone in goes) and is handed to onClose once', () => {
    const hub = newHub();
    const [a, b] = [socket(), socket()];
    hub.add(a, 'ann');
    hub.add(b, 'ben');
    for (const room of ['site', 'session:a']) hub.join(a, room);
    hub.join(b, 'site');
    expect(hub.stateOf(a)?.rooms).toEqual(['site', 'session:a']);
    a.close(1000);
    a.emit('close');
    expect(closed.map((s) => s.user)).toEqual(['ann']);
    expect(hub.stateOf(a)).toBeUndefined();
    expect([hub.roomSize('site'), hub.roomSize('session:a'), hub.size]).toEqual([1, 0, 1]);
  });

  it('closeRoom closes a lone socket and every socket of a larger room', () => {
    const hub = newHub();
    const [a, b, c] = [socket(), socket(), socket()];
    for (const ws of [a, b, c]) hub.add(ws, 'x');
    hub.join(a, 'session:1');
    hub.join(b, 'user:2');
    hub.join(c, 'user:2');
    hub.closeRoom('session:1', 4001);
    hub.closeRoom('user:2', 4001);
    expect([a.closedWith, b.closedWith, c.closedWith]).toEqual([4001, 4001, 4001]);
    expect([hub.roomSize('session:1'), hub.roomSize('user:2'), hub.size]).toEqual([0, 0, 0]);
  });

  it('a pong marks its own socket alive, whichever socket it comes from', () => {
    const hub = newHub();
    const [a, b] = [socket(), socket()];
    hub.add(a, 'ann');
    hub.add(b, 'ben');
    hub.stateOf(a)!.alive = false;
    hub.stateOf(b)!.alive = false;
    b.emit('pong');
    expect([hub.stateOf(a)!.alive, hub.stateOf(b)!.alive]).toEqual([false, true]);
  });
});
