/**
 * The answer a calculator page carries for crawlers and visitors without JavaScript (issue 32): for a
 * calculator that opens on now and here, the engine's answer at the build's instant for a stated place,
 * London (lib/now-here.ts, lib/now-rules.ts), said so in the page ("Computed when this page was built,
 * for London on 28 November 2026"; a rule's own words: "Computed when this page was built: days from
 * 28 November 2026 to 1 January 2027") and in its meta description; for the others, the worked example.
 * The worked example keeps its own section either way. Build time only.
 */
import { supportedCountries, toolByName } from '../../../engine/index.ts';
import { LONDON, dayWords, takesPlace, wallTime, type Here } from './now-here.ts';
import { firstLetter, openingInput } from './now-rules.ts';
import type { NamedPlace } from './answers.ts';
import { formValues } from './form-values.ts';
import { solve, type Calculator } from './site.ts';

/**
 * The build's instant: SOURCE_DATE_EPOCH (seconds; a reproducible build) when set, as the site's other
 * dated files read it (lib/discovery.ts), else the clock.
 */
export const BUILD_NOW_MS = process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Date.now();

export interface PageAnswer {
  input: Record<string, unknown>;
  result: Record<string, unknown>;
  /** Whether the answer is the build's moment and place (true) or the worked example (false). */
  isNow: boolean;
  /** The answer card's caption. */
  caption: string;
  /** The places the input's coordinates stand for, named in the answer's lead. */
  places: NamedPlace[];
}

/** The page's built answer: the moment of the build at `here` (London) for a calculator that opens on now and here, else the worked example. */
export async function pageAnswer(calc: Calculator, here: Here = LONDON, nowMs = BUILD_NOW_MS): Promise<PageAnswer> {
  // The form's own opening values: the worked example's, at the help's default where the example narrows one.
  const base = formValues(calc);
  const context = { now: () => new Date(nowMs) };
  const listHolidays = async (input: Record<string, unknown>) => (await solve(toolByName('list_holidays')!, input, context)) as Record<string, unknown>;
  const opening = await openingInput(calc.tool, base, here, nowMs, listHolidays);
  if (!opening) {
    const result = (await solve(calc.tool, base)) as Record<string, unknown>;
    return { input: base, result, isNow: false, caption: 'Worked example, computed when this page was built', places: [] };
  }
  const { input, places, says } = opening;
  const result = (await solve(calc.tool, input, context)) as Record<string, unknown>;
  const day = dayWords(wallTime(nowMs, here.zone).slice(0, 10));
  const placed = takesPlace(calc.tool) || 'timezone' in input || 'source_timezone' in input || 'country' in input;
  const country = supportedCountries().find((c) => c.code === here.country)?.name ?? here.country;
  const caption = says
    ? `Computed when this page was built: ${firstLetter(says({ today: day, here: here.city, country, zone: here.zone }), false)}`
    : `Computed when this page was built, for ${placed ? `${here.city} on ` : ''}${day}`;
  return { input, result, isNow: true, caption, places };
}
