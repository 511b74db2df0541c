/**
 * `place` wherever coordinates go: every tool whose input has a `lat` + `lon` pair (or `from_lat` +
 * `from_lon`, `to_lat` + `to_lon`) also takes a place name in `place` (`from_place`, `to_place`). The
 * best match of search_places is used; the answer adds `place {name, country, admin1, lat, lon,
 * geonames_id}` and `place_alternatives` (up to 3 other equally good matches: other Springfields), and
 * its provenance names the place data. The registry applies it to every tool, so no tool declares it.
 *
 * The coordinate checks stay the tool's own (its schema, unchanged, with the pair made optional); the
 * rules between the two forms (one of them, never both) are checked when the tool runs, so the input
 * schema gains no object-level refinement and keeps its compiled fast path (engine/fast-parse.ts).
 */
import { z } from 'zod';
import { type PlaceHit, PLACE_NAMES, PLACE_SEARCH, countryOf, divisionOf, latOf, lonOf, searchIndex } from './search-places.ts';
import { nameOf, placeRecord } from './records.ts';
import { places } from './place-names.ts';
import { settleZones, zonesFromPlace, zonesPending } from './place-zones.ts';
import { type AnyTool, type ToolContext, ToolInputError, withPlaceLabels } from '../tool.ts';

/** The coordinate pairs a place can stand for, by the prefix of their field names. */
const PREFIXES = ['', 'from_', 'to_'] as const;

/** A place name as input: the rules of search_places' `q`. */
export const PlaceText = z
  .string({ error: 'must be a place name' })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .describe('Place name instead of lat/lon');

export const ChosenPlace = z.object({
  name: z.string(),
  country: z.string(),
  admin1: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  geonames_id: z.number().int(),
});
export const PlaceAlternative = z.object({ name: z.string(), country: z.string(), admin1: z.string().nullable(), population: z.number().int() });

export interface ResolvedPlace {
  place: z.output<typeof ChosenPlace>;
  alternatives: z.output<typeof PlaceAlternative>[];
}

/**
 * The place a name stands for: the best match and up to 3 others of the same kind (exact names with
 * an exact best match, names begun otherwise). No match → ToolInputError naming `field`; the index
 * still loading → ToolUnavailableError (503).
 */
export async function resolvePlace(text: string, field: string): Promise<ResolvedPlace> {
  const ix = await places();
  const hits = searchIndex(ix, text, { limit: 4 });
  if (hits.length === 0) {
    throw new ToolInputError([{ field, message: 'matches no place name (search_places lists the names it knows)' }]);
  }
  // Read straight off the index: no boundary lookup per match (the tool looks up its own point's zone).
  const [best, ...rest] = hits;
  const [{ place }, { name, geonamesId }] = [best, placeRecord(ix, best.place)];
  return {
    place: {
      name,
      country: countryOf(ix, place),
      admin1: divisionOf(ix, place),
      lat: latOf(ix, place),
      lon: lonOf(ix, place),
      geonames_id: geonamesId,
    },
    alternatives: rest
      .filter((h: PlaceHit) => h.exact === best.exact)
      .map((h) => ({ name: nameOf(ix, h.place), country: countryOf(ix, h.place), admin1: divisionOf(ix, h.place), population: ix.population[h.place] })),
  };
}

/** Provenance with the place data added, by the tool's own (fixed provenance is one shared object per form). */
const placeProvenance = new WeakMap<object, Record<string, unknown>>();

/** A tool's provenance with the place data and the name search added (method ids, data, explanations in order). */
function withPlaceProvenance(given: Record<string, unknown>): Record<string, unknown> {
  let out = placeProvenance.get(given);
  if (!out) placeProvenance.set(given, (out = Object.freeze(addPlaceProvenance(given))));
  return out;
}

function addPlaceProvenance(given: Record<string, unknown>): Record<string, unknown> {
  const { method, explanations, ...data } = given;
  const out: Record<string, unknown> = { method: `${method}, ${PLACE_SEARCH.id}`, ...data, [PLACE_NAMES.id]: PLACE_NAMES.value };
  if (explanations) {
    out.explanations = { ...(explanations as Record<string, string>), [PLACE_NAMES.id]: PLACE_NAMES.text, [PLACE_SEARCH.id]: PLACE_SEARCH.text };
  }
  return out;
}

/** The pairs of a tool's input shape that a place can stand for. */
function pairsOf(shape: Record<string, z.ZodType>): string[] {
  return PREFIXES.filter((p) => `${p}lat` in shape && `${p}lon` in shape);
}

/** Whether a schema part accepts undefined (an optional coordinate, as eclipses' local circumstances). */
const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType | undefined): Shape | undefined => (schema as unknown as { shape?: Shape } | undefined)?.shape;
const isPoint = (schema: z.ZodType | undefined) => {
  const shape = shapeOf(schema);
  return shape !== undefined && 'lat' in shape && 'lon' in shape;
};

/** A point schema ({lat, lon}) that takes {place} instead, its description kept. */
function pointOrPlace(point: z.ZodType): z.ZodType {
  const shape = shapeOf(point) as Shape;
  const widened = (point as unknown as z.ZodObject).safeExtend({ lat: shape.lat.optional(), lon: shape.lon.optional(), place: PlaceText.optional() });
  return point.description ? widened.describe(point.description) : widened;
}

/**
 * A batch input: an array (`field`) of points (`keys` ['']) or of objects whose `keys` are points
 * (`from`, `to`); each point may be `{place}`, and the answer's `results[i]` carries the place chosen.
 */
interface BatchSlot {
  field: string;
  keys: string[];
}

function batchSlotsOf(shape: Shape): BatchSlot[] {
  const slots: BatchSlot[] = [];
  for (const [field, schema] of Object.entries(shape)) {
    const element = (schema as unknown as { element?: z.ZodType }).element;
    if (!element) continue;
    if (isPoint(element)) slots.push({ field, keys: [''] });
    else {
      const keys = Object.entries(shapeOf(element) ?? {})
        .filter(([, sub]) => isPoint(sub))
        .map(([key]) => key);
      if (keys.length) slots.push({ field, keys });
    }
  }
  return slots;
}

/** The batch array schema with every point of its elements taking a place (checks, messages, description kept). */
function widenBatch(array: z.ZodType, slot: BatchSlot): z.ZodType {
  const def = (array as unknown as { _zod: { def: { element: z.ZodType } } })._zod.def;
  const element = def.element;
  const widenedElement =
    slot.keys[0] === ''
      ? pointOrPlace(element)
      : (element as unknown as z.ZodObject).safeExtend(Object.fromEntries(slot.keys.map((k) => [k, pointOrPlace((shapeOf(element) as Shape)[k])])));
  const widened = (array as unknown as { clone: (d: object) => z.ZodType }).clone({ ...def, element: widenedElement });
  return array.description ? widened.describe(array.description) : widened;
}

/** Prefix of the answer's fields for a point of a batch element: `place` for a point, `from_place` for `from`. */
const answerPrefix = (key: string) => (key === '' ? '' : `${key}_`);

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** An answer whose zone came from a place name (already resolved): its provenance names the place data. */
function addZoneProvenance(answer: Record<string, unknown>): Record<string, unknown> {
  const { provenance: answered, ...fields } = answer;
  return { ...fields, ...(answered ? { provenance: withPlaceProvenance(answered as Record<string, unknown>) } : {}) };
}

/**
 * The tool with `place` inputs beside its coordinate pairs (and their words on its page's form); the tool
 * itself when it has none. The answer's `place` fields come before `provenance`, which adds the place data.
 */
export function withPlaceInput(tool: AnyTool): AnyTool {
  const inputShape = (tool.input as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const outputShape = (tool.output as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!inputShape || !outputShape) return tool;
  const prefixes = pairsOf(inputShape);
  const batches = outputShape.results ? batchSlotsOf(inputShape) : [];

  const required = new Map(prefixes.map((p) => [p, !isOptional(inputShape[`${p}lat`])]));
  const extension: Record<string, z.ZodType> = {};
  for (const p of prefixes) {
    extension[`${p}lat`] = inputShape[`${p}lat`].optional();
    extension[`${p}lon`] = inputShape[`${p}lon`].optional();
    extension[`${p}place`] = PlaceText.optional();
  }
  for (const slot of batches) extension[slot.field] = widenBatch(inputShape[slot.field], slot);
  const input = prefixes.length || batches.length ? (tool.input as unknown as z.ZodObject).safeExtend(extension) : tool.input;

  const { provenance, ...rest } = outputShape;
  const added: Record<string, z.ZodType> = {};
  for (const p of prefixes) {
    added[`${p}place`] = ChosenPlace.optional().describe('The place chosen for the name given');
    added[`${p}place_alternatives`] = z.array(PlaceAlternative).optional().describe('Up to 3 other equally good matches');
  }
  if (batches.length) {
    const resultElement = (outputShape.results as unknown as { element: z.ZodType }).element;
    const perResult: Shape = {};
    for (const key of batches.flatMap((b) => b.keys)) {
      perResult[`${answerPrefix(key)}place`] = ChosenPlace.optional();
      perResult[`${answerPrefix(key)}place_alternatives`] = z.array(PlaceAlternative).optional();
    }
    const results = z.array((resultElement as unknown as z.ZodObject).safeExtend(perResult));
    rest.results = outputShape.results.description ? results.describe(outputShape.results.description) : results;
  }
  const output = prefixes.length || batches.length ? z.object({ ...rest, ...added, ...(provenance ? { provenance } : {}) }) : tool.output;

  /**
   * Checks the place fields, then runs the tool: at once, without a promise hop when its own run has none,
   * when nothing names a place (the common call); otherwise after resolving the names (the index may load).
   */
  const run = (given: Record<string, unknown>, ctx: ToolContext) => {
    const args = { ...given };
    const errors: { field: string; message: string }[] = [];
    for (const p of prefixes) {
      const text = args[`${p}place`];
      const hasLat = args[`${p}lat`] !== undefined;
      const hasLon = args[`${p}lon`] !== undefined;
      if (text !== undefined && (hasLat || hasLon)) {
        errors.push({ field: `${p}place`, message: `give either ${p}place or ${p}lat and ${p}lon, not both` });
      } else if (text === undefined && required.get(p)) {
        if (!hasLat) errors.push({ field: `${p}lat`, message: `is required (or give ${p}place)` });
        if (!hasLon) errors.push({ field: `${p}lon`, message: `is required (or give ${p}place)` });
      }
    }
    for (const slot of batches) {
      const items = args[slot.field];
      if (!Array.isArray(items)) continue;
      const widened = items.map((item) => ({ ...(item as Record<string, unknown>) }));
      args[slot.field] = widened;
      widened.forEach((item, i) => {
        for (const key of slot.keys) {
          const point = (key === '' ? item : item[key]) as Record<string, unknown> | undefined;
          if (!point) continue;
          const at = `${slot.field}[${i}]${key === '' ? '' : `.${key}`}`;
          if (point.place !== undefined && (point.lat !== undefined || point.lon !== undefined)) {
            errors.push({ field: `${at}.place`, message: 'give either place or lat and lon, not both' });
          } else if (point.place === undefined) {
            if (point.lat === undefined) errors.push({ field: `${at}.lat`, message: 'is required (or give place)' });
            if (point.lon === undefined) errors.push({ field: `${at}.lon`, message: 'is required (or give place)' });
          }
        }
      });
    }
    if (errors.length > 0) throw new ToolInputError(errors);
    const named =
      prefixes.some((p) => typeof args[`${p}place`] === 'string') ||
      batches.some((slot) =>
        (args[slot.field] as Record<string, unknown>[] | undefined)?.some((item) =>
          slot.keys.some((key) => typeof ((key === '' ? item : item[key]) as Record<string, unknown> | undefined)?.place === 'string'),
        ),
      ) ||
      zonesPending(args);
    if (!named) {
      for (const p of prefixes) delete args[`${p}place`];
      const fromPlace = zonesFromPlace(args);
      const answer = tool.run(args, ctx);
      if (!fromPlace) return answer;
      const withProvenance = (a: unknown) => addZoneProvenance(a as Record<string, unknown>);
      return isThenable(answer) ? Promise.resolve(answer).then(withProvenance) : withProvenance(answer);
    }
    return resolveAndRun(args, ctx);
  };
  const resolveAndRun = async (args: Record<string, unknown>, ctx: ToolContext) => {
    const chosen: Record<string, unknown> = {};
    const batchChosen = new Map<number, Record<string, unknown>>();
    for (const slot of batches) {
      const items = args[slot.field] as Record<string, unknown>[] | undefined;
      if (!items) continue;
      for (let i = 0; i < items.length; i++) {
        for (const key of slot.keys) {
          const point = (key === '' ? items[i] : items[i][key]) as Record<string, unknown> | undefined;
          if (typeof point?.place !== 'string') continue;
          const at = `${slot.field}[${i}]${key === '' ? '' : `.${key}`}`;
          const { place, alternatives } = await resolvePlace(point.place, `${at}.place`);
          const resolved = { lat: place.lat, lon: place.lon };
          if (key === '') items[i] = resolved;
          else items[i] = { ...items[i], [key]: resolved };
          const fields = batchChosen.get(i) ?? {};
          fields[`${answerPrefix(key)}place`] = place;
          fields[`${answerPrefix(key)}place_alternatives`] = alternatives;
          batchChosen.set(i, fields);
        }
      }
    }
    for (const p of prefixes) {
      const text = args[`${p}place`];
      delete args[`${p}place`];
      if (typeof text !== 'string') continue;
      const { place, alternatives } = await resolvePlace(text, `${p}place`);
      args[`${p}lat`] = place.lat;
      args[`${p}lon`] = place.lon;
      chosen[`${p}place`] = place;
      chosen[`${p}place_alternatives`] = alternatives;
    }
    const zoneFromPlace = await settleZones(args);
    const answer = (await tool.run(args, ctx)) as Record<string, unknown>;
    if (Object.keys(chosen).length === 0 && batchChosen.size === 0 && !zoneFromPlace) return answer;
    const { provenance: answered, ...fields } = answer;
    if (batchChosen.size > 0 && Array.isArray(fields.results)) {
      fields.results = fields.results.map((r, i) => (batchChosen.has(i) ? { ...(r as object), ...batchChosen.get(i) } : r));
    }
    return { ...fields, ...chosen, ...(answered ? { provenance: withPlaceProvenance(answered as Record<string, unknown>) } : {}) };
  };
  return { ...tool, input, output, run, ...(tool.calculator ? { calculator: withPlaceLabels(tool.calculator, prefixes) } : {}) } as AnyTool;
}
