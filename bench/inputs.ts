/** The requests `npm run bench` sends: fixed seeds, so every run (and every revision) asks the same. */
import { find } from 'geo-tz/all';

/** mulberry32: a fixed-seed generator, so every run asks the same coordinates. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function landPoints(count: number, seed = 42): { lat: number; lon: number }[] {
  const rand = prng(seed);
  const out: { lat: number; lon: number }[] = [];
  while (out.length < count) {
    // Uniform on the sphere between 60°S and 75°N, where nearly everybody lives.
    const lat = (Math.asin(rand() * (Math.sin((75 * Math.PI) / 180) + Math.sin((60 * Math.PI) / 180)) - Math.sin((60 * Math.PI) / 180)) * 180) / Math.PI;
    const lon = rand() * 360 - 180;
    const zones = find(lat, lon);
    if (!zones.every((z) => z.startsWith('Etc/'))) out.push({ lat: Number(lat.toFixed(5)), lon: Number(lon.toFixed(5)) });
  }
  return out;
}

// GET /v1/time/convert: 10,000 wall times (1970–2037, gaps and folds among them) between zones drawn
// from every continent, written as people write them (IANA names, links, abbreviations).
const CONVERT_ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Vancouver',
  'Africa/Casablanca',
  'Asia/Kolkata',
  'America/Sao_Paulo',
  'Pacific/Chatham',
  'Europe/Dublin',
  'Asia/Calcutta',
  'US/Pacific',
  'CET',
  'EST',
  'UTC',
  'Asia/Tokyo',
];

export function convertTimeRequests(): { path: string }[] {
  const rand = prng(7);
  const pick = () => CONVERT_ZONES[Math.floor(rand() * CONVERT_ZONES.length)];
  const two = (n: number) => String(n).padStart(2, '0');
  return Array.from({ length: 10_000 }, () => {
    const date = `${1970 + Math.floor(rand() * 68)}-${two(1 + Math.floor(rand() * 12))}-${two(1 + Math.floor(rand() * 28))}`;
    const time = `${date}T${two(Math.floor(rand() * 24))}:${two(Math.floor(rand() * 4) * 15)}`;
    return { path: `/v1/time/convert?time=${time}&source_timezone=${encodeURIComponent(pick())}&target_timezone=${encodeURIComponent(pick())}` };
  });
}
