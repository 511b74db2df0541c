/**
 * The date tools' "today": `date_info` and `convert_calendar` called without a date answer for today's
 * date in `timezone` (any zone argument the time tools take), else in UTC, and say so in `timezone` and
 * `note`, as the time tools answer for now when `at` is left out.
 *
 * @example
 * todayUnlessNamed(false, resolveZone('Pacific/Kiritimati'), fixedClock('2026-11-22T12:00:00Z'))
 * //=> { date: '2026-11-23', fields: { timezone: 'Pacific/Kiritimati', note: 'date omitted: today in Pacific/Kiritimati (2026-11-23) assumed.' },
 * //     zoned: true }
 */
import { z } from 'zod';
import type { ToolContext } from '../tool.ts';
import type { ResolvedZone } from '../time/zone-names.ts';
import { todayIn, zoneRulesAt } from '../time/zone-rules.ts';
import { DEFAULT_ZONE, resolutionNote, ZoneArgument } from '../time/time-in-zone.ts';

/** The `timezone` input of the date tools. */
export const TodayZone = ZoneArgument.optional().describe('Zone of today when no date is given; default UTC');

/** The fields of an answer that say which date was used and why. */
export const TodayFields = {
  timezone: z.string().optional().describe('Date left out: the zone whose current date was used (UTC when no timezone was given)'),
  note: z.string().optional().describe('What was assumed: the date left out (today in timezone), a zone read from an abbreviation, an unused timezone'),
};

export interface Today {
  /** Today's date in the zone, `YYYY-MM-DD`; undefined when the input names its own date. */
  date?: string;
  /** The answer's fields saying so: `timezone` (the zone whose today it is) and `note`. */
  fields: { timezone?: string; note?: string };
  /** True when a named zone's tz rules gave the date (its provenance names the tzdb release). */
  zoned: boolean;
}

/**
 * Today's date in the zone (`ctx.now()`; UTC when no zone) with the note naming the zone and the date,
 * unless the input `named` its own date: then nothing, and a `timezone` given anyway is noted as unused.
 */
export function todayUnlessNamed(named: boolean, resolved: ResolvedZone | undefined, ctx: ToolContext): Today {
  if (named) return { fields: resolved ? { note: 'timezone is used only when the date is left out: ignored.' } : {}, zoned: false };
  const zone = resolved?.zone ?? DEFAULT_ZONE;
  const nowMs = ctx.now().getTime();
  const date = todayIn(resolved?.zone, nowMs);
  const how = resolved ? resolutionNote('timezone', resolved, zoneRulesAt(zone, nowMs)) : undefined;
  const note = `date omitted: today in ${zone} (${date}) assumed${resolved ? '' : ' (no timezone given)'}.${how ? ` ${how}` : ''}`;
  return { date, fields: { timezone: zone, note }, zoned: resolved !== undefined };
}
