/**
 * What an agent can read and be guided by besides the tools: the list of IANA zones, the service's
 * OpenAPI document, a per-zone resource with argument completion, the provenance catalogue (what each id
 * in a result's compact `provenance` means), and prompts that show good multi-step use (with
 * completable arguments for zone names and holiday country codes), each naming the tools it calls.
 * Over 300 lines: most of it is the prompts' step-by-step texts, each beside its arguments and the
 * resources it points to, so an agent's whole view of the server besides the tools reads in one place.
 */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { quoteEcho } from '../engine/index.ts';
import { provenanceCatalogue } from '../engine/index.ts';
import type { AnyTool } from '../engine/index.ts';
import { resolveZone, zoneNames } from '../engine/index.ts';
import { timeInZone, timeInZoneAt, ZoneArgument } from '../engine/index.ts';
import { completePlaceNames, describeHit, searchIndex } from '../engine/index.ts';
import { completeCountries, completeSubdivisions, completeZoneInput } from './completions.ts';
import { places, placesIfReady } from '../engine/index.ts';
import { zoneOfPlace } from '../engine/index.ts';
import { MAX_RANGE_DAYS } from '../engine/index.ts';
import { jsonWriterOf } from '../service/json-writer.ts';
import type { ToolsetEntry } from '../service/toolsets.ts';

const writeTimeInZone = jsonWriterOf(timeInZone.output);

export interface DiscoveryOptions {
  /** The service's OpenAPI document (built from the same registry). */
  openapi?: () => Promise<unknown>;
  /** The tools this server serves (a prompt is offered only when every tool it calls is among them). */
  tools?: readonly AnyTool[];
  /** Every toolset, with its tools and whether this server serves it. */
  catalogue?: readonly ToolsetEntry[];
  /** The clock (the tools' context clock). */
  now?: () => Date;
}

/**
 * The tools each prompt tells the agent to call, by name (the prompt's text says `call <tool>` for each,
 * and names no other tool): the prompt is offered only when all of them are served.
 */
export const PROMPT_TOOLS = {
  'plan-meeting-across-zones': ['find_meeting_times'],
  'convert-a-time': ['convert_time'],
  'is-it-a-business-day': ['is_business_day', 'next_holidays'],
  'when-does-the-sun-set-here': ['sun_events'],
} as const satisfies Record<string, readonly string[]>;

/** A URI's percent-encoding undone; a malformed escape (`%E0`) is left as written, to be named as unknown. */
const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] });

/** How a client turns toolsets on: said in the catalogue, so a model can tell its user. */
const TOOLSET_HOW_TO = {
  stdio: 'npm run --silent mcp -- --toolsets time,date (or the MCP_TOOLSETS setting)',
  http: 'POST /mcp?toolsets=time,date',
  default: 'all',
};

export function registerDiscovery(server: McpServer, options: DiscoveryOptions): void {
  const served = new Set((options.tools ?? []).map((t) => t.name));
  const serves = (...names: string[]) => options.tools === undefined || names.every((n) => served.has(n));

  if (options.catalogue) {
    const catalogue = options.catalogue;
    server.registerResource(
      'toolsets',
      'toolsets://catalogue',
      {
        title: 'Toolsets',
        description: 'Every toolset of this server, its tools, which are on for this connection, and how to turn others on.',
        mimeType: 'application/json',
      },
      (uri) => json(uri.href, { toolsets: catalogue, how_to_choose: TOOLSET_HOW_TO }),
    );
  }

  server.registerResource(
    'iana-time-zones',
    'tz://zones',
    {
      title: 'IANA time zones',
      description: 'Every IANA time-zone name the tools accept and answer with (canonical spellings, e.g. Asia/Kolkata, Europe/Kyiv).',
      mimeType: 'application/json',
    },
    (uri) => json(uri.href, { count: zoneNames().length, zones: zoneNames() }),
  );

  // `{+timezone}` (RFC 6570 reserved expansion; the SDK's UriTemplate matches it as `.+`): a zone is
  // read with its slashes as they are (tz://zones/Europe/Lisbon) or encoded (tz://zones/Europe%2FLisbon).
  server.registerResource(
    'time-zone',
    new ResourceTemplate('tz://zones/{+timezone}', {
      list: undefined,
      complete: { timezone: (value) => completeZoneInput(value) },
    }),
    {
      title: 'One time zone now',
      description:
        'The get_time_in_zone answer for one zone now (IANA name, abbreviation, Windows ID, offset or place name; tz://zones/Europe/Lisbon): local time, UTC offset, abbreviation, DST flag and next transition (completion available).',
      mimeType: 'application/json',
    },
    (uri, variables) => {
      const name = decoded(String(variables.timezone));
      const read = ZoneArgument.safeParse(name);
      // A place name (pending): the zone at its best match once the places index is loaded (a read never waits for it).
      const given = read.success ? read.data : undefined;
      const ix = placesIfReady();
      const resolved = given && !given.pending ? given : (given && ix && zoneOfPlace(ix, given.input)) || resolveZone(name);
      if (!resolved) throw new McpError(ErrorCode.InvalidParams, `Unknown time zone ${quoteEcho(name)}. Read tz://zones for the list.`);
      // The get_time_in_zone tool's own answer for now (the clock of the server's context).
      // Written as the get_time_in_zone tool writes its answer: the same text, keys in the schema's order.
      const text = writeTimeInZone(timeInZoneAt(resolved, (options.now ?? (() => new Date()))().getTime()));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );

  server.registerResource(
    'place',
    new ResourceTemplate('place://{name}', {
      list: undefined,
      complete: { name: (value) => completePlaceNames(value, 50) },
    }),
    {
      title: 'Places by name',
      description:
        "search_places' answer for a name (GeoNames, 500+ people; 'Springfield, Illinois' narrows): the 5 best places with coordinates, zone, population (name completion available).",
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const name = decoded(String(variables.name)).slice(0, 200);
      const ix = await places();
      const found = searchIndex(ix, name, { limit: 5 }).map((hit) => describeHit(ix, hit));
      return json(uri.href, { query: name, count: found.length, places: found });
    },
  );

  if (options.openapi) {
    const openapi = options.openapi;
    server.registerResource(
      'openapi',
      'openapi://service',
      {
        title: 'HTTP API (OpenAPI 3.1)',
        description: 'The OpenAPI 3.1 document of the HTTP API that serves the same tools as routes.',
        mimeType: 'application/json',
      },
      async (uri) => json(uri.href, await openapi()),
    );
  }

  // Tool results carry compact provenance (releases and ids); this is where each id is explained.
  server.registerResource(
    'provenance-methods',
    'provenance://methods',
    {
      title: 'Provenance ids explained',
      description: "Every id a result's provenance uses (data keys such as tzdb, and the method ids in provenance.method) with its long explanation.",
      mimeType: 'application/json',
    },
    (uri) => {
      const entries = provenanceCatalogue();
      return json(uri.href, { count: entries.length, entries });
    },
  );

  const zoneArg = (what: string) =>
    completable(z.string().describe(`Time zone of ${what}: IANA name (Europe/Paris), Windows ID, offset or a place name`), (value) => completeZoneInput(value));

  if (serves(...PROMPT_TOOLS['plan-meeting-across-zones']))
    server.registerPrompt(
      'plan-meeting-across-zones',
      {
        title: 'Plan a meeting across time zones',
        description: 'Find a meeting time inside both places’ working hours on a date, with DST changes and public holidays, in one find_meeting_times call.',
        argsSchema: {
          organizer_timezone: zoneArg('the organizer'),
          attendee_timezone: zoneArg('the attendee'),
          date: z.string().describe('Meeting date, YYYY-MM-DD'),
          country: completable(z.string().describe('ISO 3166-1 country code of the attendee, for public holidays (optional)').optional(), (value) =>
            completeCountries(value ?? ''),
          ),
        },
      },
      ({ organizer_timezone, attendee_timezone, date, country }) => {
        const participants = JSON.stringify([
          { label: 'organizer', timezone: organizer_timezone },
          { label: 'attendee', timezone: attendee_timezone, ...(country ? { country } : {}) },
        ]);
        return {
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: [
                  `Plan a 30-minute meeting on ${date} between someone in ${organizer_timezone} and someone in ${attendee_timezone}.`,
                  `1. Call find_meeting_times with participants=${participants}, start_date=${date}, end_date=${date}, duration_minutes=30. Slots come best first (everyone within work hours, 09:00–17:00 local by default, then fewest minutes outside them); each lists every participant's local_start, local_end, within_work_hours and holiday.`,
                  `2. Read notes: they say why no slot was found, each UTC offset change (DST) in the range, whose public holidays count${country ? '' : " (each participant's country, from the zone)"} and any holiday on the day.`,
                  `3. If count is 0 or no slot has all_within_work_hours, call find_meeting_times again with a later end_date (up to ${MAX_RANGE_DAYS - 1} days after start_date) and say that the meeting moves to another day.`,
                  "4. Propose the first slot in both local times (each participant's local_start), and say which tzdb release the answer used (provenance.tzdb).",
                ].join('\n'),
              },
            },
          ],
        };
      },
    );

  if (serves(...PROMPT_TOOLS['convert-a-time']))
    server.registerPrompt(
      'convert-a-time',
      {
        title: 'Convert a local time between two zones',
        description: 'Convert a wall-clock time from one zone to another, saying how DST gaps, folds and ambiguous abbreviations were handled.',
        argsSchema: {
          time: z.string().describe('Local time HH:MM or YYYY-MM-DDTHH:MM in the source zone'),
          source_timezone: completable(z.string().describe('Zone of the given time: IANA (America/New_York) or a place name'), (value) =>
            completeZoneInput(value),
          ),
          target_timezone: completable(z.string().describe('Zone to convert to: IANA (Asia/Kathmandu) or a place name'), (value) => completeZoneInput(value)),
        },
      },
      ({ time, source_timezone, target_timezone }) => ({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Convert ${time} in ${source_timezone} to ${target_timezone}.`,
                `1. Call convert_time with time=${time}, source_timezone=${source_timezone}, target_timezone=${target_timezone}.`,
                '2. If gap_adjusted is true, say that the time does not exist that day (clocks jumped forward) and which time was used; if fold is "earlier", say the time happens twice and the earlier one was used.',
                '3. If the answer has a note or candidates (an abbreviation such as IST or CST was given), say which zone was assumed and name the alternatives.',
                '4. Give both local times with their offsets and the difference (time_difference, e.g. +5h45m).',
              ].join('\n'),
            },
          },
        ],
      }),
    );

  if (serves(...PROMPT_TOOLS['is-it-a-business-day']))
    server.registerPrompt(
      'is-it-a-business-day',
      {
        title: 'Is it a business day there',
        description: 'Whether a date is a working day in a country or subdivision: public holidays and the local weekend.',
        argsSchema: {
          country: completable(z.string().describe('ISO 3166-1 alpha-2 country code, e.g. DE'), (value) => completeCountries(value)),
          subdivision: completable(z.string().describe('ISO 3166-2 subdivision suffix, e.g. BY for Bavaria (optional)').optional(), (value, context) =>
            completeSubdivisions(value ?? '', context),
          ),
          date: z.string().describe('Date YYYY-MM-DD'),
        },
      },
      ({ country, subdivision, date }) => ({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Is ${date} a business day in ${country}${subdivision ? `-${subdivision}` : ''}?`,
                `1. Call is_business_day with country=${country}${subdivision ? `, subdivision=${subdivision}` : ''}, date=${date}.`,
                '2. Report business_day and the reason (holiday or weekend, with the holiday name and its local name), and which days count as the weekend there (from CLDR).',
                `3. If it is not a business day and the user needs the next one, call is_business_day for the following dates until business_day is true; call next_holidays with country=${country}${subdivision ? `, subdivision=${subdivision}` : ''}, after=${date} to name the holidays ahead.`,
              ].join('\n'),
            },
          },
        ],
      }),
    );

  if (serves(...PROMPT_TOOLS['when-does-the-sun-set-here']))
    server.registerPrompt(
      'when-does-the-sun-set-here',
      {
        title: 'When does the Sun set here',
        description: 'Local sunset time at a place (by name or coordinates) on a date, in one sun_events call.',
        argsSchema: {
          place: completable(z.string().describe("Place name, e.g. Oslo or 'Springfield, Illinois' (or give lat and lon)").optional(), (value) =>
            completePlaceNames(value ?? ''),
          ),
          lat: z.string().describe('Latitude in decimal degrees, -90..90 (instead of place)').optional(),
          lon: z.string().describe('Longitude in decimal degrees, -180..180 (instead of place)').optional(),
          date: z.string().describe('Local date, YYYY-MM-DD'),
        },
      },
      ({ place, lat, lon, date }) => {
        const byName = Boolean(place) || !lat || !lon;
        const named = `place="${place || '<the name>'}", date=${date}: place says which place was chosen (place_alternatives lists other matches: if the user meant another, call sun_events again with 'Name, Division');`;
        return {
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: [
                  `Find the local time of sunset ${byName ? `in ${place || "the user's place"}` : `at lat ${lat}, lon ${lon}`} on ${date}.`,
                  `1. ${!place && byName ? 'Ask the user for the place, then call' : 'Call'} sun_events with ${byName ? named : `lat=${lat}, lon=${lon}, date=${date}:`} days[0].sunset is the local sunset with its UTC offset, in the zone named by timezone (from a boundary lookup, not from longitude).`,
                  '2. If sunset is null, read days[0].sun_status: "midnight_sun" (the Sun does not set that day), "polar_night" (it does not rise), or "normal" (it set after local midnight, on the next day): say so instead of inventing a time.',
                  '3. Give the sunset as a local time with its offset; it is within a minute of USNO (upper limb, 34′ refraction), as provenance says.',
                ].join('\n'),
              },
            },
          ],
        };
      },
    );
}
