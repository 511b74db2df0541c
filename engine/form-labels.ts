/**
 * How a calculator page's form shows an input to people: a label, a unit and a control. A tool declares
 * one for each of its inputs in `calculator.labels` (the compiler asks for every input), with its own
 * wording where a name means something else there (`start` is a date for date_difference and a local
 * date and time for expand_recurrence). The API, the permalinks and the MCP tools keep the input names;
 * only the form's words come from here. The `place` inputs engine/places/place-input.ts adds get theirs there.
 */

/**
 * - `date`: a date picker (YYYY-MM-DD), with a "Today" button
 * - `local`: a local wall time (datetime-local, YYYY-MM-DDTHH:MM), with a "Now" button
 * - `instant`: an ISO-8601 instant with its offset, as text, with a "Now" button
 * - `zone`: an IANA zone name, searched in a list of the engine's tzdb release
 * - `country`: an ISO 3166-1 code, searched in the list of countries the holiday data covers
 * - `number`, `integer`: number fields (decimal or whole)
 * - `boolean`: yes / no / the tool's default
 * - `select`: one of the schema's values
 * - `subdivision`: a region code, searched in the list of the chosen country's subdivisions
 * - `checks`: a list of the schema's values, one tick each
 * - `participants`: a list of people by name and time zone (rows to add and remove), over its JSON text area
 * - `list`: comma-separated values; `json`: a JSON text area; `text`: anything else
 */
export type Control =
  | 'date'
  | 'local'
  | 'instant'
  | 'zone'
  | 'country'
  | 'subdivision'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'checks'
  | 'participants'
  | 'list'
  | 'json'
  | 'text';

export interface FormLabel {
  /** What the form calls the input, in words (no underscores). */
  label: string;
  unit?: string;
  control: Control;
  /** Step of a number field (`any` for coordinates and measures). */
  step?: string;
  min?: number;
  max?: number;
  /** Filled with the visitor's current date or time when the page opens without inputs. */
  now?: boolean;
  /** Shown beside its pair's other half (latitude and longitude). */
  half?: boolean;
  /** The form's help in plain words, in place of the schema's description (which may name fields or codes). */
  help?: string;
  /** A select's or ticks' values in words, by value (`islamic-tbla` → `Islamic (tabular)`); the API keeps the values. */
  options?: Readonly<Record<string, string>>;
}

/** A latitude in degrees, shown beside its longitude: `latitude()`, `latitude('From latitude')`. */
export const latitude = (label = 'Latitude'): FormLabel => ({ label, unit: '°', control: 'number', step: 'any', min: -90, max: 90, half: true });

/** A longitude in degrees, shown beside its latitude. */
export const longitude = (label = 'Longitude'): FormLabel => ({ label, unit: '°', control: 'number', step: 'any', min: -180, max: 180, half: true });

/** A text field (anything the schema takes as a string). */
export const textInput = (label: string): FormLabel => ({ label, control: 'text' });

/** A date picker; `now`: filled with today when the page opens without inputs. */
export const dateInput = (label: string, now = false): FormLabel => ({ label, control: 'date', ...(now ? { now } : {}) });

/** A whole number, with its unit and smallest value when it has them. */
export const wholeNumber = (label: string, unit?: string, min?: number): FormLabel => ({
  label,
  control: 'integer',
  step: '1',
  ...(unit ? { unit } : {}),
  ...(min !== undefined ? { min } : {}),
});

/** A measure in a unit (any decimal). */
export const measure = (label: string, unit: string): FormLabel => ({ label, unit, control: 'number', step: 'any' });

/** The time zone field every zone-taking form shares. */
export const TIME_ZONE: FormLabel = Object.freeze({ label: 'Time zone', control: 'zone' });

/** An instant, filled with the current time when the page opens without inputs. */
export const DATE_AND_TIME: FormLabel = Object.freeze({ label: 'Date and time', control: 'instant', now: true });

/** How many results to list, at least one. */
export const MOST_RESULTS: FormLabel = Object.freeze(wholeNumber('Most results', undefined, 1));

/** The smallest population of a place to list. */
export const SMALLEST_POPULATION: FormLabel = Object.freeze(wholeNumber('Smallest population', 'people', 0));

/** The words of the `place` inputs engine/places/place-input.ts adds beside a coordinate pair (`from_` → `From place`). */
export const placeLabels = (prefixes: readonly string[]): Record<string, FormLabel> =>
  Object.fromEntries(prefixes.map((p) => [`${p}place`, { label: p === '' ? 'Place' : `${p[0].toUpperCase()}${p.slice(1, -1)} place`, control: 'text' }]));

/** A calculator's metadata with the words of the `place` inputs added beside the given coordinate pairs. */
export const withPlaceLabels = <C extends { labels: Readonly<Record<string, FormLabel>> }>(calculator: C, prefixes: readonly string[]): C => ({
  ...calculator,
  labels: { ...calculator.labels, ...placeLabels(prefixes) },
});
