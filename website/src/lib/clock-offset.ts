/**
 * The device clock's offset against the API's clock (the home page, issue 32): several requests to the
 * public `GET /v1/time/utc`, the one with the smallest round trip kept (the least room for the server's
 * reading), offset = server time − (sent + round trip / 2), ± round trip / 2 (the server read its clock
 * somewhere in the round trip). Browser-safe; the network and clocks are passed in for tests.
 */

/** Requests to the time server; the one with the smallest round trip is used. */
export const SAMPLES = 5;

/** What a measurement reads: the network, the device clock (ms since the epoch) and a monotonic clock (ms). */
export interface Io {
  fetch: (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  now: () => number;
  elapsed: () => number;
}

export interface ClockOffset {
  /** Server time − device time at the moment the server read its clock, ms. */
  offsetMs: number;
  /** Half the round trip, ms: the server read its clock somewhere in it. */
  uncertaintyMs: number;
}

/**
 * The device clock's offset against the API's clock: several requests, the one with the smallest round
 * trip kept, offset = server time − (sent + round trip / 2), ± round trip / 2.
 */
export async function measureOffset(
  apiBase: string,
  samples = SAMPLES,
  io: Io = { fetch: (url, init) => fetch(url, init), now: () => Date.now(), elapsed: () => performance.now() },
): Promise<ClockOffset> {
  let best: { sent: number; rtt: number; server: number } | undefined;
  for (let i = 0; i < samples; i++) {
    const sent = io.now();
    const started = io.elapsed();
    const response = await io.fetch(`${apiBase}/v1/time/utc`, { cache: 'no-store' });
    const body = (await response.json()) as { unix_ms?: number };
    const rtt = io.elapsed() - started;
    if (!response.ok || typeof body.unix_ms !== 'number') throw new Error(`the time server answered ${response.status}`);
    if (!best || rtt < best.rtt) best = { sent, rtt, server: body.unix_ms };
  }
  return { offsetMs: best!.server - (best!.sent + best!.rtt / 2), uncertaintyMs: best!.rtt / 2 };
}

/** A span in words: milliseconds under a second (at least 1 ms: a loopback round trip), seconds above. */
const seconds = (ms: number) =>
  Math.abs(ms) < 1000 ? `${Math.max(1, Math.round(Math.abs(ms)))} ms` : `${(Math.abs(ms) / 1000).toFixed(Math.abs(ms) < 10_000 ? 2 : 1)} s`;

/** The offset in words: ahead, behind, or agreeing within the uncertainty. */
export function offsetWords({ offsetMs, uncertaintyMs }: ClockOffset): string {
  const within = `± ${seconds(uncertaintyMs)}`;
  if (Math.abs(offsetMs) <= uncertaintyMs) return `Your device clock agrees with the time server to within ${within}.`;
  return `Your device clock is ${seconds(offsetMs)} ${offsetMs > 0 ? 'behind' : 'ahead of'} the time server (${within}).`;
}
