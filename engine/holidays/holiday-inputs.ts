/**
 * Input fields, the subdivision check and provenance shared by the holiday tools, so every tool
 * reads `country`, `subdivision` and `types` the same way and answers a bad code with the same 400.
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
  isSupportedCountry,
  jurisdiction,
  MAX_YEAR,
  MIN_YEAR,
  normaliseTypes,
  resolveSubdivision,
  type HolidayType,
  type Jurisdiction,
} from './calendar-data.ts';
import { WEEKEND_DATA, weekendProvenance } from './weekend.ts';

export const CountryCode = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a country code such as GB') })
  .trim()
  .toUpperCase()
  .refine(isSupportedCountry, { error: `is not a supported country code (ISO 3166-1 alpha-2); see ${DISCOVERY_TOOL}` })
  .describe(`ISO 3166-1 alpha-2 (codes: ${DISCOVERY_TOOL})`);

export const SubdivisionCode = z
  .string({ error: 'must be a subdivision code such as ENG or GB-ENG' })
  .trim()
  .min(1, 'must not be empty (leave it out for the whole country)')
  .describe('ISO 3166-2, ENG or GB-ENG; omit for country-wide');

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
 * Object-level check: a subdivision must belong to the country (the field check alone cannot know
 * the country). Skipped when the country itself is already wrong, which its own field reports.
 */
export function checkSubdivision(input: { country: string; subdivision?: string }, ctx: z.RefinementCtx): void {
  if (input.subdivision === undefined || !isSupportedCountry(input.country)) return;
  const resolved = resolveSubdivision(input.country, input.subdivision);
  if ('error' in resolved) ctx.addIssue({ code: 'custom', path: ['subdivision'], message: resolved.error, input: input.subdivision });
}

/** The jurisdiction of checked input, its subdivision written as the ISO 3166-2 suffix. */
export function jurisdictionOf(input: { country: string; subdivision?: string }): Jurisdiction {
  if (input.subdivision === undefined) return jurisdiction(input.country, null);
  const resolved = resolveSubdivision(input.country, input.subdivision);
  if ('error' in resolved) throw new Error(`unchecked subdivision reached run: ${input.subdivision}`);
  return jurisdiction(input.country, resolved.code);
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

/** Compact forms, one per method and types (a few dozen at most), frozen so their JSON is written once. */
const compactForms = new Map<string, ProvenanceValue>();

/**
 * The provenance of a holiday answer for a jurisdiction (null: the catalogue of countries), the types it
 * counted (null: none) and, in the full form, the country's weekend.
 */
export function holidayProvenance(
  method: CatalogueEntry,
  ctx: ToolContext | undefined,
  j: Jurisdiction | null,
  types: readonly HolidayType[] | null,
  weekend?: readonly number[],
): ProvenanceValue {
  const typesText = types ? normaliseTypes(types).join(', ') : undefined;
  const parts = {
    data: typesText ? [HOLIDAY_DATA, HOLIDAY_TYPES_COUNTED, WEEKEND_DATA, CALENDAR] : [HOLIDAY_DATA, WEEKEND_DATA, CALENDAR],
    methods: [method],
    values: typesText ? { types: typesText } : undefined,
  };
  if (modeOf(ctx) === 'compact') {
    const key = `${method.id}|${typesText}`;
    let compact = compactForms.get(key);
    if (!compact) compactForms.set(key, (compact = Object.freeze(provenanceOf(parts))));
    return compact;
  }
  const texts = {
    holidays: holidaysText(j ? ` rules for ${place(j)}` : ' catalogue of countries and subdivisions'),
    weekend: j && weekend ? weekendProvenance(j.country, weekend) : undefined,
  };
  return provenanceOf({ ...parts, texts }, 'full');
}

// ----- output pieces ----------------------------------------------------------------------------

export const HolidayTypeOut = z.enum(HOLIDAY_TYPES).describe('Holiday type (date-holidays classification)');
export const CountryOut = z.string().describe('ISO 3166-1 alpha-2, upper-case');
export const SubdivisionOut = z.string().nullable().describe('ISO 3166-2 subdivision suffix (ENG), or null for the whole country');
export const WeekendOut = z.array(z.number().int().min(1).max(7)).describe("The country's current weekend (CLDR), ISO weekdays (1 = Monday), ascending");
