/** Zone input the ways people write it (CONTRACT "Zone input"), over HTTP and MCP. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'test-key-0123456789';
const ctx = fixedClock('2026-11-22T08:00:00Z');
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }), ctx });
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
const get = async (path: string): Promise<{ status: number; body: any }> => {
  const res = await app.fetch(new Request(`http://api.test${path}`, { headers: { 'x-api-key': KEY } }));
  return { status: res.status, body: await res.json() };
};
const q = (s: string) => encodeURIComponent(s);

describe('zone input over HTTP', () => {
  it('GET /v1/time/zone: Windows ID, offset, country', async () => {
    const win = await get(`/v1/time/zone?timezone=${q('Pacific Standard Time')}&at=2026-07-01T12:00:00Z`);
    expect(win.status).toBe(200);
    expect(win.body).toMatchObject({ timezone: 'America/Los_Angeles', local_time: '2026-07-01T05:00:00-07:00', resolved_from: 'windows' });
    const off = await get(`/v1/time/zone?timezone=${q('+05:30')}&at=2026-07-01T12:00:00Z`);
    expect(off.body).toMatchObject({ timezone: '+05:30', local_time: '2026-07-01T17:30:00+05:30', abbreviation: '+0530', dst: false, resolved_from: 'offset' });
    expect(off.body.next_transition).toBeNull();
    expect((await get('/v1/time/zone?timezone=JP&at=0')).body).toMatchObject({ timezone: 'Asia/Tokyo', resolved_from: 'country' });
    expect((await get('/v1/time/zone?timezone=Z&at=0')).body).toMatchObject({ timezone: 'UTC', resolved_from: 'offset' });
  });

  it('GET /v1/time/convert: UTC+2 to W. Europe Standard Time', async () => {
    const r = await get(`/v1/time/convert?time=2026-01-15T09:00&source_timezone=${q('UTC+2')}&target_timezone=${q('W. Europe Standard Time')}`);
    expect(r.status).toBe(200);
    expect(r.body.source).toMatchObject({ timezone: '+02:00', resolved_from: 'offset' });
    expect(r.body.target).toMatchObject({ timezone: 'Europe/Berlin', local_time: '2026-01-15T08:00:00+01:00', resolved_from: 'windows' });
  });

  it('400 naming the field: +14:01, US', async () => {
    const beyond = await get(`/v1/time/zone?timezone=${q('+14:01')}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors).toEqual([{ field: 'timezone', message: "offset '+14:01' is beyond the range of UTC offsets, -14:00 to +14:00" }]);
    const us = await get('/v1/time/convert?time=09:00&source_timezone=US');
    expect(us.status).toBe(400);
    expect(us.body.errors[0].field).toBe('source_timezone');
    expect(us.body.errors[0].message).toMatch(/^US \(United States\) has 29 time zones; give one of America\/New_York, .*Pacific\/Honolulu$/);
  });

  it('a fixed offset where a place’s zone goes (sun_events)', async () => {
    const r = await get(`/v1/solar/events?lat=28.6&lon=77.2&date=2026-03-20&timezone=${q('UTC+5:30')}`);
    expect(r.status).toBe(200);
    expect(r.body.timezone).toBe('+05:30');
    expect(JSON.stringify(r.body)).toMatch(/T0[5-7]:\d\d:\d\d\+05:30/);
  });
});

describe('zone input over MCP', () => {
  let client: Client;
  beforeAll(async () => {
    const server = createMcpServer({ ctx, openapi: async () => ({ openapi: '3.1.0' }) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientSide);
  });
  afterAll(() => client.close());

  it('get_time_in_zone and convert_time take Windows IDs, offsets and countries', async () => {
    const a = await client.callTool({ name: 'get_time_in_zone', arguments: { timezone: 'India Standard Time', at: '2026-07-01T12:00:00Z' } });
    expect(a.isError).toBeFalsy();
    expect(a.structuredContent).toMatchObject({ timezone: 'Asia/Kolkata', local_time: '2026-07-01T17:30:00+05:30', resolved_from: 'windows' });
    const b = await client.callTool({ name: 'convert_time', arguments: { time: '2026-07-01T09:00', source_timezone: 'GMT-03:00', target_timezone: 'JP' } });
    expect(b.isError).toBeFalsy();
    expect(b.structuredContent).toMatchObject({
      source: { timezone: '-03:00', resolved_from: 'offset' },
      target: { timezone: 'Asia/Tokyo', local_time: '2026-07-01T21:00:00+09:00', resolved_from: 'country' },
    });
    const c = await client.callTool({ name: 'get_time_in_zone', arguments: { timezone: 'AU' } });
    expect(c.isError).toBe(true);
    expect(JSON.stringify(c.content)).toContain('Australia/Sydney');
  });
});
