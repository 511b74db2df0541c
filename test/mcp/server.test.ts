/** Every tool through a real MCP client (in memory): listed with schemas, answering like the REST API. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';
import { answerToolCall, callTool, createMcpServer } from '../../mcp/server.ts';
import { fixedClock } from '../helpers.ts';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { startElevationServer, type ElevationServer } from '../../scripts/elevation-stand-in.ts';
import type { H3 } from 'h3';
import type { AnyTool, ToolContext } from '../../engine/tool.ts';
import { validateInput } from '../../engine/validate.ts';

const KEY = 'mcp-test-key-0123456';
let elevation: ElevationServer;
let ctx: ToolContext;
let app: H3;
let client: Client;

beforeAll(async () => {
  elevation = await startElevationServer();
  ctx = { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url) };
  app = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }), ctx }).app;
  const server = createMcpServer({ ctx, openapi: async () => ({ openapi: '3.1.0' }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client.close();
  await elevation.close();
});

async function rest(tool: (typeof registry)[number], args: Record<string, unknown>) {
  const res =
    tool.http.method === 'GET'
      ? await app.fetch(
          new Request(
            `http://api.test${tool.http.path}?${Object.entries(args)
              .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
              .join('&')}`,
            { headers: { 'x-api-key': KEY } },
          ),
        )
      : await app.fetch(
          new Request(`http://api.test${tool.http.path}`, {
            method: 'POST',
            body: JSON.stringify(args),
            headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          }),
        );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('tools/list', () => {
  it('lists every registry tool with title, description, schemas and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(registry.map((t) => t.name).sort());
    for (const t of tools) {
      const tool = registry.find((r) => r.name === t.name)!;
      expect(t.title).toBe(tool.title);
      expect(t.description).toBe(tool.description);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: tool.name === 'geo_elevation' });
      // Meaningful only for a tool that writes (MCP): a read-only tool does not spend bytes on it.
      expect(t.annotations).not.toHaveProperty('destructiveHint');
      // The contract: idempotent except "now"-dependent tools, those whose answer can come from the clock.
      expect(t.annotations?.idempotentHint, t.name).toBe(!readsClock(tool));
    }
  });

  it('a tool counted as not reading the clock answers the same at any clock, even with every optional input left out', async () => {
    for (const tool of registry.filter((t) => !readsClock(t))) {
      const input = leanestInput(tool);
      const at = (iso: string) => tool.run(input, { ...fixedClock(iso), elevation: ctx.elevation });
      expect(await at('2030-06-01T12:00:00Z'), tool.name).toEqual(await at('2026-11-22T08:00:00Z'));
    }
  });
});

/**
 * Whether a tool's answer can come from the clock: it reads it every time (cache `never`), or when an
 * input is left out (`usesClock`, which the leanest input must then trigger).
 */
function readsClock(tool: AnyTool): boolean {
  if (tool.cache === 'never') return true;
  if (!tool.usesClock) return false;
  expect(tool.usesClock(leanestInput(tool)), `${tool.name}: leaving its optional inputs out uses the clock`).toBe(true);
  return true;
}

/** The tool's first example with every input it lets a caller leave out left out, parsed. */
function leanestInput(tool: AnyTool): unknown {
  const input = { ...(tool.examples[0].input as Record<string, unknown>) };
  const shape = (tool.input as unknown as { shape: Record<string, unknown> }).shape;
  // A coordinate the schema lets go only because a place name may stand for it (engine/places/place-input.ts).
  const placeStandIn = (key: string) => {
    const prefix = key.replace(/(lat|lon)$/, '');
    return prefix !== key && `${prefix}place` in shape && !(`${prefix}place` in input);
  };
  const without = (keys: string[]) => Object.fromEntries(Object.entries(input).filter(([k]) => !keys.includes(k)));
  for (const key of Object.keys(input)) if (!placeStandIn(key) && validateInput(tool.input, without([key])).ok) delete input[key];
  // Inputs that go together (convert_calendar's calendar, year, month and day) are left out together.
  const together = Object.keys(input).filter((key) => !placeStandIn(key));
  if (together.length && validateInput(tool.input, without(together)).ok) for (const key of together) delete input[key];
  // A time with its own date (convert_time) stands for a given day: the wall time alone leaves the day to the clock.
  if (typeof input.time === 'string') input.time = input.time.replace(/^.*T/, '');
  const checked = validateInput(tool.input, input);
  if (!checked.ok) throw new Error(`${tool.name}: ${JSON.stringify(checked.errors)}`);
  return checked.data;
}

describe('tools/call', () => {
  it.each(registry.map((t) => [t.name, t] as const))('%s answers its example exactly as the REST route does', async (_name, tool) => {
    const args = tool.examples[0].input as Record<string, unknown>;
    const result = await client.callTool({ name: tool.name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    // The client validates structuredContent against the tool's outputSchema; check the text twin too.
    const text = (result.content as { type: string; text: string }[])[0].text;
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    const viaRest = await rest(tool, args);
    expect(viaRest.status).toBe(200);
    expect(result.structuredContent).toEqual(viaRest.body);
  });

  it.each(registry.map((t) => [t.name, t] as const))("%s: the API server's direct answer is the server's, byte for byte", async (_name, tool) => {
    const args = tool.examples[0].input as Record<string, unknown>;
    const answer = await answerToolCall(tool, args, ctx, {});
    expect(answer.ok).toBe(true);
    expect(answer.json).toBe(JSON.stringify(await callTool(tool, args, ctx)));
    expect(JSON.parse(answer.json)).toEqual(await client.callTool({ name: tool.name, arguments: args }));
  });

  it('the direct answer of a refused call, or of a tool that throws, is the server’s too', async () => {
    const localTime = registry.find((t) => t.name === 'get_local_time')!;
    const refused = await answerToolCall(localTime, { lat: 91, lon: 0 }, ctx, {});
    expect(refused.ok).toBe(false);
    expect(JSON.parse(refused.json)).toEqual(await client.callTool({ name: 'get_local_time', arguments: { lat: 91, lon: 0 } }));
    const broken = await answerToolCall(localTime, { lat: 1, lon: 1 }, ctx, {
      runTool: () => {
        throw new Error('a bug');
      },
    });
    expect(broken).toEqual({ ok: false, json: JSON.stringify({ isError: true, content: [{ type: 'text', text: 'a bug' }] }) });
  });

  it('bad arguments come back as a tool error naming the field, worded like the HTTP 400', async () => {
    const result = await client.callTool({ name: 'get_local_time', arguments: { lat: 91, lon: 0 } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0].text;
    const viaRest = await rest(registry.find((t) => t.name === 'get_local_time')!, { lat: 91, lon: 0 });
    expect(text).toBe(viaRest.body.detail);
    expect(text).toBe('Invalid parameter: lat must be ≤ 90.');
    const batch = await client.callTool({
      name: 'get_local_times',
      arguments: {
        points: [
          { lat: 1, lon: 1 },
          { lat: 1, lon: 200 },
        ],
      },
    });
    expect((batch.content as { text: string }[])[0].text).toBe('Invalid parameter: points[1].lon must be ≤ 180.');
  });
});

describe('resources, prompts, completions', () => {
  it('offers the zone list and the OpenAPI document', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['tz://zones', 'openapi://service']));
    const zones = await client.readResource({ uri: 'tz://zones' });
    const list = JSON.parse((zones.contents[0] as { text: string }).text);
    expect(list.zones).toContain('Asia/Kolkata');
    expect(list.zones).not.toContain('Asia/Calcutta');
  });

  it('tool results carry compact provenance; provenance://methods explains every id they use', async () => {
    const read = await client.readResource({ uri: 'provenance://methods' });
    const { count, entries } = JSON.parse((read.contents[0] as { text: string }).text) as {
      count: number;
      entries: { id: string; kind: string; summary: string; text: string }[];
    };
    expect(count).toBe(entries.length);
    const ids = new Set(entries.map((e) => e.id));
    expect(entries.find((e) => e.id === 'tzdb')).toMatchObject({ kind: 'data', text: expect.stringMatching(/^IANA tzdb 2026f/) });
    for (const tool of registry) {
      const result = await client.callTool({ name: tool.name, arguments: tool.examples[0].input as Record<string, unknown> });
      const { method, explanations, ...data } = (result.structuredContent as { provenance: Record<string, string> }).provenance;
      expect(explanations, tool.name).toBeUndefined();
      for (const id of [...method.split(', '), ...Object.keys(data)]) expect(ids.has(id), `${tool.name}: ${id}`).toBe(true);
    }
  });

  it("tz://zones/{+timezone} is get_time_in_zone's own answer at the server's clock", async () => {
    const read = await client.readResource({ uri: 'tz://zones/America%2FVancouver' });
    const resource = JSON.parse((read.contents[0] as { text: string }).text);
    const tool = await client.callTool({ name: 'get_time_in_zone', arguments: { timezone: 'America/Vancouver', at: '2026-11-22T08:00:00Z' } });
    expect(resource).toEqual(tool.structuredContent);
    // tzdb 2026f: British Columbia on -07:00 all year from 2026-11-01; instants written ...Z, never .000Z
    expect(resource).toMatchObject({ local_time: '2026-11-22T01:00:00-07:00', utc_time: '2026-11-22T08:00:00Z', abbreviation: 'MST', dst: false });
  });

  it('completes zone names and country codes in prompt arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['plan-meeting-across-zones', 'when-does-the-sun-set-here']));
    const zones = await client.complete({
      ref: { type: 'ref/prompt', name: 'plan-meeting-across-zones' },
      argument: { name: 'attendee_timezone', value: 'Asia/Kol' },
    });
    expect(zones.completion.values).toContain('Asia/Kolkata');
    const countries = await client.complete({ ref: { type: 'ref/prompt', name: 'plan-meeting-across-zones' }, argument: { name: 'country', value: 'G' } });
    expect(countries.completion.values).toContain('GB');
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'tz://zones/{+timezone}' },
      argument: { name: 'timezone', value: 'europe/ky' },
    });
    expect(template.completion.values).toContain('Europe/Kyiv');
    const source = await client.complete({ ref: { type: 'ref/prompt', name: 'convert-a-time' }, argument: { name: 'source_timezone', value: 'america/new' } });
    expect(source.completion.values).toContain('America/New_York');
    const target = await client.complete({ ref: { type: 'ref/prompt', name: 'convert-a-time' }, argument: { name: 'target_timezone', value: 'Asia/Kath' } });
    expect(target.completion.values).toEqual(['Asia/Kathmandu']);
    const subdivisions = await client.complete({
      ref: { type: 'ref/prompt', name: 'is-it-a-business-day' },
      argument: { name: 'subdivision', value: 'B' },
      context: { arguments: { country: 'DE' } },
    });
    expect(subdivisions.completion.values).toEqual(expect.arrayContaining(['BY', 'BW', 'BE', 'BB']));
    const full = await client.complete({
      ref: { type: 'ref/prompt', name: 'is-it-a-business-day' },
      argument: { name: 'subdivision', value: 'GB-SC' },
      context: { arguments: { country: 'GB' } },
    });
    expect(full.completion.values).toEqual(['SCT']);
    // The country by name, as the holiday tools take it.
    const named = await client.complete({
      ref: { type: 'ref/prompt', name: 'is-it-a-business-day' },
      argument: { name: 'subdivision', value: 'B' },
      context: { arguments: { country: 'germany' } },
    });
    expect(named.completion.values).toEqual(subdivisions.completion.values);
    // A client's country is looked up, never compiled into a pattern: this one took 4.9 s of event loop
    // per request as a regular expression (each 2 more characters tripled it); now it completes nothing.
    const hostile = await client.complete({
      ref: { type: 'ref/prompt', name: 'is-it-a-business-day' },
      argument: { name: 'subdivision', value: 'A'.repeat(40) + '!' },
      context: { arguments: { country: '(A+)+' } },
    });
    expect(hostile.completion.values).toEqual([]);
    const lower = await client.complete({
      ref: { type: 'ref/prompt', name: 'is-it-a-business-day' },
      argument: { name: 'subdivision', value: 'de-b' },
      context: { arguments: { country: 'de' } },
    });
    expect(lower.completion.values).toEqual(expect.arrayContaining(['BY', 'BW']));
    const prompt = await client.getPrompt({
      name: 'plan-meeting-across-zones',
      arguments: { organizer_timezone: 'Europe/Paris', attendee_timezone: 'America/New_York', date: '2026-11-24' },
    });
    expect((prompt.messages[0].content as { text: string }).text).toContain('find_meeting_times');
  });
});
