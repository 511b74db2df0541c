/**
 * Discovery (mcp/discovery.ts) through the real MCP client, in memory: every prompt names the tools it
 * tells the agent to call (each a registry tool, and the first call it describes works), and is offered
 * exactly when they are served; the zone resource reads a zone with its slashes as written or encoded,
 * completes, and names an unknown zone in a clear error.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { TOOLSET_NAMES, type Toolset } from '../../engine/tool.ts';
import { PROMPT_TOOLS } from '../../mcp/discovery.ts';
import { createMcpServer, type McpServerOptions } from '../../mcp/server.ts';
import { fixedClock } from '../helpers.ts';

const ctx = fixedClock('2026-11-22T08:00:00Z');
const TOOL_NAMES = new Set(registry.map((t) => t.name));
const declared = (prompt: string): readonly string[] => (PROMPT_TOOLS as Record<string, readonly string[]>)[prompt] ?? [];

async function connect(options: McpServerOptions = {}) {
  const server = createMcpServer({ ctx, openapi: async () => ({}), ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'discovery-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

let client: Client;
beforeAll(async () => {
  client = await connect();
});
afterAll(async () => {
  await client.close();
});

// ----- prompts -----------------------------------------------------------------------------------

/** A value for each prompt argument, by name: a prompt with an argument not here fails the test. */
const SAMPLES: Record<string, string> = {
  organizer_timezone: 'Europe/Lisbon',
  attendee_timezone: 'America/New_York',
  date: '2026-11-24',
  country: 'US',
  subdivision: 'NY',
  time: '09:00',
  source_timezone: 'Europe/Lisbon',
  target_timezone: 'Asia/Kathmandu',
  place: 'Oslo',
  lat: '59.91',
  lon: '10.75',
};

/** The tools a text tells the agent to call (`call <name>`, any letter case), as written. */
const called = (text: string) => [...text.matchAll(/\bcall\s+([A-Za-z0-9_]+)/gi)].map((m) => m[1]);
/** Every registry tool name the text mentions anywhere. */
const mentioned = (text: string) => [...text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)].map((m) => m[0]).filter((w) => TOOL_NAMES.has(w));

/** The prompt's text with every argument given, with the required ones only, and with each optional one alone. */
async function texts(prompt: { name: string; arguments?: { name: string; required?: boolean }[] }): Promise<string[]> {
  const args = prompt.arguments ?? [];
  const value = (name: string) => {
    expect(SAMPLES[name], `a sample value for ${prompt.name}'s argument ${name}`).toBeDefined();
    return SAMPLES[name];
  };
  const required = Object.fromEntries(args.filter((a) => a.required).map((a) => [a.name, value(a.name)]));
  const optional = args.filter((a) => !a.required).map((a) => ({ [a.name]: value(a.name) }));
  const variants = [Object.assign({}, required, ...optional), required, ...optional.map((o) => ({ ...required, ...o }))];
  const out: string[] = [];
  for (const variant of variants) {
    const got = await client.getPrompt({ name: prompt.name, arguments: variant });
    out.push(got.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n'));
  }
  return out;
}

describe('prompts name the tools they use', () => {
  it('every prompt offered declares its tools: at least one, each a registry tool', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(Object.keys(PROMPT_TOOLS).sort());
    for (const prompt of prompts) {
      expect(declared(prompt.name).length, prompt.name).toBeGreaterThan(0);
      for (const tool of declared(prompt.name)) expect(TOOL_NAMES.has(tool), `${prompt.name}: ${tool} is a registry tool`).toBe(true);
    }
  });

  it('each text says "call <tool>" for every tool it declares, and mentions no other tool', async () => {
    const { prompts } = await client.listPrompts();
    for (const prompt of prompts) {
      const tools = declared(prompt.name);
      const calledAtAll = new Set<string>();
      for (const text of await texts(prompt)) {
        const calls = called(text);
        expect(calls.length, `${prompt.name} calls a tool:\n${text}`).toBeGreaterThan(0);
        for (const name of calls) {
          expect(TOOL_NAMES.has(name), `${prompt.name} says "call ${name}": no such tool`).toBe(true);
          expect(tools, `${prompt.name} calls ${name}`).toContain(name);
          calledAtAll.add(name);
        }
        for (const name of mentioned(`${prompt.description ?? ''}\n${text}`)) expect(tools, `${prompt.name} mentions ${name}`).toContain(name);
      }
      expect([...calledAtAll].sort(), prompt.name).toEqual([...tools].sort());
    }
  });

  it('the scanner finds a tool however a text calls it, and a misspelt one', () => {
    expect(called('1. Call find_meeting_times with x; then call sun_events again, or call  is_business_day.')).toEqual([
      'find_meeting_times',
      'sun_events',
      'is_business_day',
    ]);
    expect(called('call find_meeting_time').filter((n) => !TOOL_NAMES.has(n))).toEqual(['find_meeting_time']);
    expect(mentioned('read gap_adjusted, then convert_time and next_holidays')).toEqual(['convert_time', 'next_holidays']);
  });

  it('plan-meeting-across-zones: the find_meeting_times call it describes answers slots for both zones', async () => {
    const got = await client.getPrompt({
      name: 'plan-meeting-across-zones',
      arguments: { organizer_timezone: 'Europe/Lisbon', attendee_timezone: 'America/New_York', date: '2026-11-24', country: 'US' },
    });
    const text = (got.messages[0].content as { text: string }).text;
    const step = /Call find_meeting_times with participants=(\[.*?\]), start_date=(\S+), end_date=(\S+), duration_minutes=(\d+)\./.exec(text);
    expect(step, text).not.toBeNull();
    const participants = JSON.parse(step![1]) as { timezone: string; country?: string }[];
    expect(participants).toEqual([
      { label: 'organizer', timezone: 'Europe/Lisbon' },
      { label: 'attendee', timezone: 'America/New_York', country: 'US' },
    ]);
    const result = await client.callTool({
      name: 'find_meeting_times',
      arguments: { participants, start_date: step![2], end_date: step![3], duration_minutes: Number(step![4]) },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    // Lisbon on WET (+00:00), New York on EST (-05:00): 09:00–17:00 in both overlap 14:00–17:00 UTC.
    const { slots } = result.structuredContent as { slots: { start: string; all_within_work_hours: boolean }[] };
    expect(slots[0]).toMatchObject({ start: '2026-11-24T14:00:00Z', all_within_work_hours: true });
  });

  it('a prompt is offered exactly when every tool it names is served', async () => {
    for (const [name, tools] of Object.entries(PROMPT_TOOLS)) {
      const needed = [...new Set(tools.map((t) => registry.find((r) => r.name === t)!.family))];
      const just = await connect({ toolsets: needed });
      expect(
        (await just.listPrompts()).prompts.map((p) => p.name),
        `${name} with ${needed}`,
      ).toContain(name);
      await just.close();
      for (const missing of needed) {
        const others = await connect({ toolsets: TOOLSET_NAMES.filter((t): t is Toolset => t !== missing) });
        expect(
          (await others.listPrompts()).prompts.map((p) => p.name),
          `${name} without ${missing}`,
        ).not.toContain(name);
        await others.close();
      }
    }
  });
});

// ----- the zone resource -------------------------------------------------------------------------

const readJson = async (uri: string) => JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text) as Record<string, unknown>;
const errorOf = (uri: string) =>
  client.readResource({ uri }).then(
    () => {
      throw new Error(`${uri} was read`);
    },
    (error: unknown) => error as McpError,
  );

describe('tz://zones/{+timezone}', () => {
  it('reads a zone with its slashes as written, the same as encoded, and as get_time_in_zone answers', async () => {
    const plain = await readJson('tz://zones/Europe/Lisbon');
    expect(await readJson('tz://zones/Europe%2FLisbon')).toEqual(plain);
    const tool = await client.callTool({ name: 'get_time_in_zone', arguments: { timezone: 'Europe/Lisbon', at: '2026-11-22T08:00:00Z' } });
    expect(plain).toEqual(tool.structuredContent);
    expect(plain).toMatchObject({ timezone: 'Europe/Lisbon', local_time: '2026-11-22T08:00:00+00:00', abbreviation: 'WET' });
    expect(await readJson('tz://zones/America/Argentina/Buenos_Aires')).toMatchObject({ timezone: 'America/Argentina/Buenos_Aires', utc_offset: '-03:00' });
    expect(await readJson('tz://zones/europe/lisbon')).toMatchObject({ timezone: 'Europe/Lisbon' });
    expect(await readJson('tz://zones/Pacific%20Standard%20Time')).toMatchObject({ timezone: 'America/Los_Angeles' });
  });

  it('is listed as a template, and completes zone names with their slashes', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.find((t) => t.name === 'time-zone')).toMatchObject({ uriTemplate: 'tz://zones/{+timezone}' });
    const done = await client.complete({ ref: { type: 'ref/resource', uri: 'tz://zones/{+timezone}' }, argument: { name: 'timezone', value: 'europe/lis' } });
    expect(done.completion.values).toContain('Europe/Lisbon');
  });

  it('an unknown zone is an invalid-params error naming it and where the list is', async () => {
    for (const [uri, name] of [
      ['tz://zones/Mars/Olympus_Mons', 'Mars/Olympus_Mons'],
      ['tz://zones/Europe/Atlantis', 'Europe/Atlantis'],
      // A malformed escape is quoted as written, not a server error.
      ['tz://zones/Europe%E0', 'Europe%E0'],
    ]) {
      const error = await errorOf(uri);
      expect(error, uri).toBeInstanceOf(McpError);
      expect(error.code, uri).toBe(-32602);
      expect(error.message, uri).toContain(`Unknown time zone '${name}'. Read tz://zones for the list.`);
    }
  });
});
