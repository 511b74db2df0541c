/** POST /v1/time/meeting and the MCP tool find_meeting_times: the answer, and 400s naming the field. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'meeting-test-key-0123456789';
const ctx = fixedClock('2026-11-22T08:00:00Z');
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }), ctx });
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
const post = async (body: unknown): Promise<{ status: number; body: any; headers: Headers }> => {
  const res = await app.fetch(
    new Request('http://api.test/v1/time/meeting', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json(), headers: res.headers };
};

const LONDON = { label: 'London', timezone: 'Europe/London' };
const BANGALORE = { label: 'Bangalore', timezone: 'Asia/Kolkata' };

describe('POST /v1/time/meeting', () => {
  it('answers the slots, cached as a deterministic answer', async () => {
    // London GMT 09:00–17:00 UTC, Bangalore IST 03:30–11:30 UTC: 09:00–11:30 UTC suits both.
    const body = { participants: [LONDON, BANGALORE], start_date: '2026-11-30', end_date: '2026-11-30' };
    const r = await post(body);
    expect(r.status).toBe(200);
    expect(r.body.slots.map((s: { start: string }) => s.start).slice(0, 4)).toEqual([
      '2026-11-30T09:00:00Z',
      '2026-11-30T09:30:00Z',
      '2026-11-30T10:00:00Z',
      '2026-11-30T10:30:00Z',
    ]);
    expect(r.body.slots[3].all_within_work_hours).toBe(true);
    expect(r.body.slots[4].all_within_work_hours).toBe(false);
    expect(r.headers.get('x-cache')).toBe('MISS');
    expect((await post(body)).headers.get('x-cache')).toBe('HIT');
  });

  it('400 naming the field: 21 participants, 32 days, a work_start not written HH:MM', async () => {
    const many = await post({ participants: Array.from({ length: 21 }, () => LONDON), start_date: '2026-11-30' });
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual([{ field: 'participants', message: 'must have at most 20 participants' }]);
    const long = await post({ participants: [LONDON, BANGALORE], start_date: '2026-03-01', end_date: '2026-04-01' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'end_date', message: 'must be at most 30 days after start_date (a range of at most 31 days)' }]);
    const time = await post({ participants: [LONDON, { ...BANGALORE, work_start: '9:00' }], start_date: '2026-11-30' });
    expect(time.status).toBe(400);
    expect(time.body.errors).toEqual([{ field: 'participants[1].work_start', message: 'must be a time written HH:MM, 00:00..23:59' }]);
  });
});

describe('find_meeting_times over MCP', () => {
  it('answers structured content, and a bad argument as a tool error worded like the 400', async () => {
    const server = createMcpServer({ ctx, openapi: async () => ({ openapi: '3.1.0' }) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'meeting-test', version: '1.0.0' });
    await client.connect(clientSide);
    const ok = await client.callTool({ name: 'find_meeting_times', arguments: { participants: [LONDON, BANGALORE], start_date: '2026-11-30' } });
    expect(ok.isError).toBeFalsy();
    expect((ok.structuredContent as { slots: { start: string }[] }).slots[0].start).toBe('2026-11-30T09:00:00Z');
    const bad = await client.callTool({ name: 'find_meeting_times', arguments: { participants: [LONDON], start_date: '2026-11-30' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('participants must have at least 2 participants');
    await client.close();
  });
});
