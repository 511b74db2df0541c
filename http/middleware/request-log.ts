/**
 * One structured line per request: route pattern, method, status, latency_ms, customer_id,
 * key_fingerprint, cache. Never a raw key, a query string or a body: only these fields are written.
 * JSON lines (the production default) are kept as numbers and written in one go every few milliseconds,
 * so logging costs a few percent of throughput at most (measured with `npm run bench`).
 */
import type { ConsolaInstance } from 'consola';
import type { LogFormat } from '../../service/settings.ts';

export interface RequestLogLine {
  route: string;
  method: string;
  status: number;
  latency_ms: number;
  customer_id: string | null;
  key_fingerprint: string | null;
  cache: string | null;
}

export interface RequestLogger {
  log(line: RequestLogLine): void;
  /** Writes what is buffered (called on shutdown). */
  flush(): void;
}

const quotedStrings = new Map<string, string>();

/**
 * JSON.stringify of a string from a small set (routes, customer ids, cache states), remembered: every
 * log line writes several, and the set is small. Bounded all the same: emptied when it holds 4,096.
 */
export function quotedJson(value: string): string {
  let json = quotedStrings.get(value);
  if (json === undefined) {
    if (quotedStrings.size >= 4096) quotedStrings.clear();
    quotedStrings.set(value, (json = JSON.stringify(value)));
  }
  return json;
}

/** A field as JSON: routes, methods, customers, fingerprints and cache states come from small sets. */
const quoted = (value: string | null): string => (value === null ? 'null' : quotedJson(value));

/** Lines a batch holds before it is written whatever the time. */
const BATCH_LINES = 2048;

/**
 * JSON lines to a writable (stdout by default), written in one go every 5 ms or {@link BATCH_LINES}
 * lines. A line is the text up to its latency, the latency, and the text after it; consecutive lines
 * nearly always share both texts (one route, one second; one customer and cache state), so each text is
 * built when one of its fields changes (the same strings come back, so comparing them is cheap). Until
 * the batch is written, a line is a number in typed arrays (its latency, the index of its two texts), so
 * logging a request allocates nothing that outlives it: the texts of a 5 ms batch joined into strings as
 * they came (a few hundred lines under load) lived through a young-generation collection or two and were
 * copied and promoted, about 1.2 µs of server CPU a GET /v1/time (bench A/B, with and without logs).
 */
export function jsonRequestLogger(write: (chunk: string) => void = (c) => process.stdout.write(c)): RequestLogger {
  const latencies = new Float64Array(BATCH_LINES);
  const headAt = new Uint16Array(BATCH_LINES);
  const tailAt = new Uint16Array(BATCH_LINES);
  /** The texts the batch's lines use (seldom more than one of each). */
  const heads: string[] = [];
  const tails: string[] = [];
  let lines = 0;
  let scheduled = false;
  // The timestamp string is rebuilt once a second at most (to the second, like most access logs).
  let second = -1;
  let stamp = '';
  let headOf: { second: number; route: string; method: string; status: number } | null = null;
  let tailOf: { customer: string | null; fingerprint: string | null; cache: string | null } | null = null;
  const flush = () => {
    scheduled = false;
    if (lines === 0) return;
    let out = '';
    for (let i = 0; i < lines; i++) out += heads[headAt[i]] + latencies[i] + tails[tailAt[i]];
    lines = 0;
    // The texts in use stay: the next batch's lines most likely share them.
    heads.splice(0, heads.length - 1);
    tails.splice(0, tails.length - 1);
    write(out);
  };
  return {
    log(line) {
      if (lines === BATCH_LINES) flush();
      const now = Date.now();
      if (Math.floor(now / 1000) !== second) {
        second = Math.floor(now / 1000);
        stamp = new Date(second * 1000).toISOString().slice(0, 19) + 'Z';
      }
      if (headOf === null || headOf.second !== second || headOf.route !== line.route || headOf.method !== line.method || headOf.status !== line.status) {
        headOf = { second, route: line.route, method: line.method, status: line.status };
        heads.push(
          `{"time":"${stamp}","level":"info","type":"request","route":${quoted(line.route)},"method":${quoted(line.method)},"status":${line.status},"latency_ms":`,
        );
      }
      if (tailOf === null || tailOf.customer !== line.customer_id || tailOf.fingerprint !== line.key_fingerprint || tailOf.cache !== line.cache) {
        tailOf = { customer: line.customer_id, fingerprint: line.key_fingerprint, cache: line.cache };
        tails.push(`,"customer_id":${quoted(line.customer_id)},"key_fingerprint":${quoted(line.key_fingerprint)},"cache":${quoted(line.cache)}}\n`);
      }
      latencies[lines] = line.latency_ms;
      headAt[lines] = heads.length - 1;
      tailAt[lines] = tails.length - 1;
      lines++;
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 5).unref();
      }
    },
    flush,
  };
}

/** Human-readable lines for a terminal, through consola. */
export function prettyRequestLogger(consola: ConsolaInstance): RequestLogger {
  return {
    log(l) {
      consola.info(
        `${l.method} ${l.route} ${l.status} ${l.latency_ms} ms${l.customer_id ? ` customer=${l.customer_id}` : ''}${l.cache ? ` cache=${l.cache}` : ''}`,
      );
    },
    flush() {},
  };
}

/** The logger of LOG_FORMAT; consola is loaded only for `pretty` (~1 MB of heap a process that logs JSON does without). */
export async function requestLogger(format: LogFormat): Promise<RequestLogger> {
  if (format !== 'pretty') return jsonRequestLogger();
  const { createConsola } = await import('consola');
  return prettyRequestLogger(createConsola({ level: 3 }));
}
