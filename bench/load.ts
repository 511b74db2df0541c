/**
 * A minimal HTTP/1.1 load generator for bench/workers.ts: keep-alive connections over raw sockets, each
 * sending the next request as soon as an answer is in (or keeping `pipelining` requests in flight), the
 * request bytes built once and shared by every connection, and answers counted from their status line
 * and `Content-Length` alone (bodies are skipped, not read).
 *
 * Why not autocannon there: on a 2-core machine the generator shares the cores with the servers it
 * measures, and autocannon spends more than half the CPU on a request that the server does (its HTTP
 * parser is JavaScript, and it decodes every body into a string), so the second worker mostly waits for
 * the generator. This one spends about half of autocannon's (a third with pipelining), so two workers
 * can show what they serve. It measures
 * no latency; bench/run.ts keeps autocannon for every other figure.
 *
 * Each connection starts at its own place in the request list (connection k of n at k/n of it), so any
 * run of `requests.length` requests or more sends every one. A timed run stops sending at its end and
 * waits for the answers in flight, so every request sent is answered (or counted as an error).
 */
import net from 'node:net';

export interface LoadOptions {
  port: number;
  host?: string;
  /** Request targets (path and query), sent in turn. */
  targets: readonly string[];
  /** Headers sent with every request (besides Host). */
  headers?: Record<string, string>;
  connections: number;
  /** Requests in flight on a connection (default 1: the next one leaves when an answer is in). */
  pipelining?: number;
  /** A timed run; or `amount` requests in all. */
  durationMs?: number;
  amount?: number;
}

export interface LoadResult {
  /** Requests written; every one was answered or counted in `errors`. */
  sent: number;
  answered: number;
  /** Answers other than 200. */
  notOk: number;
  /** Requests lost to connection errors. */
  errors: number;
  /** Answers a second over the timed window (or the whole run). */
  rps: number;
  /** CPU this process spent (user and system) per answer, µs. */
  generatorUs: number;
}

const END_OF_HEAD = Buffer.from('\r\n\r\n', 'latin1');
const LENGTH = [Buffer.from('content-length:', 'latin1'), Buffer.from('Content-Length:', 'latin1')];

/** The bytes of each request: built once, written as they are. */
export function requestBytes(targets: readonly string[], host: string, port: number, headers: Record<string, string> = {}): Buffer[] {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return targets.map((target) => Buffer.from(`GET ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\n${extra}\r\n`, 'latin1'));
}

/** Where the `Content-Length` value of the head in buf[start, end) begins, or -1. */
function lengthAt(buf: Buffer, start: number, end: number): number {
  for (const name of LENGTH) {
    const at = buf.indexOf(name, start);
    if (at >= 0 && at < end) return at + name.length;
  }
  return -1;
}

export function load(options: LoadOptions): Promise<LoadResult> {
  const { port, host = '127.0.0.1', targets, connections, pipelining = 1 } = options;
  const requests = requestBytes(targets, host, port, options.headers);
  const amount = options.amount ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  let answered = 0;
  let inWindow = 0;
  let notOk = 0;
  let errors = 0;
  let stopped = false;
  let open = connections;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let windowMs = 0;

  return new Promise((resolve, reject) => {
    const done = () => {
      if (--open > 0) return;
      if (timer) clearTimeout(timer);
      const used = process.cpuUsage(cpu0);
      const seconds = (windowMs || performance.now() - t0) / 1000;
      resolve({
        sent,
        answered,
        notOk,
        errors,
        rps: (windowMs ? inWindow : answered) / seconds,
        generatorUs: answered ? (used.user + used.system) / answered : 0,
      });
    };
    const timer =
      options.durationMs === undefined
        ? undefined
        : setTimeout(() => {
            stopped = true;
            windowMs = performance.now() - t0;
            inWindow = answered;
          }, options.durationMs);

    for (let k = 0; k < connections; k++) {
      let next = Math.floor((k * requests.length) / connections);
      let inFlight = 0;
      let skip = 0; // body bytes of the current answer still to come
      let status = 0;
      let partial: Buffer | null = null;
      let closed = false;
      let failed = false;
      const socket = net.connect(port, host);
      socket.setNoDelay(true);
      const send = (count: number) => {
        if (count > 1) socket.cork();
        for (let i = 0; i < count && !stopped && sent < amount; i++) {
          socket.write(requests[next]);
          next = next + 1 === requests.length ? 0 : next + 1;
          sent++;
          inFlight++;
        }
        if (count > 1) socket.uncork();
        if (inFlight === 0) finish();
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        socket.destroy();
        done();
      };
      const answer = () => {
        inFlight--;
        answered++;
        if (status !== 200) notOk++;
      };
      socket.on('connect', () => send(pipelining));
      socket.on('data', (chunk: Buffer) => {
        let buf = chunk;
        if (partial) {
          buf = Buffer.concat([partial, chunk]);
          partial = null;
        }
        let pos = 0;
        let answers = 0;
        while (pos < buf.length) {
          if (skip > 0) {
            const n = Math.min(skip, buf.length - pos);
            skip -= n;
            pos += n;
            if (skip === 0) {
              answer();
              answers++;
            }
            continue;
          }
          const end = buf.indexOf(END_OF_HEAD, pos);
          if (end < 0) {
            partial = buf.subarray(pos);
            break;
          }
          // "HTTP/1.1 200 ...": the status is the three digits after the version.
          status = (buf[pos + 9] - 48) * 100 + (buf[pos + 10] - 48) * 10 + (buf[pos + 11] - 48);
          const at = lengthAt(buf, pos, end);
          if (at < 0) {
            socket.destroy();
            reject(new Error(`bench/load.ts: an answer without Content-Length: ${buf.toString('latin1', pos, Math.min(end, pos + 200))}`));
            return;
          }
          let length = 0;
          for (let i = at; i < end; i++) {
            const c = buf[i];
            if (c >= 48 && c <= 57) length = length * 10 + c - 48;
            else if (c !== 32 && c !== 9) break;
          }
          pos = end + 4;
          skip = length;
          if (length === 0) {
            answer();
            answers++;
          }
        }
        if (answers > 0) send(answers);
      });
      socket.on('error', () => {
        failed = true;
      });
      socket.on('close', () => {
        if (closed) return;
        // The requests it had in flight are lost; a connection that failed with none, counted once.
        errors += inFlight || (failed ? 1 : 0);
        inFlight = 0;
        finish();
      });
    }
  });
}
