/**
 * Per-address socket caps: the sockets one peer address holds open, and those of them that have not yet
 * sent a whole request's headers. A socket beyond either cap is closed as it arrives, before its first
 * byte is read, so one client holding thousands of slow sockets (10,000 made other clients wait 3 s at the
 * median and 12–36 s at p99 with only the global MAX_CONNECTIONS) takes a bounded share of the server.
 *
 * The address is the socket's peer, an IPv6 one counted by its /64 (client-address.ts): at the socket
 * level nothing else is known yet, X-Forwarded-For included, so behind a proxy (TRUST_PROXY > 0) every
 * socket is the proxy's and the caps are off unless set (service/settings.ts).
 */
import type { Server as NodeServer, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup } from './client-address.ts';

export interface ConnectionCaps {
  /** Most sockets open per address; 0: no cap. */
  perAddress: number;
  /** Most sockets per address that have not yet sent a request's headers; 0: no cap. */
  pendingPerAddress: number;
}

export type Refusal = 'open' | 'pending';

interface Held {
  open: Set<Socket>;
  /** Sockets that have not sent a request's headers yet. */
  pending: Set<Socket>;
}

/** Drops sockets already destroyed: the server counts them out then, their 'close' event comes a tick later. */
function prune(held: Held): void {
  for (const s of held.open) {
    if (s.destroyed) {
      held.open.delete(s);
      held.pending.delete(s);
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
      : caps.pendingPerAddress > 0 && entry.pending.size >= caps.pendingPerAddress
        ? 'pending'
        : null;

  server.on('connection', (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress);
    let entry = held.get(group);
    if (!entry) held.set(group, (entry = { open: new Set(), pending: new Set() }));
    let refusal = over(entry);
    if (refusal) {
      prune(entry);
      refusal = over(entry);
    }
    if (refusal) {
      socket.destroy();
      onRefuse(group, refusal, refusal === 'open' ? caps.perAddress : caps.pendingPerAddress);
      return;
    }
    const counted = entry;
    counted.open.add(socket);
    counted.pending.add(socket);
    groups.set(socket, counted);
    socket.once('close', () => {
      counted.open.delete(socket);
      counted.pending.delete(socket);
      if (counted.open.size === 0 && held.get(group) === counted) held.delete(group);
    });
  });

  // The headers of the socket's first request are in: from now on it is an open socket, not a pending one
  // (the server's own timeouts bound how long a later request's headers may take).
  server.on('request', (req: IncomingMessage) => {
    groups.get(req.socket)?.pending.delete(req.socket);
  });
  return held;
}
