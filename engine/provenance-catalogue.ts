/**
 * The provenance catalogue: every id an answer's `provenance` uses, with its long explanation, and the
 * builder of the two forms an answer gives it in.
 *
 * - compact (the default): `method`, the ids of the methods used (comma-separated), then each data
 *   set's release under its id (`tzdb: "2026f"`), a few hundred bytes at most;
 * - full (`provenance=full` on the API): the same, plus `explanations`: the long text of each data id,
 *   method id and detail of the answer, worded for this answer where it depends on the input (the
 *   jurisdiction of a holiday list, the pressure behind a refraction).
 *
 * Entries are declared where their data or method lives (the shared data sets below), so a tool declares
 * its own method in its own file. The README's provenance table lists every id (checked by
 * test/engine/provenance.test.ts); MCP serves the whole catalogue as the `provenance://methods` resource.
 * This module reads no files: browser tools import it.
 */
import type { ProvenanceValue } from './inputs.ts';
import { boundaryRelease, versions } from './provenance.ts';

/** Which form of provenance an answer carries. */
export type ProvenanceMode = 'compact' | 'full';
export const PROVENANCE_MODES: readonly ProvenanceMode[] = ['compact', 'full'];

/**
 * - `data`: a data set or setting, a compact key whose value is its release (or this answer's setting);
 * - `method`: a method, named in the compact `method`;
 * - `detail`: a part of a method explained only in the full form (a frame, a rule, a model constant).
 */
export type EntryKind = 'data' | 'method' | 'detail';

export interface CatalogueEntry {
  readonly id: string;
  readonly kind: EntryKind;
  /** One line: what the id stands for (the README's table). */
  readonly summary: string;
  /** The long explanation the full form gives (an answer may word it for its input). */
  readonly text: string;
  /** For data: the compact value, when it does not depend on the input. */
  readonly value?: string;
}

const entries = new Map<string, CatalogueEntry>();

/**
 * The families of method and detail ids (the part before the dot), each one line in the README's
 * provenance table; the ids themselves are listed, with their explanations, by the
 * `provenance://methods` MCP resource and the site's API page. So a tool that adds a method to a
 * family adds no README line; a new family is worth one.
 */
export const METHOD_FAMILIES: Readonly<Record<string, string>> = {
  time: 'time zones: the boundary lookup, IANA rules, zone names, conversion, the clock',
  date: 'calendar arithmetic: differences, sums, weekdays, week numbers, business days, conversion between calendars',
  holidays: 'holiday lists and business days of a jurisdiction',
  geo: 'WGS84 geodesics, spherical approximations, places nearby, elevation',
  sun: 'the Sun: position, rise and set, twilights, and how they are computed',
  moon: 'the Moon: phases, rise and set, illumination',
  sky: 'the sky from a place and over the years: positions of the bodies, seasons, eclipses',
  ephemeris: 'positions of the Sun, Moon and planets in space',
  tagline: 'the daily tagline',
};

/** The family of a dotted id (`time` of `time.dst-rule`), or undefined for an id without one. */
export const familyOf = (id: string): string | undefined => (id.includes('.') ? id.slice(0, id.indexOf('.')) : undefined);

/**
 * Declares an id. Declaring it again with other words is a bug (two meanings for one name); the same
 * words again are not (a module evaluated twice, as a dev server reloading it does).
 */
export function catalogueEntry(entry: CatalogueEntry): CatalogueEntry {
  const known = entries.get(entry.id);
  if (known && JSON.stringify(known) !== JSON.stringify({ ...entry })) throw new Error(`provenance id declared twice: ${entry.id}`);
  if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9-]*)?$/.test(entry.id)) throw new Error(`provenance id must be snake_case or family.kebab-case: ${entry.id}`);
  const family = familyOf(entry.id);
  if (family !== undefined && !Object.hasOwn(METHOD_FAMILIES, family)) {
    throw new Error(`provenance id ${entry.id}: its family "${family}" is not in METHOD_FAMILIES (${Object.keys(METHOD_FAMILIES).join(', ')})`);
  }
  const frozen = Object.freeze({ ...entry });
  entries.set(entry.id, frozen);
  return frozen;
}

const ORDER: Record<EntryKind, number> = { data: 0, method: 1, detail: 2 };

/** Every declared id (those of the tools loaded: import engine/registry.ts first), data, methods, details, each by id. */
export function provenanceCatalogue(): CatalogueEntry[] {
  return [...entries.values()].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export interface ProvenanceParts {
  /** Data sets, written under their ids with the entry's value (or this answer's, from `values`). */
  data?: readonly CatalogueEntry[];
  /** The methods, named in `method` in this order. */
  methods: readonly CatalogueEntry[];
  /** Explained in the full form only. */
  details?: readonly CatalogueEntry[];
  /** This answer's compact values, for data whose value depends on the input. */
  values?: Readonly<Record<string, string>>;
  /** This answer's long texts, by id, in place of the catalogue's general wording. */
  texts?: Readonly<Record<string, string | undefined>>;
}

/** The provenance of one answer, in the form asked for. */
export function provenanceOf(parts: ProvenanceParts, mode: ProvenanceMode = 'compact'): ProvenanceValue {
  const out: Record<string, unknown> = { method: parts.methods.map((m) => m.id).join(', ') };
  for (const d of parts.data ?? []) out[d.id] = parts.values?.[d.id] ?? d.value;
  if (mode === 'full') {
    const explanations: Record<string, string> = {};
    for (const e of [...(parts.data ?? []), ...parts.methods, ...(parts.details ?? [])]) explanations[e.id] = parts.texts?.[e.id] ?? e.text;
    out.explanations = explanations;
  }
  return out as ProvenanceValue;
}

/** The form a tool context asks for (compact unless it says full). */
export const modeOf = (ctx: { provenance?: ProvenanceMode } | undefined): ProvenanceMode => (ctx?.provenance === 'full' ? 'full' : 'compact');

/**
 * Provenance that does not depend on the input: each form built once, on first use, and frozen (its
 * explanations too), so every answer shares it and the answer writer writes its JSON once.
 */
export function fixedProvenance(parts: ProvenanceParts): (ctx?: { provenance?: ProvenanceMode }) => ProvenanceValue {
  let compact: ProvenanceValue | undefined;
  let full: ProvenanceValue | undefined;
  return (ctx) => {
    if (ctx?.provenance !== 'full') return (compact ??= Object.freeze(provenanceOf(parts)));
    if (!full) {
      const built = provenanceOf(parts, 'full');
      Object.freeze(built.explanations);
      full = Object.freeze(built);
    }
    return full;
  };
}

// ----- the data sets several families share --------------------------------------------------------

export const TZDB = catalogueEntry({
  id: 'tzdb',
  kind: 'data',
  value: versions.tzdb,
  summary: 'IANA tz database release: every UTC offset, abbreviation, transition and zone name',
  text:
    `IANA tzdb ${versions.tzdb} as built by moment-timezone ${versions.momentTimezone} (every zone's transitions to 2499, then its yearly rules by the 400-year cycle), ` +
    `with tzdb's backzone history before 1970 for the zones the boundaries tell apart (the same release, compiled by Debian's tzdata package), searched by the engine`,
});

export const TIMEZONE_BOUNDARIES = catalogueEntry({
  id: 'timezone_boundaries',
  kind: 'data',
  value: `timezone-boundary-builder ${boundaryRelease}`,
  summary: 'time-zone boundary polygons of the coordinate → zone lookup',
  text: `timezone-boundary-builder ${boundaryRelease} (comprehensive), geo-tz ${versions.geoTz}: the boundary polygons of the data set that keeps zones whose history differs before 1970, looked up point in polygon`,
});

export const EPHEMERIS = catalogueEntry({
  id: 'ephemeris',
  kind: 'data',
  value: `astronomy-engine ${versions.astronomyEngine}`,
  summary: 'ephemeris model of the Sun, Moon and planets',
  text: `astronomy-engine ${versions.astronomyEngine} (truncated VSOP87 planets, Montenbruck–Pfleger lunar series, numerically integrated Pluto; stated accuracy ±1 arcminute)`,
});

export const CALENDAR = catalogueEntry({
  id: 'calendar',
  kind: 'data',
  value: 'proleptic Gregorian',
  summary: 'the calendar every date is read, counted and written in',
  text: 'proleptic Gregorian calendar (the Gregorian leap-year rule for every year, also before 1582)',
});

export const BATCH = catalogueEntry({
  id: 'batch',
  kind: 'detail',
  summary: 'how a batch answer relates to the single-item tool',
  text: 'Every item computed as the single-item tool does, in input order; this provenance applies to every result.',
});
