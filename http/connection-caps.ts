/**
 * Per-address socket caps: the sockets one peer address holds open, and those of them that are slow to
 * send their first request (over {@link SLOW_AFTER_MS} without its whole headers). One client holding
 * thousands of slow sockets (10,000 made other clients wait 3 s at the median and 12–36 s at p99 with
 * only the global MAX_CONNECTIONS) thereby keeps a bounded share of the server:
 * - a socket from an address that holds `perAddress` open sockets, or `pendingPerAddress` slow ones, is
 *   closed as it arrives, before its first byte is read;
 * - a socket that turns slow while its address already holds `pendingPerAddress` slow ones is closed then.
 * A burst of fast connections (a client sending 1,000 requests at once) is not slow and passes, up to
 * `perAddress`.
 *
 * The address is the socket's peer, an IPv6 one counted by its /64 (client-address.ts): at the socket
 * level nothing else is known yet, X-Forwarded-For included, so behind a proxy (TRUST_PROXY > 0) every
 * socket is the proxy's and the caps are off unless set (service/settings.ts).
 */
import type { Server as NodeServer, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup } from './client-address.ts';

/** How long a socket may take to send its first request's headers before it counts as slow. */
export const SLOW_AFTER_MS = 1_000;

export interface ConnectionCaps {
  /** Most sockets open per address; 0: no cap. */
  perAddress: number;
  /** Most slow sockets per address (still sending their first request's headers after a second); 0: no cap. */
  pendingPerAddress: number;
}

export type Refusal = 'open' | 'pending';

interface Held {
  open: Set<Socket>;
  /** Sockets that have not sent their first request's headers yet, with when they connected. */
  pending: Map<Socket, number>;
  /** Those of them that have taken longer than SLOW_AFTER_MS. */
  slow: Set<Socket>;
}

/** Drops sockets already destroyed: the server counts them out then, their 'close' event comes a tick later. */
function prune(held: Held): void {
  for (const s of held.open) {
    if (s.destroyed) {
      held.open.delete(s);
      held.pending.delete(s);
      held.slow.delete(s);
    }
  }
}

/**
 * Counts sockets per address on `server` and closes those beyond `caps` (calling `onRefuse` for each).
 * Returns what each address holds, for tests and diagnostics.
 */
export function capConnectionsPerAddress(
  server: NodeServer,
  caps: ConnectionCaps,
  onRefuse: (group: string, reason: Refusal, limit: number) => void,
): Map<string, Held> {
  const held = new Map<string, Held>();
  if (caps.perAddress <= 0 && caps.pendingPerAddress <= 0) return held;
  const groups = new WeakMap<Socket, Held>();
  const over = (entry: Held): Refusal | null =>
    caps.perAddress > 0 && entry.open.size >= caps.perAddress
      ? 'open'
      : caps.pendingPerAddress > 0 && entry.slow.size >= caps.pendingPerAddress
        ? 'pending'
        : null;
  const refuse = (socket: Socket, group: string, reason: Refusal) => {
    socket.destroy();
    onRefuse(group, reason, reason === 'open' ? caps.perAddress : caps.pendingPerAddress);
  };

  server.on('connection', (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress);
    let entry = held.get(group);
    if (!entry) held.set(group, (entry = { open: new Set(), pending: new Map(), slow: new Set() }));
    let refusal = over(entry);
    if (refusal) {
      prune(entry);
      refusal = over(entry);
    }
    if (refusal) return refuse(socket, group, refusal);
    const counted = entry;
    counted.open.add(socket);
    counted.pending.set(socket, performance.now());
    groups.set(socket, counted);
    socket.once('close', () => {
      counted.open.delete(socket);
      counted.pending.delete(socket);
      counted.slow.delete(socket);
      if (counted.open.size === 0 && held.get(group) === counted) held.delete(group);
    });
  });

  // The headers of the socket's first request are in: from now on it is an open socket, neither pending
  // nor slow (the server's own timeouts bound how long a later request's headers may take).
  server.on('request', (req: IncomingMessage) => {
    const entry = groups.get(req.socket);
    if (entry?.pending.delete(req.socket)) entry.slow.delete(req.socket);
  });

  // Twice a second: sockets pending for over SLOW_AFTER_MS turn slow, or are closed if their address
  // already holds its slow ones.
  if (caps.pendingPerAddress > 0) {
    const timer = setInterval(() => {
      const now = performance.now();
      for (const [group, entry] of held) {
        for (const [socket, since] of entry.pending) {
          if (now - since < SLOW_AFTER_MS || entry.slow.has(socket) || socket.destroyed) continue;
          if (entry.slow.size >= caps.pendingPerAddress) refuse(socket, group, 'pending');
          else entry.slow.add(socket);
        }
      }
    }, SLOW_AFTER_MS / 2);
    timer.unref();
    server.once('close', () => clearInterval(timer));
  }
  return held;
}
