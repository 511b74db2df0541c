/**
 * Calculator, time and celestial terms, each with an anchor on /glossary/; calculator pages link the
 * terms their own text uses (`termsUsedIn`).
 */
export interface Term {
  term: string;
  slug: string;
  definition: string;
  match?: RegExp;
}

const t = (term: string, definition: string, match?: RegExp): Term => ({
  term,
  definition,
  match,
  slug: term
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
});

export const GLOSSARY: Term[] = [
  t(
    'UTC',
    "Coordinated Universal Time, the time scale every other time zone is an offset from; kept within 0.9 s of the Earth's rotation by leap seconds.",
    /\bUTC\b/,
  ),
  t('UTC offset', "How far a zone's local time is ahead of (+) or behind (−) UTC at a given instant, e.g. +05:45 in Nepal.", /\boffsets?\b/i),
  t('Time zone', 'A region that keeps the same local time rules; named in the IANA database as Area/Location, e.g. Europe/Paris.', /\btime[- ]zones?\b/i),
  t(
    'IANA time zone database',
    "The tz database (tzdb): the public record of every zone's offsets and daylight-saving rules since 1970 and much of its history before.",
    /\b(IANA|tzdb)\b/,
  ),
  t(
    'Time-zone boundary',
    "The polygon a zone covers on the map; this service looks coordinates up in timezone-boundary-builder's polygons.",
    /\bboundar(y|ies)\b/i,
  ),
  t(
    'Daylight saving time',
    'Clocks set ahead of standard time for part of the year; here `dst` is true when the offset is above the lowest offset in force within half a year either side.',
    /\b(DST|daylight saving)\b/i,
  ),
  t('Standard time', 'The offset a zone keeps outside daylight saving time.', /\bstandard (time|offset)\b/i),
  t('DST gap', "The local times skipped when clocks jump forward (e.g. 02:00–03:00); a time in the gap is moved forward by the gap's length.", /\bgaps?\b/i),
  t('DST fold', 'The local times that happen twice when clocks fall back; the earlier instant is taken unless said otherwise.', /\bfolds?\b/i),
  t(
    'Time-zone abbreviation',
    'A short label such as CET or EST; ambiguous (IST is used in India, Ireland and Israel), so never enough to identify a zone.',
    /\babbreviations?\b/i,
  ),
  t('Local mean time', 'The time of a place by its own meridian, used before standard time zones; offsets like +00:25:21.', /\blocal mean time\b/i),
  t(
    'Nautical time zone',
    'At sea, the zone of the 15° band of longitude, named Etc/GMT±N with the sign inverted (Etc/GMT+9 is UTC−9).',
    /\b(nautical (time )?zones?|Etc\/GMT)/i,
  ),
  t('Instant', 'One point on the timeline, independent of any zone; written with Z or an offset, or as epoch seconds or milliseconds.', /\binstants?\b/i),
  t('Unix epoch', '1970-01-01T00:00:00Z, the zero of epoch seconds and milliseconds.', /\b(epoch|unix)\b/i),
  t('ISO 8601', 'The international format for dates and times, e.g. 2026-11-22 and 2026-11-22T09:00:00+01:00.', /\bISO[- ]8601\b/),
  t(
    'Proleptic Gregorian calendar',
    'The Gregorian calendar extended backwards before its 1582 introduction, so every date from year 1 follows the same rules.',
    /\b(proleptic|Gregorian)\b/i,
  ),
  t('Leap year', 'A year of 366 days: divisible by 4, except centuries not divisible by 400 (2000 was, 1900 was not).', /\bleap (year|day)s?\b/i),
  t('Month-end clamping', 'Adding months to the 31st lands on the last day of a shorter month: 2024-01-31 + 1 month = 2024-02-29.', /\bclamp/i),
  t('Business day', 'A day that is neither a weekend day nor a holiday of the chosen kinds.', /\bbusiness days?\b/i),
  t(
    'Weekend',
    'The days a country rests each week: Saturday–Sunday in most places, Friday–Saturday in Saudi Arabia, Friday in Iran; taken from Unicode CLDR.',
    /\bweekends?\b/i,
  ),
  t('Public holiday', 'A day off set by law for everybody in a country or subdivision; observances do not count unless asked for.', /\bholidays?\b/i),
  t('Substitute holiday', 'A holiday moved to another day, usually a Monday or Friday, when it falls on a weekend.', /\bsubstitute\b/i),
  t(
    'Country codes',
    'The standard two-letter codes for countries (GB, DE) and the codes of their regions (GB-ENG, DE-BY), set by the International Organization for Standardization.',
    /\b(ISO 3166|subdivisions?|country codes?)\b/i,
  ),
  t('WGS84', 'The World Geodetic System 1984: the ellipsoid (a = 6,378,137 m, f = 1/298.257223563) GPS coordinates refer to.', /\bWGS ?84\b/),
  t('Latitude', 'Angle north (+) or south (−) of the equator, −90° to 90°.', /\blat(itude)?\b/i),
  t('Longitude', 'Angle east (+) or west (−) of the Greenwich meridian, −180° to 180°.', /\blon(gitude)?\b/i),
  t(
    'Geodesic',
    "The shortest path between two points on the ellipsoid; computed here with Karney's algorithms (GeographicLib), never the spherical haversine.",
    /\bgeodesics?\b/i,
  ),
  t('Great circle', 'The shortest path on a sphere; a close approximation of the geodesic.', /\bgreat[- ]circle\b/i),
  t('Bearing', 'The direction of travel measured clockwise from north, 0° to 360°; it changes along a geodesic (initial and final bearing).', /\bbearings?\b/i),
  t('Antimeridian', 'The 180° meridian, where longitude jumps from +180 to −180; boxes and paths across it need care.', /\bantimeridian\b/i),
  t('Nautical mile', '1,852 metres exactly: one minute of latitude, roughly.', /\bnautical miles?\b/i),
  t('Bounding box', 'The smallest latitude/longitude rectangle containing a circle around a point.', /\bbounding box\b/i),
  t('Azimuth', 'The compass direction of a sky object, measured clockwise from north.', /\bazimuth\b/i),
  t('Elevation angle', 'How high an object stands above the horizon, in degrees; geometric (true) or apparent (raised by refraction).', /\belevation\b/i),
  t('Zenith angle', '90° minus the elevation: the angle from straight overhead.', /\bzenith\b/i),
  t(
    'Atmospheric refraction',
    'The bending of light by air that raises objects near the horizon by about half a degree; depends on pressure and temperature.',
    /\brefract/i,
  ),
  t('Declination', "A sky object's angle north or south of the celestial equator.", /\bdeclination\b/i),
  t('Right ascension', "A sky object's angle east along the celestial equator from the March equinox, in hours or degrees.", /\bright ascension\b/i),
  t('Hour angle', 'How far an object has moved west of the local meridian: 0° at its highest (transit).', /\bhour angle\b/i),
  t('Equation of time', 'The difference between sundial time and clock (mean solar) time, up to about ±16 minutes over the year.', /\bequation of time\b/i),
  t('Twilight', 'The glow while the Sun is just below the horizon: civil to −6°, nautical to −12°, astronomical to −18°.', /\btwilight\b/i),
  t('Ephemeris', 'A table or model of where the Sun, Moon and planets are at given times; here astronomy-engine.', /\bephemeri(s|des)\b/i),
  t('J2000', 'The reference epoch 2000-01-01T12:00 TT and the equator and equinox of that date, which fix the coordinate frame.', /\bJ2000\b/),
  t('Ecliptic', "The plane of the Earth's orbit; ecliptic longitude and latitude are measured along and from it.", /\becliptic\b/i),
  t('Astronomical unit', 'About 149,597,870.7 km, the mean Earth–Sun distance; distances here are in au.', /\b(au|astronomical units?)\b/i),
  t(
    'Astrometric position',
    'Where a body appears from Earth corrected for light travel time but not for aberration, as JPL Horizons reports it.',
    /\bastrometric\b/i,
  ),
  t('Light-time correction', 'Seeing a body where it was when its light left it, minutes or hours ago.', /\blight[- ]time\b/i),
  t('Provenance', 'The data releases and methods behind an answer, so it can be repeated and explained.', /\bprovenance\b/i),
];

/** Glossary terms whose pattern occurs in `text` (for a page's "terms used" list). */
export function termsUsedIn(text: string): Term[] {
  return GLOSSARY.filter((g) => (g.match ?? new RegExp(`\\b${g.term}\\b`, 'i')).test(text));
}
