/**
 * Per-address socket caps over real sockets on loopback against the real entry point: one address
 * (127.0.0.2) holding many sockets that never finish their headers keeps MAX_PENDING_CONNECTIONS_PER_ADDRESS
 * of them, the rest are closed, and another client (127.0.0.1) is still answered at once, as is a burst of
 * fast connections from a third; sockets that did send a request count against MAX_CONNECTIONS_PER_ADDRESS.
 * Without the caps the slow sockets filled MAX_CONNECTIONS and the other client was refused until the
 * headers timeout.
 * Counts are bounded (a few hundred sockets) and every socket and the server go at the end.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_AFTER_MS } from '../../http/connection-caps.ts';
import { serve, type Served } from '../serve.ts';

const MAX_CONNECTIONS = 120;
const PENDING_PER_ADDRESS = 10;
const OPEN_PER_ADDRESS = 30;

let server: Served;
let port: number;
const output = () => server.output();
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await serve({
    env: {
      // Long timeouts: whatever closes a slow socket in these tests is a cap, not a timeout.
      HEADERS_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: '60000',
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      MAX_PENDING_CONNECTIONS_PER_ADDRESS: String(PENDING_PER_ADDRESS),
      MAX_CONNECTIONS_PER_ADDRESS: String(OPEN_PER_ADDRESS),
      TRUST_PROXY: '0',
    },
  });
  port = server.port;
}, 60_000);
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});
afterAll(() => server?.stop('SIGKILL'));

interface Held {
  socket: Socket;
  /** Everything the server sent, once it closed the socket. */
  closed: Promise<string>;
  received: () => string;
}

/** A socket from `from` (a loopback address) that writes `text` once connected. */
function open(from: string, text: string): Held {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  socket.on('error', () => {});
  socket.on('connect', () => socket.write(text));
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))), received: () => received };
}

async function eventually(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('per-address socket caps', () => {
  it('one address holding 200 slow-header sockets keeps 10 of them; its next socket is closed at once; another client is answered at once', {
    timeout: 40_000,
  }, async () => {
    const slow = Array.from({ length: 200 }, () => open('127.0.0.2', 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: 1'));
    let closed = 0;
    for (const s of slow) void s.closed.then(() => closed++);
    // Past the 30 open sockets an address may hold, closed as they arrive; of those 30, the 20 that turn
    // slow (a second without their headers) past the 10 slow ones allowed are closed then: nothing read or
    // answered, and long before the headers timeout (a minute).
    await eventually(() => closed >= 200 - PENDING_PER_ADDRESS, 15_000);
    expect(closed).toBe(200 - PENDING_PER_ADDRESS);
    for (const s of slow.filter((s) => s.socket.destroyed)) expect(s.received()).toBe('');
    await eventually(() => output().includes(`connection closed: 127.0.0.2 holds ${PENDING_PER_ADDRESS} slow sockets`), 5_000);

    // Holding its 10 slow sockets, the address's next socket is closed as it arrives, not a second later.
    const next = open('127.0.0.2', 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await Promise.race([next.closed, new Promise((r) => setTimeout(() => r('still open'), SLOW_AFTER_MS / 2))])).toBe('');

    // Meanwhile another address is served, request after request, and a burst of 25 fresh connections at
    // once (more than 10 waiting for their headers at the same moment, none of them slow) is answered too.
    const started = Date.now();
    for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    const burst = Array.from({ length: 25 }, () => open('127.0.0.4', 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect((await Promise.all(burst.map((b) => b.closed))).every((r) => r.startsWith('HTTP/1.1 200 '))).toBe(true);
  });

  it('sockets that sent a request count as open ones: past MAX_CONNECTIONS_PER_ADDRESS they are closed, and freed ones count again', {
    timeout: 40_000,
  }, async () => {
    const request = 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n';
    const kept: Held[] = [];
    // Five at a time, each answered and kept alive before the next five, so none waits as a pending one.
    for (let i = 0; i < OPEN_PER_ADDRESS; i += 5) {
      const batch = Array.from({ length: 5 }, () => open('127.0.0.3', request));
      await eventually(() => batch.every((b) => b.received().startsWith('HTTP/1.1 200')), 10_000);
      kept.push(...batch);
    }
    await new Promise((r) => setTimeout(r, 1100)); // refusals are logged at most 10 a second: a new second
    const extra = open('127.0.0.3', request);
    expect(await extra.closed).toBe('');
    expect(kept.every((k) => !k.socket.destroyed)).toBe(true);
    await eventually(() => output().includes('connection refused: 127.0.0.3 holds 30 open sockets (MAX_CONNECTIONS_PER_ADDRESS)'), 5_000);
    // Closing one frees its place, once the server has seen it go (a moment after the client closed it).
    kept[0].socket.destroy();
    await kept[0].closed;
    const attempts: Held[] = [];
    const served = () => attempts.some((a) => a.received().startsWith('HTTP/1.1 200'));
    for (let i = 0; i < 50 && !served(); i++) {
      attempts.push(open('127.0.0.3', request));
      await Promise.race([attempts.at(-1)!.closed, new Promise((r) => setTimeout(r, 200))]);
    }
    expect(served()).toBe(true);
  });
});
