/**
 * What the API writes for an answer: the text of the writer compiled from the tool's output schema
 * (keys in the schema's order), the same text MCP gives, on a cache miss and on a hit alike.
 */
import { describe, expect, it } from 'vitest';
import { localTime, localTimeAt, LocalTimeResult } from '../../engine/time/local-time.ts';
import { localTimes } from '../../engine/time/local-times.ts';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';
import { callTool } from '../../mcp/server.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'test-key-0123456789';
const ctx = fixedClock('2026-11-22T08:00:00Z');
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: `acme:${KEY}`, RATE_LIMIT_PER_MINUTE: '0' }), ctx });
const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
const mcpText = async (tool: typeof localTime | typeof localTimes, args: unknown) => ((await callTool(tool, args, ctx)).content as { text: string }[])[0].text;

describe('answers are written by the compiled writer', () => {
  it('GET /v1/time: keys in the schema order (unix_seconds right after utc_time), the same text as MCP, on a miss and on a hit', async () => {
    const expected = jsonWriterOf(localTime.output)(localTimeAt(48.8566, 2.3522, Date.parse('2026-07-01T12:00:00Z')));
    for (const cache of ['MISS', 'HIT']) {
      const res = await app.fetch(new Request('http://api.test/v1/time?lat=48.8566&lon=2.3522&at=2026-07-01T12:00:00Z', { headers }));
      expect(res.headers.get('x-cache')).toBe(cache);
      expect(await res.text()).toBe(expected);
    }
    // `note` is written only before 1970.
    expect(Object.keys(JSON.parse(expected))).toEqual(Object.keys(LocalTimeResult.shape).filter((k) => k !== 'note'));
    expect(Object.keys(JSON.parse(expected)).slice(5, 8)).toEqual(['utc_time', 'unix_seconds', 'unix_ms']);
    expect(await mcpText(localTime, { lat: 48.8566, lon: 2.3522, at: '2026-07-01T12:00:00Z' })).toBe(expected);
  });

  it('POST /v1/time/batch: the same', async () => {
    const input = {
      at: '2026-07-01T12:00:00Z',
      points: [
        { lat: 48.8566, lon: 2.3522 },
        { lat: 0, lon: -140 },
      ],
    };
    const expected = jsonWriterOf(localTimes.output)(localTimes.run(localTimes.input.parse(input), ctx));
    const res = await app.fetch(new Request('http://api.test/v1/time/batch', { method: 'POST', headers, body: JSON.stringify(input) }));
    expect(await res.text()).toBe(expected);
    expect(await mcpText(localTimes, input)).toBe(expected);
  });
});
