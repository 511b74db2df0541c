/**
 * Countries and subdivisions by name (CONTRACT "Holidays"), through the real app on loopback: the REST
 * routes and MCP's Streamable HTTP on /mcp.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'holiday-names-key-0123456';
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }), ctx: fixedClock('2026-11-22T08:00:00Z') });
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  base = server.url!.replace(/\/$/, '');
});
afterAll(async () => {
  await server.close(true);
});

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
const call = async (path: string, body?: unknown): Promise<{ status: number; type: string | null; cache: string | null; body: any }> => {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('x-cache'), body: await res.json() };
};
const q = encodeURIComponent;

describe('holiday routes take names', () => {
  it('GET /v1/holidays?country=Germany: the German holidays, answered for DE and said so', async () => {
    const byName = await call('/v1/holidays?country=Germany&year=2026');
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ country: 'DE', subdivision: null, resolved_from_name: { country: 'Germany' }, year: 2026 });
    const byCode = await call('/v1/holidays?country=DE&year=2026');
    expect(byCode.body).not.toHaveProperty('resolved_from_name');
    expect(byName.body.holidays).toEqual(byCode.body.holidays);
    // The same name in other letter case is the same cached answer; the code's answer is its own.
    expect((await call('/v1/holidays?country=GERMANY&year=2026')).cache).toBe('HIT');
    expect((await call('/v1/holidays?country=DE&year=2026')).body).not.toHaveProperty('resolved_from_name');
  });

  it('GET /v1/holidays/is-business-day?country=CA&subdivision=Quebec: 24 June 2026 is Quebec’s Fête nationale', async () => {
    const r = await call('/v1/holidays/is-business-day?country=CA&subdivision=Quebec&date=2026-06-24');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      country: 'CA',
      subdivision: 'QC',
      resolved_from_name: { subdivision: 'Quebec' },
      business_day: false,
      reason: 'holiday',
    });
    expect((await call(`/v1/holidays/next?country=${q('united kingdom')}&subdivision=Scotland&after=2026-11-01`)).body).toMatchObject({
      country: 'GB',
      subdivision: 'SCT',
      holidays: [{ date: '2026-11-30' }],
    });
  });

  it('POST /v1/date/business-days/jurisdiction and the meeting planner take names too', async () => {
    // Epiphany (Tuesday 6 January 2026) is a public holiday in Bavaria, not in Germany as a whole.
    const count = await call('/v1/date/business-days/jurisdiction', { start: '2026-01-01', end: '2026-01-31', country: 'Germany', subdivision: 'Bavaria' });
    expect(count.status).toBe(200);
    expect(count.body).toMatchObject({ country: 'DE', subdivision: 'BY', resolved_from_name: { country: 'Germany', subdivision: 'Bavaria' } });
    expect(count.body.holidays.map((h: { date: string }) => h.date)).toEqual(['2026-01-01', '2026-01-06']);
    const meeting = await call('/v1/time/meeting', {
      participants: [
        { label: 'Munich', timezone: 'Europe/Berlin', country: 'Germany', subdivision: 'Bavaria' },
        { label: 'Montreal', timezone: 'America/Toronto', country: 'Canada', subdivision: 'Quebec' },
      ],
      start_date: '2026-06-24',
      end_date: '2026-06-24',
    });
    expect(meeting.status).toBe(200);
    // Montreal's Fête nationale: Quebec's holiday counts for that participant.
    expect(meeting.body.slots.length).toBeGreaterThan(0);
    expect(meeting.body.slots.every((s: { participants: { label: string; holiday: string | null }[] }) => s.participants[1].holiday !== null)).toBe(true);
  });

  it('an ambiguous name is a 400 problem naming the field with candidates; an unknown one gets close matches', async () => {
    const congo = await call('/v1/holidays?country=Congo&year=2026');
    expect(congo.status).toBe(400);
    expect(congo.type).toMatch(/^application\/problem\+json/);
    expect(congo.body.errors).toEqual([
      {
        field: 'country',
        message: 'is ambiguous: it names CD (Democratic Republic of the Congo), CG (Republic of the Congo); give the code',
        candidates: [
          { code: 'CD', name: 'Democratic Republic of the Congo' },
          { code: 'CG', name: 'Republic of the Congo' },
        ],
      },
    ]);
    const typo = await call('/v1/holidays/is-business-day?country=DE&subdivision=Bavria&date=2026-06-24');
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual([
      {
        field: 'subdivision',
        message: 'is not a supported subdivision of DE; did you mean BY (Bavaria)? See list_holiday_countries for its codes',
        candidates: [{ code: 'BY', name: 'Bavaria' }],
      },
    ]);
    const meeting = await call('/v1/time/meeting', {
      participants: [{ timezone: 'Europe/Berlin', country: 'Germany', subdivision: 'Bavria' }, { timezone: 'Europe/London' }],
      start_date: '2026-06-24',
    });
    expect(meeting.status).toBe(400);
    expect(meeting.body.errors).toEqual([expect.objectContaining({ field: 'participants[0].subdivision', candidates: [{ code: 'BY', name: 'Bavaria' }] })]);
    const long = await call(`/v1/holidays?country=${'x'.repeat(101)}&year=2026`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'country', message: 'must be at most 100 characters long' }]);
  });
});

describe('holiday tools over MCP (POST /mcp) take names', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'holiday-names-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'x-api-key': KEY } } }));
  });
  afterAll(() => client.close());

  it('is_business_day with Canada and Quebec; list_holidays with Congo names the candidates in its error', async () => {
    const quebec = await client.callTool({ name: 'is_business_day', arguments: { country: 'Canada', subdivision: 'Quebec', date: '2026-06-24' } });
    expect(quebec.isError).toBeFalsy();
    expect(quebec.structuredContent).toMatchObject({ country: 'CA', subdivision: 'QC', resolved_from_name: { country: 'Canada', subdivision: 'Quebec' } });
    const congo = await client.callTool({ name: 'list_holidays', arguments: { country: 'Congo', year: 2026 } });
    expect(congo.isError).toBe(true);
    expect(congo.content).toEqual([
      {
        type: 'text',
        text: 'Invalid parameter: country is ambiguous: it names CD (Democratic Republic of the Congo), CG (Republic of the Congo); give the code.',
      },
    ]);
  });
});
