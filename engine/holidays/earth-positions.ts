/**
 * date-holidays dates Chinese, Korean and Vietnamese calendar holidays and equinoxes with astronomia
 * (its dependency, through date-holidays-parser and date-chinese), whose Earth position (VSOP87, a sum of
 * some 2,000 periodic terms) is most of their cost: each lunisolar rule of a jurisdiction computes the
 * same solstices, new moons and solar longitudes again (TW has 22 such rules), for the year before and
 * after its own too. Memoised here by the instant asked for, the positions are computed once: the same
 * numbers as before to the last bit (a pure function of the instant; every date of every jurisdiction
 * 1990..2029 compared alike), TW's cold year 54 → 19 ms, HK 36 → 10, VN 22 → 9, CN 14 → 7
 * (bench/holidays.ts).
 *
 * Bounded by construction: at most {@link MEMO_ENTRIES} positions per planet object (each a number key
 * and a position of three numbers: 157 bytes measured, so 320 KB; two Earth objects exist,
 * date-chinese's and date-holidays-parser's), emptied whole when full. A page's calculator (engine/browser) has no
 * astronomia to require: there nothing is memoised.
 */

interface Coord {
  constructor: new (lon: number, lat: number, range?: number, elongation?: number) => Coord;
  lon: number;
  lat: number;
  range?: number;
  elongation?: number;
}
interface PlanetClass {
  prototype: { position: (this: object, jde: number) => Coord };
}

/** Positions kept per planet object, at most (a year of TW's holidays asks for about 320). */
export const MEMO_ENTRIES = 2048;

const MAX_PLANETS = 8;
const memos = new Map<object, Map<number, Coord>>();

/**
 * Memoises astronomia's `Planet.prototype.position` for every caller of this process (date-holidays'
 * rules); true once done. Each call gets its own copy of the position (callers may change what they get).
 */
export function memoiseEarthPositions(require: (id: string) => unknown): boolean {
  let Planet: PlanetClass;
  try {
    Planet = (require('astronomia') as { planetposition: { Planet: PlanetClass } }).planetposition.Planet;
  } catch {
    return false; // not installed here (a calculator page)
  }
  const proto = Planet.prototype;
  if ((proto.position as { memoised?: boolean }).memoised) return true;
  const compute = proto.position;
  const position = function (this: object, jde: number): Coord {
    let memo = memos.get(this);
    if (!memo) {
      if (memos.size >= MAX_PLANETS) memos.clear(); // two in date-holidays, created once each; bounded whatever comes
      memos.set(this, (memo = new Map()));
    }
    let c = memo.get(jde);
    if (!c) {
      c = compute.call(this, jde);
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(jde, c);
    }
    return new c.constructor(c.lon, c.lat, c.range, c.elongation);
  };
  proto.position = Object.assign(position, { memoised: true });
  return true;
}

/** Positions memoised now, per planet object (tests). */
export const memoisedPositions = (): number[] => [...memos.values()].map((m) => m.size);

/** Forgets every memoised position (the benchmark measures cold work). */
export function forgetEarthPositions(): void {
  for (const memo of memos.values()) memo.clear();
}
