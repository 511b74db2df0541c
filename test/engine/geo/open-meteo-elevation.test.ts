/**
 * The Open-Meteo elevation client against a local HTTP server speaking the API's exact wire format
 * (open-meteo.com/en/docs/elevation-api): `GET /v1/elevation?latitude=a,b&longitude=x,y` →
 * `{"elevation":[m,m]}`; errors `{"error":true,"reason":"..."}` with HTTP 400; at most 100 coordinates.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolUnavailableError } from '../../../engine/tool.ts';
import { createOpenMeteoElevation, MAX_COORDINATES_PER_CALL } from '../../../engine/geo/open-meteo-elevation.ts';

interface Seen {
  url: string;
  latitude: number[];
  longitude: number[];
}
type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

/** A made-up but deterministic terrain, so every answer can be checked against its coordinate. */
const terrain = (lat: number, lon: number) => Math.round((lat * 10 + lon) * 10) / 10;

const json = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
};

/** Answers like Open-Meteo: the same validation message for a latitude out of range, 100 coordinates at most. */
const openMeteo: Handler = (_req, res, { latitude, longitude }) => {
  const bad = latitude.find((l) => !(l >= -90 && l <= 90));
  if (bad !== undefined) return json(res, 400, JSON.stringify({ error: true, reason: `Latitude must be in range of -90 to 90°. Given: ${bad.toFixed(1)}.` }));
  if (latitude.length !== longitude.length) return json(res, 400, '{"error":true,"reason":"Parameter count of latitude and longitude must be the same"}');
  if (latitude.length > 100) return json(res, 400, '{"error":true,"reason":"Only up to 100 coordinates can be requested at once"}');
  json(res, 200, JSON.stringify({ elevation: latitude.map((lat, i) => terrain(lat, longitude[i])) }));
};

let server: Server;
let base: string;
let handler: Handler = openMeteo;
let requests: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const list = (name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean).map(Number);
    const seen = { url: req.url ?? '', latitude: list('latitude'), longitude: list('longitude') };
    requests.push(seen);
    handler(req, res, seen);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/elevation`;
});

afterEach(() => {
  handler = openMeteo;
  requests = [];
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The provider's error, as thrown. */
async function failure(promise: Promise<unknown>): Promise<ToolUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolUnavailableError);
  return error as ToolUnavailableError;
}

describe('Open-Meteo elevation client', () => {
  it('asks for one point in the wire format and reads the answer', async () => {
    const provider = createOpenMeteoElevation(base);
    expect(provider).toMatchObject({ provider: 'Open-Meteo elevation API', dataset: 'Copernicus DEM GLO-90' });
    expect(await provider.elevations([{ lat: 52.52, lon: 13.41 }])).toEqual([terrain(52.52, 13.41)]);
    expect(requests.map((r) => r.url)).toEqual(['/v1/elevation?latitude=52.52&longitude=13.41']);
  });

  it('serves 250 points in 3 calls of at most 100, in input order', async () => {
    const points = Array.from({ length: 250 }, (_, i) => ({ lat: -60 + i * 0.5, lon: -170 + i * 1.3 }));
    const provider = createOpenMeteoElevation(base);
    const elevations = await provider.elevations(points);
    expect(elevations).toEqual(points.map((p) => terrain(Math.round(p.lat * 1e5) / 1e5, Math.round(p.lon * 1e5) / 1e5)));
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.latitude.length).sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(requests.every((r) => r.latitude.length <= MAX_COORDINATES_PER_CALL && r.url.includes(','))).toBe(true);
    expect(requests.every((r) => !r.url.includes('%2C'))).toBe(true); // literal commas, as the API documents
  });

  it('caches by coordinate rounded to 5 decimals: a repeated point costs no request', async () => {
    const provider = createOpenMeteoElevation(base);
    await provider.elevations([
      { lat: 46.5, lon: 7.9 },
      { lat: 46.6, lon: 8 },
    ]);
    expect(requests).toHaveLength(1);
    expect(
      await provider.elevations([
        { lat: 46.6, lon: 8 },
        { lat: 46.500001, lon: 7.9 },
      ]),
    ).toEqual([terrain(46.6, 8), terrain(46.5, 7.9)]);
    expect(requests).toHaveLength(1);
    // Only the points not yet known are asked for, each once.
    await provider.elevations([
      { lat: 46.5, lon: 7.9 },
      { lat: 1.234567, lon: 2 },
      { lat: 1.234567, lon: 2 },
    ]);
    expect(requests).toHaveLength(2);
    expect(requests[1].url).toBe('/v1/elevation?latitude=1.23457&longitude=2');
  });

  it('keeps only the most recently used points when the cache is full', async () => {
    const provider = createOpenMeteoElevation(base, { cacheSize: 2 });
    const [a, b, c] = [
      { lat: 1, lon: 1 },
      { lat: 2, lon: 2 },
      { lat: 3, lon: 3 },
    ];
    await provider.elevations([a, b]);
    await provider.elevations([a]); // a is now the most recent
    await provider.elevations([c]); // evicts b
    expect(requests).toHaveLength(2);
    await provider.elevations([a, c]);
    expect(requests).toHaveLength(2);
    expect(await provider.elevations([b])).toEqual([terrain(2, 2)]);
    expect(requests).toHaveLength(3);
    // A request larger than the cache still answers every point.
    expect(await createOpenMeteoElevation(base, { cacheSize: 1 }).elevations([a, b, c])).toEqual([a, b, c].map((p) => terrain(p.lat, p.lon)));
  });

  it('keeps a query string already in the URL (a commercial API key)', async () => {
    await createOpenMeteoElevation(`${base}?apikey=secret`).elevations([{ lat: -33.9, lon: 18.4 }]);
    expect(requests[0].url).toBe('/v1/elevation?apikey=secret&latitude=-33.9&longitude=18.4');
  });

  it('answers an empty list without a request', async () => {
    expect(await createOpenMeteoElevation(base).elevations([])).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('edge cases: every failure is a ToolUnavailableError, never a value', () => {
  it('the provider error body is reported with its reason, and not retried', async () => {
    const error = await failure(createOpenMeteoElevation(base).elevations([{ lat: 91, lon: 0 }]));
    expect(error.message).toBe(
      'Open-Meteo elevation API unavailable: the provider refused the request (HTTP 400): Latitude must be in range of -90 to 90°. Given: 91.0.',
    );
    expect(error).not.toHaveProperty('status'); // the engine names no HTTP status; the API answers 503
    expect(requests).toHaveLength(1);
  });

  it('a timeout, after one retry', async () => {
    const hanging: ServerResponse[] = [];
    handler = (_req, res) => hanging.push(res); // never answers
    const error = await failure(createOpenMeteoElevation(base, { timeoutMs: 100 }).elevations([{ lat: 0, lon: 0 }]));
    expect(error.message).toBe('Open-Meteo elevation API unavailable: no answer within 100 ms (after 2 attempts).');
    expect(requests).toHaveLength(2);
    for (const res of hanging) res.destroy();
  });

  it('a refused connection, after one retry', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls++;
      return fetch(...args);
    };
    const error = await failure(createOpenMeteoElevation(`http://127.0.0.1:${port}/v1/elevation`, { fetch: counting }).elevations([{ lat: 0, lon: 0 }]));
    expect(error.message).toBe('Open-Meteo elevation API unavailable: connection failed (ECONNREFUSED) (after 2 attempts).');
    expect(calls).toBe(2);
    expect(error.message).not.toContain(String(port)); // no URL in messages
  });

  it('a 500 is retried once, and the second answer used', async () => {
    handler = (req, res, seen) => (requests.length === 1 ? json(res, 500, 'Internal Server Error') : openMeteo(req, res, seen));
    expect(await createOpenMeteoElevation(base).elevations([{ lat: 10, lon: 20 }])).toEqual([terrain(10, 20)]);
    expect(requests).toHaveLength(2);
  });

  it('two 5xx answers fail, naming the status', async () => {
    handler = (_req, res) => json(res, 503, '{"error":true,"reason":"Too many concurrent requests"}');
    const error = await failure(createOpenMeteoElevation(base).elevations([{ lat: 10, lon: 20 }]));
    expect(error.message).toBe('Open-Meteo elevation API unavailable: HTTP 503: Too many concurrent requests (after 2 attempts).');
    expect(requests).toHaveLength(2);
    handler = (_req, res) => json(res, 502, 'Bad Gateway');
    const once = await failure(createOpenMeteoElevation(base, { retries: 0 }).elevations([{ lat: 10, lon: 20 }]));
    expect(once.message).toBe('Open-Meteo elevation API unavailable: HTTP 502.');
  });

  it.each([
    ['malformed JSON', 200, '{"elevation": [12.0', 'the answer is not JSON'],
    ['no elevation array', 200, '{"height": [12.0]}', 'the answer has no "elevation" array'],
    ['the wrong number of values', 200, '{"elevation": [12.0, 13.0]}', 'asked for 1 elevations, got 2'],
    ['a null value', 200, '{"elevation": [null]}', 'elevation 0 is not a finite number (null)'],
    ['a string value', 200, '{"elevation": ["12"]}', 'elevation 0 is not a finite number ("12")'],
    ['a 404 page', 404, '<html>Not Found</html>', 'HTTP 404'],
  ])('%s is a failure, not retried', async (_name, status, body, reason) => {
    handler = (_req, res) => json(res, status, body);
    const error = await failure(createOpenMeteoElevation(base).elevations([{ lat: 10, lon: 20 }]));
    expect(error.message).toBe(`Open-Meteo elevation API unavailable: ${reason}.`);
    expect(requests).toHaveLength(1);
  });

  it('a failure caches nothing: the next call asks again', async () => {
    const provider = createOpenMeteoElevation(base);
    handler = (_req, res) => json(res, 200, '{"elevation": []}');
    await failure(provider.elevations([{ lat: 10, lon: 20 }]));
    handler = openMeteo;
    expect(await provider.elevations([{ lat: 10, lon: 20 }])).toEqual([terrain(10, 20)]);
    expect(requests).toHaveLength(2);
  });

  it('one failing call of a large request fails the whole request', async () => {
    handler = (req, res, seen) => (seen.latitude.length < 100 ? json(res, 200, '{"elevation": [1]}') : openMeteo(req, res, seen));
    const points = Array.from({ length: 150 }, (_, i) => ({ lat: i / 10, lon: 0 }));
    const error = await failure(createOpenMeteoElevation(base).elevations(points));
    expect(error.message).toBe('Open-Meteo elevation API unavailable: asked for 50 elevations, got 1.');
  });

  it('a malformed base URL fails at creation, not on the first request', () => {
    expect(() => createOpenMeteoElevation('not a url')).toThrow();
  });
});
