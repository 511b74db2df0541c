/**
 * Argument completion of the prompts and resource templates (mcp/discovery.ts): holiday country and
 * subdivision codes, zone names and place names (a place name is a zone argument too).
 */
import { completePlaceNames } from '../engine/index.ts';
import { holidayCountryCodes, holidaySubdivisionCodes } from '../engine/index.ts';
import { resolveCountry } from '../engine/index.ts';
import { completeZones } from '../engine/index.ts';

export const completeCountries = (prefix: string) => {
  if (prefix.length > 2) return [];
  const p = prefix.toUpperCase();
  return holidayCountryCodes()
    .filter((c) => c.startsWith(p))
    .slice(0, 100);
};

/** Zone names, then place names (a place name is a zone argument too: the zone at the place). */
export const completeZoneInput = (value: string) => [...completeZones(value).slice(0, 80), ...completePlaceNames(value, 20)].slice(0, 100);

/** Completion works on what a code can be: a prefix longer than this matches nothing. */
const MAX_PREFIX = 16;

/**
 * Subdivisions of the country already given in the same prompt, by code or name (`ENG` or `GB-ENG` both
 * complete). The country is resolved as the holiday tools resolve it, never turned into a pattern: an
 * unknown one completes nothing.
 */
export const completeSubdivisions = (prefix: string, context?: { arguments?: Record<string, string> }) => {
  const given = context?.arguments?.country ?? '';
  const resolved = given.length > 0 && given.length <= 100 ? resolveCountry(given) : null;
  const country = resolved && 'code' in resolved ? resolved.code : '';
  if (!holidayCountryCodes().includes(country) || prefix.length > MAX_PREFIX) return [];
  const upper = prefix.toUpperCase();
  const p = upper.startsWith(`${country}-`) ? upper.slice(country.length + 1) : upper;
  return holidaySubdivisionCodes(country)
    .filter((c) => c.toUpperCase().startsWith(p))
    .slice(0, 100);
};
