/**
 * An {@link ElevationProvider} for the Open-Meteo elevation API wire format (Copernicus DEM GLO-90):
 * `GET {baseUrl}?latitude=a,b,c&longitude=x,y,z` → `{"elevation": [m, m, m]}`, or on failure
 * `{"error": true, "reason": "..."}` (usually with HTTP 400). The API takes up to 100 coordinates a
 * call, so many points are sent in calls of 100 (in parallel).
 *
 * - Each attempt has its own timeout (3 s by default, `AbortSignal.timeout`), covering the body too.
 * - A network error, a timeout or an HTTP 5xx is retried once (by default); an error body (the
 *   provider refusing the request) and a malformed answer are not: asking again would not change them.
 * - Coordinates are rounded to 5 decimals (about 1 m; the model's grid is 3 arc-seconds, about 90 m)
 *   before they are sent, and answers are kept in a bounded LRU cache under the rounded coordinate,
 *   so a repeated point costs no request and a cached answer is exactly what the provider returned.
 * - Any failure throws {@link ToolUnavailableError} naming the provider and the reason; no value is
 *   ever estimated. Messages never contain the URL (a commercial URL carries an API key).
 *
 * @example
 * const provider = createOpenMeteoElevation('https://api.open-meteo.com/v1/elevation');
 * await provider.elevations([{ lat: 52.52, lon: 13.41 }])   // Open-Meteo's documented example
 * // → [38]
 */
import { ToolUnavailableError, type ElevationProvider } from '../tool.ts';
import { roundTo } from './geodesic.ts';

export const OPEN_METEO_ELEVATION_URL = 'https://api.open-meteo.com/v1/elevation';
export const MAX_COORDINATES_PER_CALL = 100;
/** Decimals kept of each coordinate for the request and the cache key (1e-5° ≈ 1.1 m). */
export const COORDINATE_DECIMALS = 5;

export interface OpenMeteoElevationOptions {
  /** Per attempt, milliseconds (default 3000). */
  timeoutMs?: number;
  /** Further attempts after a network error, timeout or 5xx (default 1). */
  retries?: number;
  fetch?: typeof globalThis.fetch;
  /** Most coordinates kept in the cache (default 10,000). */
  cacheSize?: number;
}

/** An elevation provider that also says how it looks points up (quoted in provenance). */
export interface DescribedElevationProvider extends ElevationProvider {
  readonly method: string;
}

/** A Map used as a least-recently-used cache: reads move an entry to the young end. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }
}

/** A failure that another attempt would not cure (the provider refused, or answered nonsense). */
class FinalFailure extends Error {}

const PROVIDER = 'Open-Meteo elevation API';
const DATASET = 'Copernicus DEM GLO-90';

/** Why a fetch threw, in words (timeout, refused connection, DNS, ...). */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  if (cause?.code) return `connection failed (${cause.code})`;
  return `connection failed (${error instanceof Error ? error.message : String(error)})`;
}

/** The `reason` of an error body, if the text is one. */
function errorReason(body: unknown): string | undefined {
  if (body && typeof body === 'object' && (body as { error?: unknown }).error === true) {
    const reason = (body as { reason?: unknown }).reason;
    return typeof reason === 'string' && reason ? reason : 'no reason given';
  }
  return undefined;
}

export function createOpenMeteoElevation(baseUrl: string, options: OpenMeteoElevationOptions = {}): DescribedElevationProvider {
  const { timeoutMs = 3000, retries = 1, fetch: fetchImpl = globalThis.fetch, cacheSize = 10_000 } = options;
  const base = new URL(baseUrl); // throws at start-up on a malformed setting, not on the first request
  const cache = new Lru<number>(cacheSize);
  const unavailable = (reason: string) => new ToolUnavailableError(`${PROVIDER} unavailable: ${reason}`);

  /** One attempt for one call of ≤ 100 coordinates; throws FinalFailure or a retryable Error. */
  async function attempt(url: URL, count: number): Promise<number[]> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      text = await response.text();
    } catch (error) {
      throw new Error(networkReason(error, timeoutMs));
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const reason = errorReason(body);
    if (response.status >= 500) throw new Error(`HTTP ${response.status}${reason ? `: ${reason}` : ''}`);
    if (reason) throw new FinalFailure(`the provider refused the request (HTTP ${response.status}): ${reason}`);
    if (!response.ok) throw new FinalFailure(`HTTP ${response.status}`);
    if (body === undefined) throw new FinalFailure('the answer is not JSON');
    const elevation = (body as { elevation?: unknown }).elevation;
    if (!Array.isArray(elevation)) throw new FinalFailure('the answer has no "elevation" array');
    if (elevation.length !== count) throw new FinalFailure(`asked for ${count} elevations, got ${elevation.length}`);
    const bad = elevation.findIndex((m) => typeof m !== 'number' || !Number.isFinite(m));
    if (bad >= 0) throw new FinalFailure(`elevation ${bad} is not a finite number (${JSON.stringify(elevation[bad])})`);
    return elevation as number[];
  }

  async function call(coords: readonly { lat: number; lon: number }[]): Promise<number[]> {
    const url = new URL(base);
    const query = `latitude=${coords.map((c) => c.lat).join(',')}&longitude=${coords.map((c) => c.lon).join(',')}`;
    url.search = url.search ? `${url.search}&${query}` : query;
    let lastReason = '';
    for (let tries = 0; tries <= retries; tries++) {
      try {
        return await attempt(url, coords.length);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof FinalFailure) throw unavailable(reason);
        lastReason = reason;
      }
    }
    throw unavailable(retries > 0 ? `${lastReason} (after ${retries + 1} attempts)` : lastReason);
  }

  return {
    provider: PROVIDER,
    dataset: DATASET,
    method:
      `coordinates rounded to ${COORDINATE_DECIMALS} decimals (about 1 m, far finer than the model's 90 m grid) and ` +
      `looked up in calls of up to ${MAX_COORDINATES_PER_CALL}; answers cached by rounded coordinate; ` +
      'heights in metres above the EGM2008 geoid (mean sea level), as the provider reports them',
    async elevations(points) {
      const keyed = points.map((p) => {
        const lat = roundTo(p.lat, COORDINATE_DECIMALS);
        const lon = roundTo(p.lon, COORDINATE_DECIMALS);
        return { lat, lon, key: `${lat},${lon}` };
      });
      // This call's answers, so a cache smaller than the request cannot lose any before they are read.
      const found = new Map<string, number>();
      const missing: typeof keyed = [];
      for (const p of keyed) {
        if (found.has(p.key)) continue;
        const cached = cache.get(p.key);
        if (cached !== undefined) found.set(p.key, cached);
        else {
          found.set(p.key, NaN); // placeholder: asked once even if repeated
          missing.push(p);
        }
      }
      const calls: (typeof keyed)[] = [];
      for (let i = 0; i < missing.length; i += MAX_COORDINATES_PER_CALL) calls.push(missing.slice(i, i + MAX_COORDINATES_PER_CALL));
      const answers = await Promise.all(calls.map(call));
      for (const [c, chunk] of calls.entries()) {
        for (const [i, p] of chunk.entries()) {
          found.set(p.key, answers[c][i]);
          cache.set(p.key, answers[c][i]);
        }
      }
      return keyed.map((p) => found.get(p.key)!);
    },
  };
}
