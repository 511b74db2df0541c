/**
 * bench/load.ts, the load generator of bench/workers.ts: every request it sends is answered and counted
 * once, whatever the answers' sizes and however the bytes are cut into reads (one answer split across
 * packets, several answers in one), with and without pipelining; answers other than 200 are counted as
 * such; an answer without Content-Length (not framed as the servers frame theirs) stops the run.
 * Counted, never timed.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { load, requestBytes } from '../../bench/load.ts';

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/**
 * A raw server answering each request (its target says how: `/s<status>/<bytes>`) with a body of that
 * many bytes, written in pieces of `piece` bytes (1: every byte its own write) and counting the targets.
 */
async function rawServer(piece: number, headerName = 'content-length'): Promise<{ port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let tail = '';
    socket.on('data', (data) => {
      const text = tail + data.toString('latin1');
      const parts = text.split('\r\n\r\n');
      tail = parts.pop() ?? '';
      for (const head of parts) {
        const target = head.split(' ')[1];
        seen.push(target);
        const [, status, size] = /^\/s(\d{3})\/(\d+)/.exec(target) ?? ['', '200', '2'];
        const body = 'x'.repeat(Number(size));
        const answer = Buffer.from(`HTTP/1.1 ${status} \r\ncontent-type: text/plain\r\n${headerName}: ${body.length}\r\n\r\n${body}`, 'latin1');
        for (let at = 0; at < answer.length; at += piece) socket.write(answer.subarray(at, at + piece));
      }
    });
    socket.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, seen };
}

describe('bench/load.ts', () => {
  it('builds each request once: GET, the target, Host and the given headers', () => {
    const [bytes] = requestBytes(['/v1/time?lat=1&lon=2'], '127.0.0.1', 8787, { 'x-api-key': 'k' });
    expect(bytes.toString('latin1')).toBe('GET /v1/time?lat=1&lon=2 HTTP/1.1\r\nHost: 127.0.0.1:8787\r\nx-api-key: k\r\n\r\n');
  });

  for (const [piece, pipelining] of [
    [1, 1],
    [7, 1],
    [65_536, 1],
    [1, 4],
    [65_536, 4],
  ] as const) {
    it(`answers written ${piece === 1 ? 'a byte at a time' : `in pieces of ${piece}`}, ${pipelining} in flight: every request answered and counted once`, async () => {
      const { port, seen } = await rawServer(piece);
      const targets = ['/s200/0', '/s200/1', '/s200/523', '/s404/40', '/s200/70000', '/s200/13'];
      const r = await load({ port, targets, connections: 3, pipelining, amount: 60 });
      expect(r.sent).toBe(60);
      expect(r.answered).toBe(60);
      expect(r.errors).toBe(0);
      expect(seen).toHaveLength(60);
      // Every target is sent (one of the connections sends at least 20, so it goes round them all).
      for (const t of targets) expect(seen).toContain(t);
      expect(r.notOk).toBe(seen.filter((s) => s.startsWith('/s404/')).length);
      expect(r.generatorUs).toBeGreaterThan(0);
    });
  }

  it('a timed run sends until its end and waits for the answers in flight', async () => {
    const { port, seen } = await rawServer(65_536);
    const r = await load({ port, targets: ['/s200/10'], connections: 2, pipelining: 2, durationMs: 200 });
    expect(r.sent).toBeGreaterThan(0);
    expect(r.answered).toBe(r.sent);
    expect(seen).toHaveLength(r.sent);
    expect(r.rps).toBeGreaterThan(0);
  });

  it('reads Content-Length in either case', async () => {
    const { port } = await rawServer(65_536, 'Content-Length');
    const r = await load({ port, targets: ['/s200/5'], connections: 1, amount: 5 });
    expect(r.answered).toBe(5);
  });

  it('stops with an error on an answer without Content-Length', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 200 \r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n')));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await expect(load({ port, targets: ['/'], connections: 1, amount: 1 })).rejects.toThrow(/without Content-Length/);
  });

  it('counts the requests a closed connection leaves unanswered as errors', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const r = await load({ port, targets: ['/'], connections: 2, pipelining: 3, amount: 100 });
    expect(r.answered).toBe(0);
    expect(r.errors).toBe(r.sent);
    expect(r.sent).toBe(6);
  });
});
