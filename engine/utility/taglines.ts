/**
 * The taglines `daily_tagline` chooses from. Every factual claim here must be true: a tagline is a
 * small advertisement for precise, explainable calculation, and a wrong fact would undo the point.
 * Checked facts are noted beside the less familiar ones.
 *
 * Appending, removing or reordering entries changes which tagline every future date gets (the
 * schedule walks this list by position), so edit it as a release note would be edited: deliberately.
 */

export const TAGLINE_CATEGORIES = ['time', 'calendar', 'geography', 'sun', 'astronomy', 'engineering'] as const;
export type TaglineCategory = (typeof TAGLINE_CATEGORIES)[number];

export interface Tagline {
  readonly category: TaglineCategory;
  readonly text: string;
}

const time: readonly string[] = [
  'Nepal runs 5 hours 45 minutes ahead of UTC, and we do the quarter-hour arithmetic for you.',
  'India keeps a single clock, UTC+05:30, from its western desert to its eastern hills.',
  'China spans more than 60 degrees of longitude and keeps one clock: UTC+08:00.',
  'Kiribati’s Line Islands run at UTC+14:00, the first clocks on Earth to reach each new date.',
  'For two hours each day, UTC-12 and UTC+14 show calendar dates two days apart.',
  'The Chatham Islands keep their clocks 45 minutes ahead of mainland New Zealand, summer and winter.',
  'Lord Howe Island moves its clocks by just 30 minutes for daylight saving time.',
  'Eucla in Western Australia keeps UTC+08:45, and tzdb records it as Australia/Eucla.',
  'Newfoundland runs half an hour ahead of Atlantic time: UTC-03:30 in winter, UTC-02:30 in summer.',
  'Afghanistan keeps UTC+04:30, half an hour off the grid of whole-hour zones.',
  // ITU-R TF.460: |UT1 − UTC| is kept below 0.9 s.
  'UTC ticks in SI seconds and is held within 0.9 s of Earth’s rotation by leap seconds.',
  'Since 1972, UTC has gained 27 leap seconds and never lost one.',
  'TAI has run exactly 37 seconds ahead of UTC since 1 January 2017.',
  'GPS time runs 18 seconds ahead of UTC: the two started level in 1980 and GPS ignores leap seconds.',
  'The most recent leap second was 23:59:60 UTC on 31 December 2016.',
  // CGPM 2022, Resolution 4.
  'In 2022 the CGPM decided to widen the UT1 − UTC limit by 2035, so leap seconds are on their way out.',
  'A signed 32-bit Unix clock overflows at 03:14:07 UTC on 19 January 2038.',
  'Samoa skipped Friday 30 December 2011 entirely, hopping from UTC-10 to UTC+14 overnight.',
  'On a spring-forward day some local times never happen; on a fall-back day some happen twice.',
  'The EU changes its clocks at one instant everywhere: 01:00 UTC on the last Sunday of March and October.',
  'Since 2007, US daylight saving time has started on the second Sunday in March.',
  'Most of Arizona stays on Mountain Standard Time all year; the Navajo Nation observes daylight time.',
  'Morocco sets its clocks back an hour during Ramadan, so its rules move with the lunar calendar.',
  'Russia has 11 time zones, from UTC+02:00 in Kaliningrad to UTC+12:00 in Kamchatka.',
  'Counting its overseas territories, France uses 12 time zones, more than any other country.',
  'North American railways adopted standard time on 18 November 1883, the day of two noons.',
  'In tzdb, Europe/Kiev became Europe/Kyiv in 2022; the old name lives on as a link.',
];

const calendar: readonly string[] = [
  'Every fourth year gets a 29 February, except century years not divisible by 400: 1900 had none, 2000 did.',
  'The Gregorian calendar averages 365.2425 days a year and repeats exactly every 400 years.',
  '400 Gregorian years hold 146,097 days: exactly 20,871 weeks.',
  'Over a 400-year Gregorian cycle, the 13th of a month falls on Friday 688 times, more than any other weekday.',
  'Britain switched calendars in 1752: Wednesday 2 September was followed by Thursday 14 September.',
  'The Gregorian reform began in October 1582: Thursday the 4th was followed by Friday the 15th.',
  'Russia adopted the Gregorian calendar in 1918, which is why the October Revolution is marked in November.',
  'The Julian calendar runs 13 days behind the Gregorian, and the gap grows to 14 days in March 2100.',
  'ISO 8601 weeks start on Monday, and week 1 is the week that holds the year’s first Thursday.',
  'ISO week-numbering years can have 53 weeks: 2020 did, and so does 2026.',
  '29 December can fall in next year’s ISO week 1, and 3 January in last year’s week 52 or 53.',
  'Astronomers call 1 BC year 0 and 2 BC year -1, so date arithmetic stays arithmetic.',
  'February 2024 had five Thursdays: in a 29-day month, one weekday always comes five times.',
  'A 28-day February that starts on a Monday fills exactly four Monday-to-Sunday weeks, as in 2021.',
  'Any Gregorian date falls on the same weekday 400 years later.',
  'Western Easter Sunday always falls between 22 March and 25 April.',
  'The Julian Day count starts at noon on 1 January 4713 BC, in the proleptic Julian calendar.',
  'Modified Julian Date 0 is midnight at the start of 17 November 1858.',
  'The Unix epoch, 1970-01-01T00:00:00Z, fell on a Thursday.',
  '0001-01-01, the first date this API accepts, was a Monday in the proleptic Gregorian calendar.',
  '9999-12-31, the last date this API accepts, is a Friday.',
  'The French Republican calendar had 12 months of 30 days, plus five or six days at the year’s end.',
  'The Islamic calendar is purely lunar, so Ramadan begins about 11 days earlier each Gregorian year.',
  'September to December are named for seven to ten, from when the Roman year began in March.',
  'Adding a month to 31 January gives 29 February in a leap year: we clamp, we do not spill into March.',
];

const geography: readonly string[] = [
  'WGS84 fixes Earth’s equatorial radius at exactly 6,378,137 metres.',
  'WGS84 flattening is 1/298.257223563: the polar radius is about 21 km shorter than the equatorial.',
  'A degree of latitude is about 110.6 km at the equator and 111.7 km at the poles.',
  'A degree of longitude shrinks from about 111.3 km at the equator to nothing at the poles.',
  'One nautical mile is exactly 1,852 metres, close to one minute of latitude.',
  // GeographicLib documentation: Karney (2013) geodesics are accurate to about 15 nm.
  'We measure distance with Karney’s geodesic algorithms, accurate to about 15 nanometres on WGS84.',
  'A spherical model can be off by up to about half a percent; we solve distances on the WGS84 ellipsoid.',
  'Karney’s method converges even for nearly antipodal points, where Vincenty’s 1975 iteration can fail.',
  'Chimborazo’s summit, not Everest’s, is the point on land farthest from Earth’s centre.',
  'Point Nemo, the ocean’s pole of inaccessibility, lies about 2,700 km from the nearest land.',
  'Longitude wraps from +180 to -180 at the antimeridian, and a bounding box may straddle it.',
  'The International Date Line bends around island nations; longitude 180 alone does not decide the date.',
  'The prime meridian used by GPS passes about 102 metres east of Greenwich’s Airy Transit Circle.',
  'Geodetic and geocentric latitude differ by up to about 0.19 degrees, at 45° north and south.',
  'A slanted rhumb line holds one compass bearing and spirals toward a pole; a geodesic takes the short way.',
  'Along most geodesics the final bearing differs from the initial one, because meridians converge.',
  'Everest’s height of 8,848.86 m was announced jointly by China and Nepal in 2020.',
  'The Dead Sea shore, more than 400 metres below sea level, is the lowest dry land on Earth.',
  'Earth measures about 40,075 km around the equator and about 40,008 km around the poles.',
  'The metre began as one ten-millionth of the distance from the North Pole to the equator.',
  'A geodesic midpoint lies halfway along the shortest path, not at the average of the coordinates.',
  'Height above the ellipsoid and height above sea level can differ by over 100 m: the geoid sets the gap.',
  'Alaska is the westernmost and the easternmost US state: the Aleutians cross longitude 180.',
  'Five decimal places of a degree of latitude is about 1.1 metres.',
];

const sun: readonly string[] = [
  'The Sun can cross the Greenwich meridian over 16 minutes from 12:00 GMT: that is the equation of time.',
  'The equation of time comes from two effects of similar size: Earth’s axial tilt and its elliptical orbit.',
  'Earth passes closest to the Sun in early January, in the depths of northern winter.',
  'Sunlight takes about 8 minutes 20 seconds to reach Earth.',
  'Refraction lifts the Sun about half a degree at the horizon, roughly the width of its own disc.',
  'Standard sunrise is when the Sun’s centre is 0.833° below the horizon: 34′ of refraction plus 16′ of radius.',
  'Civil twilight ends with the Sun’s centre 6° below the horizon; nautical at 12°, astronomical at 18°.',
  'At mid-northern latitudes the earliest sunset comes before the December solstice, the latest sunrise after.',
  'The Sun’s declination swings between about +23.44° and -23.44° over the year.',
  'Solar azimuth here is measured clockwise from true north, not from south as some older texts do.',
  'NREL’s Solar Position Algorithm states ±0.0003° uncertainty for the years -2000 to 6000.',
  'Cold, dense air bends light more, so standard refraction lifts the Sun a little higher on cold mornings.',
  'The Sun’s apparent diameter changes by about 3% over the year and peaks in early January.',
  'Day and night are not exactly equal at the equinoxes: refraction and the Sun’s disc add daylight.',
  'Near the equator the Sun rises almost vertically, so twilight there is brief.',
  'A mean solar day lasts 24 hours; a sidereal day, about 23 hours 56 minutes 4 seconds.',
  'A total solar eclipse lasts at most about 7½ minutes at any one place.',
  'The Sun holds about 99.86% of the Solar System’s mass.',
  'The Sun’s hour angle grows by 15 degrees per hour of solar time.',
  'At solar noon the Sun stands 90° above the horizon minus the gap between your latitude and its declination.',
  'The Tropic of Cancer marks the farthest north the Sun can stand directly overhead.',
  'Correct a sundial for the equation of time and your distance from the zone’s meridian to read standard time.',
  'The June solstice falls on 20, 21 or 22 June in UTC, depending on the year.',
];

const astronomy: readonly string[] = [
  'One astronomical unit is exactly 149,597,870,700 metres, as fixed by the IAU in 2012.',
  'Moonlight left the Moon about 1.3 seconds before it reached your eyes.',
  'The Moon keeps one face toward us, yet libration lets us see about 59% of its surface over time.',
  'Laser ranging to retroreflectors shows the Moon receding by about 3.8 cm a year.',
  'From new moon to new moon takes about 29.53 days on average.',
  'Venus spins backwards, and takes longer to turn once on its axis than to orbit the Sun.',
  'Mercury’s perihelion advances 43 arcseconds per century beyond Newton’s prediction; general relativity explains it.',
  'Neptune was found in 1846 close to where Le Verrier’s calculations said it would be.',
  'Pluto needs about 248 years per orbit, so it has not completed one since its discovery in 1930.',
  'Jupiter is more than twice as massive as all the other planets combined.',
  'Saturn’s mean density is lower than that of water.',
  'J2000.0 is noon TT on 1 January 2000, about 64 seconds before noon UTC.',
  'Terrestrial Time runs 32.184 s ahead of TAI, and so 69.184 s ahead of UTC since 2017.',
  'Astrometric positions allow for light travel time, which from Jupiter is more than half an hour.',
  'Light from Neptune takes about four hours to reach Earth.',
  'Precession carries the equinox westward along the ecliptic by about 50 arcseconds a year.',
  'Axial precession takes about 26,000 years to swing Earth’s pole once around the sky.',
  'Polaris lies within a degree of the celestial pole and will be closest to it around 2100.',
  'Right ascension is counted in hours: 24 hours make 360°, so one hour is 15 degrees.',
  'Mars reaches opposition about every 26 months and comes closest to Earth within days of it.',
  'In August 2003 Mars came within 55.76 million km of Earth, its closest approach in nearly 60,000 years.',
  'A sidereal year is about 20 minutes longer than a tropical year, thanks to precession.',
  'Halley’s Comet last passed perihelion in 1986 and is due back in 2061.',
  'Uranus is tilted about 98 degrees, so it rolls around the Sun on its side.',
  'The Moon’s orbit tilts about 5° to the ecliptic, which is why eclipses do not come every month.',
  'The Moon’s distance ranges from about 356,000 km at its closest perigee to 407,000 km at its farthest apogee.',
  'Earth orbits the Sun at about 30 km/s on average.',
  'The Solar System’s centre of mass often lies outside the Sun’s surface, mostly because of Jupiter.',
];

const engineering: readonly string[] = [
  'Every answer carries its provenance: which tzdb release, which ephemeris, which geodesic method.',
  'The IANA tzdb aims to be right for every zone since 1970, and records much earlier history too.',
  'Same inputs, same answer, every time: deterministic results are cacheable results.',
  'A local time without an offset is ambiguous, so we ask for Z or ±hh:mm rather than guess.',
  'A time zone is a history of offsets, not one number: UTC+1 today says little about 1940.',
  'Coordinates are WGS84 decimal degrees, north and east positive, and the field names say so.',
  'Units live in field names, so azimuth_deg and distance_au never need a footnote.',
  'In tzdb’s Etc zones the sign is inverted: Etc/GMT+5 is five hours behind UTC.',
  'Planet positions come from astronomy-engine, whose stated accuracy is about one arcminute.',
  'Epoch seconds or milliseconds? We tell them apart by digit count: up to 11 means seconds.',
  'Dates are plain YYYY-MM-DD, so a calendar date never shifts with the time zone of whoever reads it.',
  'Ask for 2026-02-30 and you get a 400 naming the field, never a silent roll-over into March.',
  'Batch routes take up to 100 points or pairs and answer in the order you sent them.',
  'One geodesic solution gives kilometres, miles, metres and nautical miles that always agree.',
  'Clock rules live in data, not code: when a government changes its clocks, a tzdb release follows.',
  'Weekends follow CLDR per country: Friday and Saturday in some places, Saturday and Sunday in most.',
  'Today’s tagline is picked from the UTC date, so everyone sees the same one until 00:00 UTC.',
  'Every calculation here is also an MCP tool, with the same input and output schema as its HTTP route.',
  'Google smears each leap second across 24 hours instead of showing 23:59:60.',
  'Near Earth’s radius in metres, a double-precision number resolves steps of about one nanometre.',
  '0.1 + 0.2 is not 0.3 in binary floating point, so our reference tests state their tolerances.',
  'A local day can last 23 or 25 hours where clocks change, and 23½ or 24½ on Lord Howe Island.',
  'Reference values are pinned to external sources such as JPL Horizons, with tolerances written down.',
  'Ephemerides run on Terrestrial Time, clocks on UTC; astronomy-engine bridges the two with a ΔT model.',
];

const tag = (category: TaglineCategory, texts: readonly string[]): Tagline[] => texts.map((text) => ({ category, text }));

/** Every tagline, grouped by category; the daily schedule walks this list in a fixed order. */
export const TAGLINES: readonly Tagline[] = Object.freeze(
  [
    ...tag('time', time),
    ...tag('calendar', calendar),
    ...tag('geography', geography),
    ...tag('sun', sun),
    ...tag('astronomy', astronomy),
    ...tag('engineering', engineering),
  ].map((t) => Object.freeze(t)),
);
