/**
 * Input fields, the subdivision check and provenance shared by the holiday tools, so every tool
 * reads `country`, `subdivision` and `types` the same way (a code or a name: jurisdiction-names.ts) and
 * answers a bad one with the same 400.
 */
import { z } from 'zod';
import { int, IsoDate, type ProvenanceValue } from '../inputs.ts';
import { CALENDAR, catalogueEntry, modeOf, provenanceOf, type CatalogueEntry } from '../provenance-catalogue.ts';
import type { ToolContext } from '../tool.ts';
import {
  DATE_HOLIDAYS_VERSION,
  DEFAULT_TYPES,
  DISCOVERY_TOOL,
  HOLIDAY_TYPES,
  jurisdiction,
  MAX_YEAR,
  MIN_YEAR,
  normaliseTypes,
  type HolidayType,
  type Jurisdiction,
} from './calendar-data.ts';
import { MAX_NAME_LENGTH, resolveCountry, resolveSubdivision, type Resolution } from './jurisdiction-names.ts';
import type { Candidate } from './name-index.ts';
import { WEEKEND_DATA, weekendProvenance } from './weekend.ts';
import { OFFICIAL_RELEASE, officialCoverage } from './official/layer.ts';
import { sourceText } from './official/types.ts';

const TOO_LONG = `must be at most ${MAX_NAME_LENGTH} characters long`;

/** A refused country or subdivision as a zod issue: its message, and the candidates (HTTP 400 `errors[].candidates`). */
const refusal = (r: Extract<Resolution, { error: string }>, input: unknown) => ({
  code: 'custom' as const,
  message: r.error,
  input,
  ...(r.candidates ? { params: { candidates: r.candidates } } : {}),
});

/**
 * A country: ISO 3166-1 alpha-2 or alpha-3 in any case, or a name (jurisdiction-names.ts). Parsed to the
 * alpha-2 code, or to the name it was given by as the data spells it (`germany` → `Germany`), so the
 * answer can say so; {@link countryOf} reads either.
 */
export const CountryCode = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a country code such as DE or a name such as Germany') })
  .trim()
  .transform((value, ctx) => {
    // Checked here, not by max(): the same rule without its bytes in every tools/list.
    if (value.length > MAX_NAME_LENGTH) {
      ctx.addIssue({ code: 'custom', message: TOO_LONG, input: value });
      return z.NEVER;
    }
    const resolved = resolveCountry(value);
    if ('error' in resolved) {
      ctx.addIssue(refusal(resolved, value));
      return z.NEVER;
    }
    return resolved.name ?? resolved.code;
  })
  .describe(`ISO 3166-1 code or name (DE, Germany); see ${DISCOVERY_TOOL}`);

/** A parsed country: its code, and the name it was given by. */
export function countryOf(parsed: string): { code: string; name?: string } {
  const resolved = resolveCountry(parsed);
  if ('error' in resolved) throw new Error(`unchecked country reached run: ${parsed}`);
  return resolved;
}

export const SubdivisionCode = z
  .string({ error: 'must be a subdivision code such as ENG or GB-ENG, or a name such as England' })
  .trim()
  .min(1, 'must not be empty (leave it out for the whole country)')
  .refine((s) => s.length <= MAX_NAME_LENGTH, TOO_LONG)
  .describe('ISO 3166-2 or name (BY, DE-BY, Bavaria); omit for all');

export const HolidayTypes = z
  .array(z.enum(HOLIDAY_TYPES, { error: `must be one of: ${HOLIDAY_TYPES.join(', ')}` }), {
    error: `must be a list of holiday types (${HOLIDAY_TYPES.join(', ')})`,
  })
  .min(1, 'must list at least one type (leave it out for public holidays only)')
  .max(HOLIDAY_TYPES.length * 2, `must list at most ${HOLIDAY_TYPES.length * 2} types`)
  .default(() => [...DEFAULT_TYPES])
  .describe('Holiday types to list or count as non-working');

export const HolidayYear = int()
  .min(MIN_YEAR, `must be ≥ ${MIN_YEAR} (the holiday data covers ${MIN_YEAR}..${MAX_YEAR})`)
  .max(MAX_YEAR, `must be ≤ ${MAX_YEAR} (the holiday data covers ${MIN_YEAR}..${MAX_YEAR})`)
  .describe('Calendar year');

/** A date whose year the holiday data covers. */
export const HolidayDate = IsoDate.refine(
  (s) => {
    const year = /^(\d{4})-/.exec(s);
    return !year || (Number(year[1]) >= MIN_YEAR && Number(year[1]) <= MAX_YEAR);
  },
  { error: `must lie in ${MIN_YEAR}-01-01..${MAX_YEAR}-12-31 (the years the holiday data covers)` },
).describe(`Calendar date YYYY-MM-DD, ${MIN_YEAR}-01-01..${MAX_YEAR}-12-31`);

/**
 * Why a subdivision is not one of a parsed country's, with the candidates of an ambiguous or unknown name;
 * undefined when it is (or when the country itself is wrong, which its own field reports).
 */
export function subdivisionProblem(country: unknown, subdivision: string): { message: string; candidates?: Candidate[] } | undefined {
  if (typeof country !== 'string') return undefined;
  const c = resolveCountry(country);
  if ('error' in c) return undefined;
  const resolved = resolveSubdivision(c.code, subdivision);
  return 'error' in resolved ? { message: resolved.error, ...(resolved.candidates ? { candidates: resolved.candidates } : {}) } : undefined;
}

/** Object-level check: a subdivision must belong to the country (the field check alone cannot know the country). */
export function checkSubdivision(input: { country: string; subdivision?: string }, ctx: z.RefinementCtx): void {
  if (input.subdivision === undefined) return;
  const problem = subdivisionProblem(input.country, input.subdivision);
  if (problem) ctx.addIssue({ ...refusal({ error: problem.message, candidates: problem.candidates }, input.subdivision), path: ['subdivision'] });
}

/** The subdivision of checked input as the data writes it, and the name it was given by. */
function subdivisionOf(country: string, written: string): { code: string; name?: string } {
  const resolved = resolveSubdivision(country, written);
  if ('error' in resolved) throw new Error(`unchecked subdivision reached run: ${written}`);
  return resolved;
}

/** The jurisdiction of checked input, its subdivision written as the ISO 3166-2 suffix. */
export function jurisdictionOf(input: { country: string; subdivision?: string }): Jurisdiction {
  const country = countryOf(input.country).code;
  return jurisdiction(country, input.subdivision === undefined ? null : subdivisionOf(country, input.subdivision).code);
}

/** `resolved_from_name` of an answer: the names a checked input gave its country and subdivision by, when it did. */
export function resolvedNames(input: { country: string; subdivision?: string }): { resolved_from_name?: { country?: string; subdivision?: string } } {
  const country = countryOf(input.country);
  const subdivision = input.subdivision === undefined ? undefined : subdivisionOf(country.code, input.subdivision).name;
  if (country.name === undefined && subdivision === undefined) return {};
  return { resolved_from_name: { ...(country.name !== undefined ? { country: country.name } : {}), ...(subdivision !== undefined ? { subdivision } : {}) } };
}

const place = (j: Jurisdiction) => (j.subdivision ? `${j.country}-${j.subdivision}` : j.country);

const holidaysText = (scope: string) =>
  `date-holidays ${DATE_HOLIDAYS_VERSION}${scope} (data ISC and CC BY 3.0; Islamic-calendar holidays computed for 1970..2080 only, Hebrew-calendar ones for 1970..2100)`;

export const HOLIDAY_DATA = catalogueEntry({
  id: 'holidays',
  kind: 'data',
  value: `date-holidays ${DATE_HOLIDAYS_VERSION}`,
  summary: 'holiday rules per country and subdivision',
  text: holidaysText(' rules'),
});

export const HOLIDAY_TYPES_COUNTED = catalogueEntry({
  id: 'types',
  kind: 'data',
  summary: 'the holiday types counted',
  text: `the holiday types counted, in date-holidays' classification (${HOLIDAY_TYPES.join(', ')}); ${DEFAULT_TYPES.join(', ')} unless the request names others`,
});

export const OFFICIAL_DATA = catalogueEntry({
  id: 'official',
  kind: 'data',
  value: OFFICIAL_RELEASE,
  summary: 'official holiday calendars over the holiday rules (China, India, the UK, the US)',
  text:
    `${OFFICIAL_RELEASE}: where a government publishes its calendar (China's State Council notices, India's central government list, ` +
    "gov.uk), its holidays and adjusted working days over date-holidays' rules, each row naming its publication; other years of those " +
    "jurisdictions are the rules' estimate",
});

/** Compact forms, one per method, types and estimate note (a few dozen at most), frozen so their JSON is written once. */
const compactForms = new Map<string, ProvenanceValue>();

/** Ascending years as runs: `2020-2024, 2027`. */
function yearRuns(years: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < years.length; ) {
    let k = i;
    while (k + 1 < years.length && years[k + 1] === years[k] + 1) k++;
    runs.push(k > i ? `${years[i]}-${years[k]}` : `${years[i]}`);
    i = k + 1;
  }
  return runs.join(', ');
}

/** What the official layer says of an answer over `years`: its compact value where a year is the rules' estimate, and its long text. */
function officialParts(j: Jurisdiction | null, years: readonly number[] | undefined): { value?: string; text?: string } {
  if (!j || !years?.length) return {};
  const { calendars, estimated } = officialCoverage(j.country, j.subdivision, years);
  const estimate = estimated.length ? `${place(j)} ${yearRuns(estimated)}: the rules' estimate (no official calendar in this release)` : undefined;
  const used = calendars.map((c) => `${c.year}: ${sourceText(c.source)}`);
  return {
    value: estimate && `${OFFICIAL_RELEASE}; ${estimate}`,
    text: used.length || estimate ? [`${OFFICIAL_RELEASE}`, ...used, ...(estimate ? [estimate] : [])].join('; ') : undefined,
  };
}

/**
 * The provenance of a holiday answer for a jurisdiction (null: the catalogue of countries), the types it
 * counted (null: none), the years it read (for the official calendars' note) and, in the full form, the
 * country's weekend.
 */
export function holidayProvenance(
  method: CatalogueEntry,
  ctx: ToolContext | undefined,
  j: Jurisdiction | null,
  types: readonly HolidayType[] | null,
  weekend?: readonly number[],
  years?: readonly number[],
): ProvenanceValue {
  const typesText = types ? normaliseTypes(types).join(', ') : undefined;
  const official = officialParts(j, years);
  const values = { ...(typesText ? { types: typesText } : {}), ...(official.value ? { official: official.value } : {}) };
  const parts = {
    data: typesText
      ? [HOLIDAY_DATA, OFFICIAL_DATA, HOLIDAY_TYPES_COUNTED, WEEKEND_DATA, CALENDAR]
      : j
        ? [HOLIDAY_DATA, OFFICIAL_DATA, WEEKEND_DATA, CALENDAR]
        : [HOLIDAY_DATA, WEEKEND_DATA, CALENDAR],
    methods: [method],
    values: Object.keys(values).length ? values : undefined,
  };
  if (modeOf(ctx) === 'compact') {
    const key = `${method.id}|${typesText}|${official.value ?? ''}|${j ? 1 : 0}`;
    let compact = compactForms.get(key);
    if (!compact) {
      // Bounded: a few dozen methods × types, and the estimate notes of the jurisdictions with official calendars.
      if (compactForms.size > 10_000) compactForms.clear();
      compactForms.set(key, (compact = Object.freeze(provenanceOf(parts))));
    }
    return compact;
  }
  const texts = {
    holidays: holidaysText(j ? ` rules for ${place(j)}` : ' catalogue of countries and subdivisions'),
    official: official.text,
    weekend: j && weekend ? weekendProvenance(j.country, weekend) : undefined,
  };
  return provenanceOf({ ...parts, texts }, 'full');
}

// ----- output pieces ----------------------------------------------------------------------------

export const HolidayTypeOut = z.enum(HOLIDAY_TYPES).describe('Holiday type (date-holidays classification)');
export const CountryOut = z.string().describe('ISO 3166-1 alpha-2, upper-case');
export const SubdivisionOut = z.string().nullable().describe('ISO 3166-2 subdivision suffix (ENG), or null for the whole country');
export const ResolvedFromNameOut = z
  .object({ country: z.string().optional(), subdivision: z.string().optional() })
  .optional()
  .describe('Only for input given by name: the names read, as the data spells them');
export const WeekendOut = z.array(z.number().int().min(1).max(7)).describe("The country's current weekend (CLDR), ISO weekdays (1 = Monday), ascending");
