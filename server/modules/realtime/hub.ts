import type { WebSocket } from 'ws';
import type { ServerEventName, ServerEventPayload } from '../../../contract/realtime.ts';

/** What the server keeps per socket: who it is (null for a visitor) and the rooms it is in. */
export interface SocketState<U> {
  user: U | null;
  rooms: string[];
  /** Answered the last ping (a socket that has not by the next one is dead and terminated). */
  alive: boolean;
  /** Frames received since the last heartbeat (a client sending more than the limit is closed). */
  frames: number;
}

/** Close codes the browser reads (web/lib/socket-open.ts): the server ended this socket on purpose. */
export const CLOSE_SIGNED_OUT = 4001;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TOO_MANY_FRAMES = 1008;

/** Sockets pinged per turn of the event loop during a heartbeat. */
const SWEEP_SLICE = 500;

/** One server → client frame: `[event, payload]` as JSON text. */
export const frame = <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) =>
  JSON.stringify([event, payload]);

/** A room's sockets: the socket itself while it is alone in the room (a member's and a session's rooms). */
type Members = WebSocket | Set<WebSocket>;
const each = (members: Members | undefined): Iterable<WebSocket> =>
  members === undefined ? [] : members instanceof Set ? members : [members];

/**
 * The sockets of this instance and their rooms. A room holds its one socket, or a `Set` once it has more, and
 * is deleted when it empties; a socket's state is one small object, and its listeners are the hub's own
 * functions. A member's own rooms (`user:`, `session:`) mostly hold one socket: with a `Set` each and a closure
 * per listener, a socket took 10.1 kB of heap, now 8.5 (issue 38, decision 064). A frame is serialised once
 * per emit, whatever the room's size.
 */
export function createHub<U>(opts: {
  heartbeatMs: number;
  maxFramesPerBeat: number;
  onClose: (state: SocketState<U>) => void;
}) {
  const sockets = new Map<WebSocket, SocketState<U>>();
  const rooms = new Map<string, Members>();

  const join = (ws: WebSocket, room: string) => {
    const state = sockets.get(ws);
    if (!state || state.rooms.includes(room)) return;
    state.rooms.push(room);
    const members = rooms.get(room);
    if (members === undefined) rooms.set(room, ws);
    else if (members instanceof Set) members.add(ws);
    else rooms.set(room, new Set([members, ws]));
  };
  const leave = (ws: WebSocket, room: string) => {
    const state = sockets.get(ws);
    if (!state) return;
    const at = state.rooms.indexOf(room);
    if (at < 0) return;
    state.rooms.splice(at, 1);
    const members = rooms.get(room);
    if (members === ws) rooms.delete(room);
    else if (members instanceof Set) {
      members.delete(ws);
      if (members.size === 1) rooms.set(room, members.values().next().value!);
    }
  };
  // Every socket's listeners are these functions of the hub (`this` is the socket), not closures per socket.
  function onPong(this: WebSocket) {
    const state = sockets.get(this);
    if (state) state.alive = true;
  }
  function onSocketClose(this: WebSocket) {
    const state = sockets.get(this);
    if (!state) return;
    for (const room of [...state.rooms]) leave(this, room);
    sockets.delete(this);
    opts.onClose(state);
  }
  const send = (ws: WebSocket, data: string) => {
    if (ws.readyState === ws.OPEN) ws.send(data);
  };

  /**
   * One heartbeat: every socket that answered the last ping is pinged again, the others are terminated. The
   * sweep goes SWEEP_SLICE sockets at a time with I/O in between: 10,000 pings at once held the event loop
   * for tens of milliseconds on a busy machine, which requests and deliveries would wait out.
   */
  const sweep = () => {
    const due = [...sockets];
    let at = 0;
    const slice = () => {
      for (const end = Math.min(at + SWEEP_SLICE, due.length); at < end; at++) {
        const [ws, state] = due[at]!;
        if (ws.readyState !== ws.OPEN) continue;
        if (!state.alive) {
          ws.terminate();
          continue;
        }
        state.alive = false;
        state.frames = 0;
        ws.ping();
      }
      if (at < due.length) setImmediate(slice);
    };
    slice();
  };
  // The sweep waits for the loop's next check phase: when the loop was blocked past a beat (a long GC, a heavy
  // request), the pongs that arrived meanwhile are read in the poll phase first, instead of the timer deciding
  // that sockets which did answer are dead.
  const beat = setInterval(() => setImmediate(sweep), opts.heartbeatMs);
  beat.unref();

  return {
    /** Registers an open socket; its state is dropped (and `onClose` called) when it closes. */
    add(ws: WebSocket, user: U | null) {
      const state: SocketState<U> = { user, rooms: [], alive: true, frames: 0 };
      sockets.set(ws, state);
      ws.on('pong', onPong);
      ws.once('close', onSocketClose);
      return state;
    },
    /** What the hub keeps for an open socket (undefined once it closed). */
    stateOf: (ws: WebSocket) => sockets.get(ws),
    /** Counts a received frame; false (and the socket closed) once the client sends more than allowed. */
    allowFrame(ws: WebSocket, state: SocketState<U>) {
      state.frames += 1;
      if (state.frames <= opts.maxFramesPerBeat) return true;
      ws.close(CLOSE_TOO_MANY_FRAMES, 'too many frames');
      return false;
    },
    join,
    leave,
    send,
    roomSize: (room: string) => {
      const members = rooms.get(room);
      return members === undefined ? 0 : members instanceof Set ? members.size : 1;
    },
    /** Sends one event to every socket in `room`. */
    emit<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>) {
      const members = rooms.get(room);
      if (!members) return;
      const data = frame(event, payload);
      for (const ws of each(members)) send(ws, data);
    },
    /** Closes every socket in `room` (after what was sent to it: a close frame follows the data frames). */
    closeRoom(room: string, code: number) {
      for (const ws of [...each(rooms.get(room))]) ws.close(code);
    },
    get size() {
      return sockets.size;
    },
    /** Stops the heartbeat and closes every socket with `code`. */
    closeAll(code: number) {
      clearInterval(beat);
      for (const ws of [...sockets.keys()]) ws.close(code);
    },
    /** Drops the sockets whose client did not answer the close (the server is going). */
    terminateAll() {
      for (const ws of [...sockets.keys()]) ws.terminate();
    },
  };
}
